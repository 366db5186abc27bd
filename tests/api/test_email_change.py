"""A changed e-mail address becomes the login address only once confirmed; the old one keeps working until then
and is told of the change; changing it needs the current password (or a login moments before)."""

from __future__ import annotations

import uuid

import httpx

from tests.api.accounts import PASSWORD, confirmation_key, signup
from tests.api.test_password_reset import reset_link
from tests.api.test_sessions import REQUIRED, WRONG, login, refreshed
from tests.conftest import wait_for_mail


def new_address() -> str:
    return f"changed-{uuid.uuid4().hex[:10]}@example.com"


async def can_login(api: httpx.AsyncClient, email: str, password: str = PASSWORD) -> bool:
    r = await api.post("/api/v3/auth/login/", json={"email": email, "password": password})
    return r.status_code == 200


async def test_the_new_address_logs_in_only_once_confirmed(api: httpx.AsyncClient, sandbox: httpx.AsyncClient) -> None:
    user = await signup(api)
    old, new = user["email"], new_address()
    r = await api.post("/api/auth/change-email/", json={"email": new}, headers=user["headers"])
    assert r.status_code == 200, r.text
    assert new in r.json()["detail"]
    me = (await api.get("/api/auth/user/", headers=user["headers"])).json()
    assert me["email"] == old
    assert {"email": new, "primary": False, "verified": False} in me["emails"]
    assert await can_login(api, old) and not await can_login(api, new)
    notice = [m for m in await wait_for_mail(sandbox, old, 2) if "being changed" in m["subject"]]
    assert notice and new in notice[0]["text"] and "/password-reset" in notice[0]["text"]
    key = await confirmation_key(sandbox, new)
    r = await api.post("/api/auth/email/confirm/", json={"key": key})
    assert r.status_code == 200 and r.json()["email"] == new
    assert await can_login(api, new) and not await can_login(api, old)
    me = (await api.get("/api/auth/user/", headers=user["headers"])).json()
    assert me["email"] == new and {"email": new, "primary": True, "verified": True} in me["emails"]


async def test_a_second_session_cannot_change_the_address_without_the_password(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient) -> None:
    user = await signup(api)
    stolen = await refreshed(api, await login(api, user["email"]))
    new = new_address()
    r = await api.post("/api/auth/change-email/", json={"email": new}, headers=stolen)
    assert (r.status_code, r.json()["errors"][0]["message"], r.json()["errors"][0]["field"]) == (422, REQUIRED, "password")
    r = await api.post("/api/auth/change-email/", json={"email": new, "password": "Guess1234"}, headers=stolen)
    assert (r.status_code, r.json()["errors"][0]["message"]) == (422, WRONG)
    me = (await api.get("/api/auth/user/", headers=stolen)).json()
    assert [e["email"] for e in me["emails"]] == [user["email"]]
    r = await api.post("/api/auth/change-email/", json={"email": new, "password": PASSWORD}, headers=stolen)
    assert r.status_code == 200, r.text


async def test_a_password_reset_cancels_a_pending_change(api: httpx.AsyncClient, sandbox: httpx.AsyncClient) -> None:
    """The owner told of a stranger's change resets the password: the stranger's link no longer moves the login."""
    user = await signup(api)
    new = new_address()
    assert (await api.post("/api/auth/change-email/", json={"email": new}, headers=user["headers"])).status_code == 200
    key = await confirmation_key(sandbox, new)
    link = await reset_link(api, sandbox, user["email"])
    r = await api.post("/api/auth/password/reset/confirm/",
                       json={**link, "new_password1": "Reset1234", "new_password2": "Reset1234"})
    assert r.status_code == 200
    assert (await api.post("/api/auth/email/confirm/", json={"key": key})).status_code == 200
    assert await can_login(api, user["email"], "Reset1234") and not await can_login(api, new, "Reset1234")
