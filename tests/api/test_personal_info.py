"""Settings → personal information through the api (spec doc 3 §2.7): read with the SSN masked and the completion,
written with the onboarding's checks and messages on their fields, an empty edit keeping what is saved, the SSN
encrypted at rest; another investor's → 404."""

from __future__ import annotations

import httpx

from api.state import AppState
from store.crypto import PiiCipher
from store.models import User
from tests.api.accounts import signup

FULL = {"first_name": "Ada", "last_name": "Lovelace", "address": "12 Main St, Albany", "apt": "4B", "city": "Albany",
        "state": "NY", "postal_code": "12207", "date_of_birth": "12/10/1985", "ssn": "123-45-6789",
        "phone_number": "(555) 555-5555"}


def url(user: dict[str, object]) -> str:
    return f"/api/users/{user['user_id']}/personal-information"


async def test_personal_information_read_and_written(api: httpx.AsyncClient, app_state: AppState) -> None:
    ada, eve = await signup(api), await signup(api)
    first = (await api.get(url(ada), headers=ada["headers"])).json()
    assert first["completion"] == 0 and first["ssn"] == ""
    # an incomplete profile saves what it has: the missing fields lower the completion
    r = await api.put(url(ada), json={"city": "Albany"}, headers=ada["headers"])
    assert r.status_code == 200, r.text
    assert (r.json()["city"], r.json()["completion"]) == ("Albany", 11)

    r = await api.put(url(ada), json=FULL, headers=ada["headers"])
    assert r.status_code == 200, r.text
    saved = r.json()
    assert saved["completion"] == 100
    assert saved["ssn"] == "***-**-6789" and saved["address"] == "12 Main St" and saved["apt"] == "4B"
    async with app_state.sessions() as db:
        user = await db.get(User, ada["user_id"])
        assert user is not None and "6789" not in user.ssn_encrypted
        assert PiiCipher(app_state.settings.pii_key).decrypt(user.ssn_encrypted) == "123-45-6789"

    # an empty edit reverts; the masked SSN sent back keeps the saved one
    r = await api.put(url(ada), json={"city": "", "ssn": "***-**-6789", "first_name": "Augusta"}, headers=ada["headers"])
    assert r.status_code == 200, r.text
    assert (r.json()["city"], r.json()["first_name"], r.json()["ssn"]) == ("Albany", "Augusta", "***-**-6789")

    r = await api.put(url(ada), json={"date_of_birth": "02/30/1990", "address": "PO Box 7"}, headers=ada["headers"])
    assert r.status_code == 422
    fields = {e["field"]: e["message"] for e in r.json()["errors"]}
    assert fields == {"date_of_birth": "Date is invalid", "address": "PO Boxes are not permitted"}
    assert (await api.get(url(ada), headers=ada["headers"])).json()["city"] == "Albany"  # nothing saved

    assert (await api.get(url(ada), headers=eve["headers"])).status_code == 404
    assert (await api.put(url(ada), json=FULL, headers=eve["headers"])).status_code == 404
