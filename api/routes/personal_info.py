"""The settings page's personal information (spec doc 3 §2.7): read with the SSN masked and the completion
percentage; written with the onboarding steps' checks (domain/personal_info.py). The SSN is stored encrypted, as the
onboarding flow stores it; only its last four digits are ever answered. A change of the contact details the payment
customer holds (address, apt, city, state, ZIP, phone) is sent to it by the `CustomerProfileSync` workflow
(api/customer_profile_sync.py), started once the row is saved."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlmodel import col

from api.customer_profile_sync import sync_customer_profile
from api.deps import CurrentUser, Db, State, own
from api.errors import ApiError, ErrorItem
from api.params import Id
from api.personal_info_view import PersonalInfo, personal_information, saved
from domain import personal_info as p
from store.crypto import PiiCipher
from store.models import Customer, User

router = APIRouter(tags=["account"])
PATH = "/api/users/{user_id}/personal-information"
CUSTOMER_HOLDS = ("address", "apt", "city", "state", "postal_code", "phone_number")  # what the payment customer holds


class PersonalInfoOut(PersonalInfo):
    completion: int = Field(description="percent of the required fields filled")


class PersonalInfoIn(BaseModel):
    """The fields to change; an empty or missing field keeps what is saved (apt may be cleared), a masked SSN too."""

    first_name: str | None = Field(default=None, max_length=64)
    last_name: str | None = Field(default=None, max_length=64)
    address: str | None = Field(default=None, max_length=128)
    apt: str | None = Field(default=None, max_length=64)
    city: str | None = Field(default=None, max_length=64)
    state: str | None = Field(default=None, max_length=2)
    postal_code: str | None = Field(default=None, max_length=5)
    date_of_birth: str | None = Field(default=None, max_length=10)
    ssn: str | None = Field(default=None, max_length=11)
    phone_number: str | None = Field(default=None, max_length=32)


def _answer(user: User) -> PersonalInfoOut:
    shown = personal_information(user).model_dump()
    return PersonalInfoOut(**shown, completion=p.completion(shown))


@router.get(PATH, response_model=PersonalInfoOut)
async def read(user_id: Id, user: CurrentUser) -> PersonalInfoOut:
    own(user, user_id)
    return _answer(user)


@router.put(PATH, response_model=PersonalInfoOut)
async def write(user_id: Id, body: PersonalInfoIn, user: CurrentUser, state: State, db: Db) -> PersonalInfoOut:
    own(user, user_id)
    values = p.merged(saved(user), body.model_dump(exclude_none=True))
    if errors := p.errors(values, datetime.now(UTC).date()):
        items = [ErrorItem(message=m, field=f) for f, m in errors.items()]
        raise ApiError(422, items[0].message, field=items[0].field, items=items)
    before = saved(user)
    user.first_name, user.last_name, user.phone_number = values["first_name"], values["last_name"], values["phone_number"]
    user.address, user.address2, user.city = values["address"], values["apt"], values["city"]
    user.state, user.postal_code, user.date_of_birth = values["state"], values["postal_code"], values["date_of_birth"]
    if values["ssn"]:
        user.ssn_encrypted, user.ssn_last4 = PiiCipher(state.settings.pii_key).encrypt(values["ssn"]), values["ssn"][-4:]
    await db.commit()
    await db.refresh(user)
    if any(before[f] != values[f] for f in CUSTOMER_HOLDS) and await db.scalar(
            select(col(Customer.provider_customer_id)).where(col(Customer.user_id) == user.id)):
        await sync_customer_profile(state, user.id)
    return _answer(user)
