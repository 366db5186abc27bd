"""Password reset through the mail sandbox."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import httpx

from tests.api.accounts import PASSWORD, signup
from tests.conftest import wait_for_mail


async def reset_link(api: httpx.AsyncClient, sandbox: httpx.AsyncClient, email: str) -> dict[str, str]:
    r = await api.post("/api/auth/password/reset/", json={"email": email})
    assert r.status_code == 200
    mails = [m for m in await wait_for_mail(sandbox, email, 2) if "password" in m["subject"].lower()]
    link = re.search(r"(http\S+/new-password\?\S+)", mails[-1]["text"])
    assert link
    q = parse_qs(urlparse(link.group(1)).query)
    return {"uid": q["uid"][0], "token": q["token"][0]}


async def test_reset_confirm_sets_new_password_once(api: httpx.AsyncClient, sandbox: httpx.AsyncClient) -> None:
    user = await signup(api)
    link = await reset_link(api, sandbox, user["email"])
    bad = await api.post("/api/auth/password/reset/confirm/", json={**link, "new_password1": "", "new_password2": ""})
    assert bad.json()["errors"][0]["message"] == "Please fill in password fields"
    bad = await api.post("/api/auth/password/reset/confirm/",
                         json={**link, "new_password1": "Abcdefg1", "new_password2": "Abcdefg2"})
    assert bad.json()["errors"][0]["message"] == "Passwords should match"
    ok = await api.post("/api/auth/password/reset/confirm/",
                        json={**link, "new_password1": "Renewed123", "new_password2": "Renewed123"})
    assert ok.status_code == 200
    # the link dies with the password it was made for
    again = await api.post("/api/auth/password/reset/confirm/",
                           json={**link, "new_password1": "Other1234", "new_password2": "Other1234"})
    assert again.status_code == 422
    assert again.json()["errors"][0]["message"] == "The password reset link is invalid or has expired."
    assert (await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": PASSWORD})).status_code == 422
    assert (await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": "Renewed123"})).status_code == 200


async def test_reset_for_unknown_email_says_the_same_and_sends_nothing(api: httpx.AsyncClient,
                                                                       sandbox: httpx.AsyncClient) -> None:
    r = await api.post("/api/auth/password/reset/", json={"email": "ghost-123@example.com"})
    assert r.status_code == 200
    assert (await sandbox.get("/sandbox/mail", params={"to": "ghost-123@example.com"})).json() == []
    r = await api.post("/api/auth/password/reset/", json={"email": "nope"})
    assert r.json()["errors"][0]["message"] == "Enter a valid email address"


async def test_forged_reset_token_refused(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    r = await api.post("/api/auth/password/reset/confirm/", json={
        "uid": "MQ", "token": "ffffffff-0123456789abcdef0123456789abcdef", "new_password1": "Abcdefg1",
        "new_password2": "Abcdefg1"})
    assert r.status_code == 422
    assert user
