"""Helpers for funding tests: an onboarded investor with a manual bank, micro-deposits read from the sandbox bank."""

from __future__ import annotations

import random
from typing import Any

import httpx

from api.state import AppState
from store.models import Transfer
from tests.api.accounts import confirmation_key, signup
from tests.flows.driver import PROFILE, Flow
from tests.waiting import eventually


async def onboarded(api: httpx.AsyncClient, sandbox: httpx.AsyncClient, *, confirm: bool = True) -> dict[str, Any]:
    user = await signup(api)
    if confirm:
        key = await confirmation_key(sandbox, user["email"])
        assert (await api.post("/api/auth/email/confirm/", json={"key": key})).status_code == 200
    account = str(random.randint(10_000_000, 99_999_999))
    flow = Flow(api, user["headers"])
    await flow.open()
    await flow.until("fund-account", {"bank-info": {**PROFILE["bank-info"], "accountNumber": account}})
    await flow.ok()
    user.update(account=account, routing=PROFILE["bank-info"]["routingNumber"])
    return user


async def micro_deposits(sandbox: httpx.AsyncClient, user: dict[str, Any]) -> list[str]:
    async def reached_the_bank() -> list[str]:
        rows = (await sandbox.get("/sandbox/banks/transactions",
                                  params={"routing": user["routing"], "account": user["account"]})).json()
        amounts = [r["amount"] for r in rows if "MICRO" in r["description"].upper()]
        assert len(amounts) >= 2, f"the micro-deposits have not reached the bank: {rows}"
        return amounts[:2]

    return await eventually(reached_the_bank)


async def verify_bank(api: httpx.AsyncClient, sandbox: httpx.AsyncClient, user: dict[str, Any]) -> None:
    a, b = await micro_deposits(sandbox, user)
    r = await api.post("/api/dwolla/micro-deposits/", json={"value1": a, "value2": b}, headers=user["headers"])
    assert r.status_code == 200, r.text


async def balance(api: httpx.AsyncClient, user: dict[str, Any]) -> dict[str, Any]:
    r = await api.get(f"/api/users/{user['user_id']}/financials/balance", headers=user["headers"])
    assert r.status_code == 200
    body: dict[str, Any] = r.json()
    return body


async def wait_balance(api: httpx.AsyncClient, user: dict[str, Any], key: str, value: str) -> dict[str, Any]:
    """The balance once its `key` reads `value` (an AssertionError with the last balance past the deadline)."""
    async def reads_value() -> dict[str, Any]:
        b = await balance(api, user)
        assert b[key] == value, f"balance {key} is not {value}: {b}"
        return b

    return await eventually(reads_value)


async def provider_transfer_id(state: AppState, transfer_id: int) -> str:
    """The payment provider's id of the transfer (set once the transfer was submitted to it)."""
    async with state.sessions() as db:
        row = await db.get(Transfer, transfer_id)
        assert row is not None and row.provider_id, f"transfer {transfer_id} not submitted to the provider"
        return row.provider_id
