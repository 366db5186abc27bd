"""Device push registration (spec doc 1 §7 `POST /api/device/fcm/`): stored per user, one row per id (the same id
twice is one row; an id registered from another account moves there), deleted on logout only if it is the caller's;
empty, oversized or odd ids are 422 with their message; `tokens_of` is what a push channel reads."""

from __future__ import annotations

import uuid

import httpx
from sqlalchemy import func, select
from sqlmodel import col

from api.state import AppState
from domain.devices import EMPTY, MALFORMED, MAX_REGISTRATION_ID, TOO_LONG
from store.app_models import DeviceToken
from store.devices import tokens_of
from tests.api.accounts import signup
from tests.error_shape import field_errors, first_message

PATH = "/api/device/fcm/"


def new_id() -> str:
    return f"dev{uuid.uuid4().hex[:12]}:APA91b-{uuid.uuid4().hex}"


async def tokens(app_state: AppState, user: dict[str, object]) -> list[str]:
    async with app_state.sessions() as db:
        return await tokens_of(db, int(str(user["user_id"])))


async def rows_of(app_state: AppState, registration_id: str) -> int:
    async with app_state.sessions() as db:
        count = await db.scalar(select(func.count()).select_from(DeviceToken)
                                .where(col(DeviceToken.registration_id) == registration_id))
        return int(count or 0)


async def test_a_device_is_registered_once_and_deleted_on_logout(api: httpx.AsyncClient, app_state: AppState) -> None:
    a = await signup(api)
    token = new_id()
    for _ in range(2):  # the app registers once per login; a second login on the same device sends it again
        r = await api.post(PATH, json={"registration_id": f" {token} "}, headers=a["headers"])
        assert r.status_code == 201, r.text
        assert r.json() == {"registration_id": token}
    assert await rows_of(app_state, token) == 1
    assert await tokens(app_state, a) == [token]
    r = await api.request("DELETE", PATH, json={"registration_id": token}, headers=a["headers"])
    assert r.status_code == 204, r.text
    assert await tokens(app_state, a) == []
    again = await api.request("DELETE", PATH, json={"registration_id": token}, headers=a["headers"])
    assert again.status_code == 204  # a logout never fails on an id already gone


async def test_an_id_registered_from_another_account_moves_there(api: httpx.AsyncClient, app_state: AppState) -> None:
    a, b = await signup(api), await signup(api)
    shared, own = new_id(), new_id()
    assert (await api.post(PATH, json={"registration_id": shared}, headers=a["headers"])).status_code == 201
    assert (await api.post(PATH, json={"registration_id": own}, headers=a["headers"])).status_code == 201
    assert (await api.post(PATH, json={"registration_id": shared}, headers=b["headers"])).status_code == 201
    assert await tokens(app_state, a) == [own]
    assert await tokens(app_state, b) == [shared]
    assert await rows_of(app_state, shared) == 1


async def test_nobody_deletes_another_accounts_id(api: httpx.AsyncClient, app_state: AppState) -> None:
    a, b = await signup(api), await signup(api)
    token = new_id()
    assert (await api.post(PATH, json={"registration_id": token}, headers=a["headers"])).status_code == 201
    r = await api.request("DELETE", PATH, json={"registration_id": token}, headers=b["headers"])
    assert r.status_code == 204
    assert await tokens(app_state, a) == [token]


async def test_tokens_of_lists_the_latest_registration_first(api: httpx.AsyncClient, app_state: AppState) -> None:
    a = await signup(api)
    first, second = new_id(), new_id()
    for token in (first, second):
        assert (await api.post(PATH, json={"registration_id": token}, headers=a["headers"])).status_code == 201
    assert await tokens(app_state, a) == [second, first]
    assert (await api.post(PATH, json={"registration_id": first}, headers=a["headers"])).status_code == 201
    assert await tokens(app_state, a) == [first, second]


async def test_bad_ids_are_422_with_their_message(api: httpx.AsyncClient, app_state: AppState) -> None:
    a = await signup(api)
    for method in ("POST", "DELETE"):
        for value, message in (("", EMPTY), ("   ", EMPTY), ("x" * (MAX_REGISTRATION_ID + 1), TOO_LONG),
                               ("a b", MALFORMED), ("<img>", MALFORMED)):
            r = await api.request(method, PATH, json={"registration_id": value}, headers=a["headers"])
            assert r.status_code == 422, (method, value, r.text)
            assert field_errors(r.json()) == {"registration_id": message}
        r = await api.request(method, PATH, json={}, headers=a["headers"])
        assert r.status_code == 422 and first_message(r.json()) == "This field is required: registration_id."
    assert await tokens(app_state, a) == []


async def test_registration_needs_a_session(api: httpx.AsyncClient) -> None:
    r = await api.post(PATH, json={"registration_id": new_id()})
    assert r.status_code == 401
    assert first_message(r.json()) == "Authentication credentials were not provided."
