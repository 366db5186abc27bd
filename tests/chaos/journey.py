"""One investor's whole journey over HTTP, as the browser makes it (the flow drivers of tests/flows): sign up,
confirm the e-mail, onboarding with a manual bank, the micro-deposits verified, a deposit, then 1 share of an initial
offering. `at` is called at the named points where background work is in flight, so a test can break something
there; `books` checks afterwards that every journey's money moved exactly once."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import func, select
from sqlmodel import col

from api.state import AppState
from store.models import Investment, LedgerEntry, LedgerPosting, Transfer
from store.transfers import REFUSED
from tests.api.accounts import PASSWORD, confirmation_key
from tests.flows.driver import PROFILE
from tests.flows.funding import onboarded, verify_bank
from tests.flows.investors import Purchase
from tests.waiting import within_deadline

DEPOSIT, PRICE = Decimal("25.00"), Decimal("10.00")
Hook = Callable[[str, dict[str, Any]], Awaitable[None]]


async def _nothing(point: str, user: dict[str, Any]) -> None:
    return None


def secrets_of(user: dict[str, Any]) -> set[str]:
    """What must never appear in clear anywhere: the SSN, the bank account number, the password, the tokens."""
    ssn = str(PROFILE["ssn"]["ssn"])
    tokens = {str(v) for k, v in user.items() if "token" in k.lower() and isinstance(v, str) and len(v) > 16}
    return {ssn, ssn.replace("-", ""), user["account"], PASSWORD, *tokens}


async def wait_cash(http: httpx.AsyncClient, user: dict[str, Any], cash: Decimal, wait: float = 180) -> None:
    """Polls the balance as My Portfolio does until the deposit is cash; while a backing service restarts the api
    may answer 503 (try again), never a 500."""
    deadline = time.monotonic() + wait
    while True:
        r = await http.get(f"/api/users/{user['user_id']}/financials/balance", headers=user["headers"])
        assert r.status_code in (200, 503), (r.status_code, r.text)
        if r.status_code == 200 and Decimal(r.json()["cash"]) == cash:
            return
        assert time.monotonic() < deadline, r.text
        await asyncio.sleep(0.25)


async def retried(call: Callable[[], Awaitable[httpx.Response]], expected: int) -> httpx.Response:
    """`call()` as a person makes it: while the workers are dead (or starved) longer than the api waits for a
    workflow's answer, the api answers 503 and nothing moves; the person tries again (for 180 s at most)."""
    deadline = time.monotonic() + 180
    while True:
        r = await call()
        if r.status_code != 503 or time.monotonic() > deadline:
            assert r.status_code == expected, r.text
            return r
        await asyncio.sleep(1)


async def deposit(http: httpx.AsyncClient, user: dict[str, Any]) -> httpx.Response:
    """The deposit: a 503 refused that transfer (nothing moved), so the person asks again."""
    return await retried(lambda: http.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": str(DEPOSIT)},
                                           headers=user["headers"]), 201)


async def journey(http: httpx.AsyncClient, sandbox: httpx.AsyncClient, asset_id: int, secrets: set[str],
                  at: Hook = _nothing) -> dict[str, Any]:
    user = await onboarded(http, sandbox, confirm=False)
    # the confirmation mail may wait for a killed worker's activity to time out and run again: longer than the 15 s
    # the flow tests allow
    key = await confirmation_key(sandbox, user["email"], wait=180)
    await retried(lambda: http.post("/api/auth/email/confirm/", json={"key": key}), 200)  # once confirmed, 200 again
    secrets |= secrets_of(user)
    await at("onboarded", user)  # the bank link waits for the micro-deposits
    await verify_bank(http, sandbox, user)
    r = await deposit(http, user)
    user["transfer_id"] = r.json()["id"]
    await at("depositing", user)  # the transfer waits for the provider to settle
    await wait_cash(http, user, DEPOSIT)
    buy = Purchase(http, user, asset_id)
    await buy.to_agreement(shares=1)
    user["purchase_flow"] = buy.state["flow_id"]
    assert buy.state["step"] == "subscription-agreement", buy.state
    await buy.ok({"agreed": True, "read_ratio": 0.95})
    await at("confirming", user)  # the next step runs the investment
    await buy.ok({"agreeTerms": True})
    assert buy.state["context"]["view"] == "success", buy.state
    return user


async def books(state: AppState, users: list[dict[str, Any]]) -> None:
    """Per journey: one deposit, posted once when initiated and once when settled; one investment of one share,
    posted once; the balances a person would see; and the whole ledger sums to zero."""
    async with state.sessions() as db:
        assert await db.scalar(select(func.coalesce(func.sum(LedgerPosting.amount), 0))) == 0
        for user in users:
            uid = int(user["user_id"])
            transfers = (await db.scalars(select(col(Transfer.id)).where(  # a 503-refused request moved nothing
                col(Transfer.user_id) == uid, col(Transfer.failure_code).is_distinct_from(REFUSED)))).all()
            assert transfers == [user["transfer_id"]], (uid, transfers)
            t = user["transfer_id"]
            keys = sorted((await db.scalars(select(col(LedgerEntry.idempotency_key)).where(
                col(LedgerEntry.idempotency_key).like(f"transfer-{t}:%")))).all())
            assert keys == [f"transfer-{t}:initiated", f"transfer-{t}:settled"], keys
            bought = (await db.scalars(select(col(Investment.shares)).where(col(Investment.user_id) == uid))).all()
            assert bought == [1], (uid, bought)
            purchase = (await db.scalars(select(col(LedgerEntry.id)).where(
                col(LedgerEntry.idempotency_key) == f"purchase:{user['purchase_flow']}"))).all()
            assert len(purchase) == 1, (uid, purchase)
            rows = (await db.execute(select(col(LedgerPosting.account), func.sum(col(LedgerPosting.amount)))
                                     .where(col(LedgerPosting.account).like(f"user:{uid}:%"))
                                     .group_by(LedgerPosting.account))).all()
            held = {account.split(":")[-1]: Decimal(total) for account, total in rows if Decimal(total)}
            assert held == {"cash": DEPOSIT - PRICE, "investments": PRICE}, (uid, held)


class Alternating(httpx.AsyncBaseTransport):
    """A load balancer without affinity: each request goes to the next api process in turn."""

    def __init__(self, urls: list[str]) -> None:
        self.urls = [httpx.URL(u) for u in urls]
        self.served = [0] * len(urls)
        self.next = 0
        self._inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        n, self.next = self.next, (self.next + 1) % len(self.urls)
        self.served[n] += 1
        target = self.urls[n]
        request.url = request.url.copy_with(host=target.host, port=target.port)
        return await self._inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self._inner.aclose()


@asynccontextmanager
async def sse(base_url: str, path: str, headers: dict[str, str]) -> AsyncIterator[asyncio.Queue[dict[str, Any]]]:
    """The flow's event stream read in the background: every FlowState it sends lands in the queue."""
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    opened = asyncio.Event()

    async def read() -> None:
        async with httpx.AsyncClient(base_url=base_url, timeout=None) as client, \
                client.stream("GET", path, headers=headers) as r:
            assert r.status_code == 200
            opened.set()
            async for line in r.aiter_lines():
                if line.startswith("data: "):
                    await queue.put(json.loads(line[6:]))

    task = asyncio.create_task(read())
    await within_deadline(opened.wait(), what=f"the stream {path} to open")
    try:
        yield queue
    finally:
        task.cancel()


async def next_state(queue: asyncio.Queue[dict[str, Any]], predicate: Callable[[dict[str, Any]], bool],
                     wait: float | None = None) -> dict[str, Any]:
    async def first() -> dict[str, Any]:
        while not predicate(state := await queue.get()):
            pass
        return state

    return await within_deadline(first(), wait, what="the next flow state on the stream")
