"""The account-takeover path closed: a second session (a stolen token) cannot change the password or the login
address without the current password, and a password change or reset ends every other session at once — access and
refresh, on the database-backed calls and on the flow calls (which read the account through a short cache)."""

from __future__ import annotations

import time
import uuid

import httpx
import jwt

from api.sessions import generation_key
from api.state import AppState
from config import Settings
from tests.api.accounts import PASSWORD, signup
from tests.api.test_password_reset import reset_link
from tests.flows.driver import Flow

NEW = "NewPassw0rd"
SESSION_EXPIRED = "Your session has expired, please try logging in again."
REQUIRED = "Current password is required"
WRONG = "Oops - Something went wrong. Please verify your password and try again."


async def login(api: httpx.AsyncClient, email: str, password: str = PASSWORD) -> dict[str, str]:
    r = await api.post("/api/v3/auth/login/", json={"email": email, "password": password})
    assert r.status_code == 200, r.text
    return {"Authorization": f"JWT {r.json()['token']}"}


async def refreshed(api: httpx.AsyncClient, headers: dict[str, str]) -> dict[str, str]:
    r = await api.post("/api/token-refresh/", json={"token": headers["Authorization"][4:]})
    assert r.status_code == 200, r.text
    return {"Authorization": f"JWT {r.json()['token']}"}


def change(new: str = NEW, **extra: str) -> dict[str, str]:
    return {"new_password1": new, "new_password2": new, **extra}


async def assert_session_ended(api: httpx.AsyncClient, headers: dict[str, str], flow: Flow) -> None:
    """Refused everywhere: a database-backed call, a flow read and a flow step (401), and the refresh."""
    for r in (await api.get("/api/auth/user/", headers=headers), await api.get(flow.base, headers=headers),
              await api.post(f"{flow.base}/steps/intro", json={}, headers=headers),
              await api.post(f"{flow.base}/back", headers=headers)):
        assert (r.status_code, r.json()["errors"][0]["message"]) == (401, SESSION_EXPIRED), r.request.url
    r = await api.post("/api/token-refresh/", json={"token": headers["Authorization"][4:]})
    assert (r.status_code, r.json()["errors"][0]["message"]) == (401, SESSION_EXPIRED)


async def test_a_second_session_cannot_change_the_password_without_the_current_one(
        api: httpx.AsyncClient, settings: Settings) -> None:
    user = await signup(api)
    stolen = await refreshed(api, await login(api, user["email"]))  # a refreshed token carries no password proof
    r = await api.post("/api/auth/password/change/", json=change(), headers=stolen)
    assert (r.status_code, r.json()["errors"][0]["message"], r.json()["errors"][0]["field"]) == (422, REQUIRED, "old_password")
    r = await api.post("/api/auth/password/change/", json=change(old_password="Guess1234"), headers=stolen)
    assert (r.status_code, r.json()["errors"][0]["message"]) == (422, WRONG)
    # a login with the password, but longer ago than the proof lasts
    now = int(time.time())
    old_login = jwt.encode({"user_id": user["user_id"], "exp": now + 60, "orig_iat": now - 400, "jti": uuid.uuid4().hex,
                            "gen": 0, "pwd_at": now - settings.password_proof_seconds - 5}, settings.secret_key,
                           algorithm="HS256")
    r = await api.post("/api/auth/password/change/", json=change(), headers={"Authorization": f"JWT {old_login}"})
    assert (r.status_code, r.json()["errors"][0]["message"]) == (422, REQUIRED)
    await login(api, user["email"])  # nothing changed
    # the owner: with the current password from any session, or right after a login (the spec's sequence)
    r = await api.post("/api/auth/password/change/", json=change(old_password=PASSWORD), headers=stolen)
    assert r.status_code == 200, r.text
    fresh = await login(api, user["email"], NEW)
    r = await api.post("/api/auth/password/change/", json=change(NEW), headers=fresh)
    assert (r.status_code, r.json()["errors"][0]["message"]) == (422, "The current password and new password should be different")
    r = await api.post("/api/auth/password/change/", json=change("Third0ne!"), headers=fresh)
    assert r.status_code == 200, r.text
    await login(api, user["email"], "Third0ne!")


async def test_password_change_ends_every_other_session_at_once(api: httpx.AsyncClient, app_state: AppState) -> None:
    user = await signup(api)
    other = await login(api, user["email"])  # the second device (or the thief)
    other_refreshed = await refreshed(api, other)
    flow = Flow(api, other)
    await flow.open()
    for h in (other, other_refreshed):  # the flow calls' account cache now holds the account as it was
        assert (await api.get(flow.base, headers=h)).status_code == 200
    r = await api.post("/api/auth/password/change/", json=change(), headers=user["headers"])
    assert r.status_code == 200, r.text
    current = {"Authorization": f"JWT {r.json()['token']}"}  # this session continues with the answer's token
    for h in (other, other_refreshed, user["headers"]):
        await assert_session_ended(api, h, flow)
    assert (await api.get("/api/auth/user/", headers=current)).status_code == 200
    assert (await api.post("/api/token-refresh/", json={"token": current["Authorization"][4:]})).status_code == 200
    assert int(await app_state.redis.get(generation_key(user["user_id"])) or 0) == 1
    r = await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": PASSWORD})
    assert r.status_code == 422


async def test_password_reset_ends_every_session(api: httpx.AsyncClient, sandbox: httpx.AsyncClient) -> None:
    user = await signup(api)
    other = await login(api, user["email"])
    flow = Flow(api, other)
    await flow.open()
    assert (await api.get(flow.base, headers=other)).status_code == 200
    link = await reset_link(api, sandbox, user["email"])
    r = await api.post("/api/auth/password/reset/confirm/", json={**link, **change()})
    assert r.status_code == 200, r.text
    for h in (user["headers"], other):
        await assert_session_ended(api, h, flow)
    new = await login(api, user["email"], NEW)
    assert (await api.get(flow.base, headers=new)).status_code == 200


async def test_the_database_holds_the_generation_when_redis_lost_it(api: httpx.AsyncClient, app_state: AppState) -> None:
    user = await signup(api)
    other = await login(api, user["email"])
    r = await api.post("/api/auth/password/change/", json=change(), headers=user["headers"])
    assert r.status_code == 200
    await app_state.redis.delete(generation_key(user["user_id"]))
    assert (await api.get("/api/auth/user/", headers=other)).status_code == 401
    assert (await api.post("/api/token-refresh/", json={"token": other["Authorization"][4:]})).status_code == 401
