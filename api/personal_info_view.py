"""The personal information as it is shown (spec doc 3 §2.7), built once for the settings page's read
(api/routes/personal_info.py) and the user read (api/users_view.py): the saved fields, the SSN masked (only its last
four digits are ever answered)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from store.crypto import mask_ssn
from store.models import User


class PersonalInfo(BaseModel):
    first_name: str = ""
    last_name: str = ""
    address: str = ""
    apt: str = ""
    city: str = ""
    state: str = ""
    postal_code: str = ""
    date_of_birth: str = ""
    ssn: str = Field(default="", description="masked: ***-**-1234")
    phone_number: str = ""


def saved(user: User) -> dict[str, str]:
    """The saved fields under the page's names (apt: the user's address2); the SSN left out."""
    return {"first_name": user.first_name, "last_name": user.last_name, "address": user.address, "apt": user.address2,
            "city": user.city, "state": user.state, "postal_code": user.postal_code,
            "date_of_birth": user.date_of_birth, "ssn": "", "phone_number": user.phone_number}


def personal_information(user: User) -> PersonalInfo:
    """The personal information as it is shown: the SSN masked."""
    return PersonalInfo(**{**saved(user), "ssn": mask_ssn(user.ssn_last4)})
