"""Helpers to make a user through the real api."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.conftest import unique_email, wait_for_mail
from tests.waiting import DEADLINE

PASSWORD = "Sup3rSecret!"


async def signup(api: httpx.AsyncClient, email: str | None = None) -> dict[str, Any]:
    email = email or unique_email()
    r = await api.post("/api/auth/registration/", json={"email": email, "password": PASSWORD})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    body["email"] = email
    body["headers"] = {"Authorization": f"JWT {body['token']}"}
    return body


def account_id(user: dict[str, Any]) -> str:
    """The investor's financial account id (spec doc 1 §3: the customer's first account), as the user in the
    registration's answer carries it: the `{account_id}` of the order calls."""
    return str(user["user"]["customer"]["accounts"][0]["id"])


async def read_account_id(api: httpx.AsyncClient, user_id: int, headers: dict[str, str]) -> str:
    """The same id as the user read (`GET /api/users/{id}`) answers it."""
    r = await api.get(f"/api/users/{user_id}", headers=headers)
    assert r.status_code == 200, r.text
    return str(r.json()["customer"]["accounts"][0]["id"])


async def confirmation_key(sandbox: httpx.AsyncClient, email: str, count: int = 1, wait: float = DEADLINE) -> str:
    mails = await wait_for_mail(sandbox, email, count, wait)
    assert len(mails) >= count, f"expected {count} mail(s) to {email}, got {mails}"
    match = re.search(r"/email/confirm\?key=([\w-]+)", mails[-1]["text"])
    assert match, mails[-1]["text"]
    return match.group(1)
