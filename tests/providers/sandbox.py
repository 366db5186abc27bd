"""Helpers for the payments and bank-link tests: the real app over ASGI, a webhook receiver, a clock.

Time is driven by calling ``process_due`` with a ``now`` in the future (:meth:`Sandbox.tick`); the app's
clock (``jobs.now_epoch``) is the same clock, so requests made after a tick happen "later". The clock stands still
between ticks but for a microsecond per read, so that what happens in order has increasing times as on a real
clock (it starts at the real time the sandbox opened): a test that asserts "not due yet" half a second before a
retry holds on a loaded machine too. Tests of the background task open it with ``real_time=True``. Webhooks go
to an in-process receiver (``httpx.MockTransport``) that answers the statuses queued for the event's topic
in ``answers_by_topic``, else in ``hook_answers`` (then 200), and records every request.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from fastapi import FastAPI

from providers import jobs
from providers.app import create_app
from providers.scheduler import process_due
from providers.settings import ProvidersSettings
from providers.sqlite import Storage
from providers.webhooks import SIGNATURE_HEADER, verify
from tests.providers.conftest import PROVIDER_KEY
from tests.waiting import within_deadline

RETURN_URL = "http://app.test/app/fund-account/connect-bank?from=link"


@dataclass
class Sandbox:
    app: FastAPI
    client: httpx.AsyncClient
    hook_client: httpx.AsyncClient
    settings: ProvidersSettings
    storage: Storage
    hooks: list[httpx.Request] = field(default_factory=list)
    hook_answers: list[int | Exception] = field(default_factory=list)
    answers_by_topic: dict[str, list[int | Exception]] = field(default_factory=dict)
    offset: float = 0.0
    base: float | None = None  # the clock's start; None: real time (tests of the background task)
    reads: int = 0
    received: asyncio.Event = field(default_factory=asyncio.Event)

    def now(self) -> float:
        """The sandbox clock (what the app reads as ``jobs.now_epoch`` during the test): its start + offset."""
        if self.base is None:
            return time.time() + self.offset
        self.reads += 1
        return self.base + self.offset + self.reads * 1e-6

    async def tick(self, seconds: float = 0.0) -> int:
        """Move the clock ``seconds`` forward and apply what is due then (``process_due`` with that ``now``)."""
        self.offset += seconds
        return await process_due(self.storage, self.settings, now=self.now(), client=self.hook_client)

    def receive(self, request: httpx.Request) -> httpx.Response:
        self.hooks.append(request)
        self.received.set()
        queue = self.answers_by_topic.get(json.loads(request.content)["topic"]) or self.hook_answers
        answer = queue.pop(0) if queue else 200
        if isinstance(answer, Exception):
            raise answer
        return httpx.Response(answer)

    async def wait_for(self, topic: str) -> None:
        """Wait (real time) until a webhook of ``topic`` was received: for tests of the background task."""
        async def received() -> None:
            while not self.events(topic):
                self.received.clear()
                await self.received.wait()

        await within_deadline(received(), what=f"a {topic} webhook")

    def events(self, topic: str | None = None) -> list[dict[str, Any]]:
        """Bodies of the webhook requests received (every one must carry a valid signature)."""
        out: list[dict[str, Any]] = []
        for request in self.hooks:
            assert verify(request.content, self.settings.webhook_secret, request.headers.get(SIGNATURE_HEADER))
            body: dict[str, Any] = json.loads(request.content)
            if topic is None or body["topic"] == topic:
                out.append(body)
        return out

    async def post(self, path: str, body: Any, *, idem: str | None = "auto", key: str | None = PROVIDER_KEY) -> httpx.Response:
        headers = {}
        if idem is not None:
            headers["Idempotency-Key"] = uuid.uuid4().hex if idem == "auto" else idem
        if key is not None:
            headers["X-Provider-Key"] = key
        return await self.client.post(path, json=body, headers=headers)

    async def get(self, path: str, **params: str) -> httpx.Response:
        return await self.client.get(path, params=params, headers={"X-Provider-Key": PROVIDER_KEY})

    async def customer(self, first_name: str = "Ann", external_id: str = "42") -> dict[str, Any]:
        body = {"external_id": external_id, "first_name": first_name, "last_name": "Lee", "email": "ann@example.com"}
        r = await self.post("/payments/customers", {**body, "ssn_last4": "1234"})
        assert r.status_code in (200, 201), r.text
        data: dict[str, Any] = r.json()
        return data

    async def bank(self, customer_id: str, routing: str = "440000107", account: str = "123456789") -> dict[str, Any]:
        body = {"routing_number": routing, "account_number": account, "name": "My checking", "type": "checking"}
        r = await self.post(f"/payments/customers/{customer_id}/funding-sources", body)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data

    async def statement(self, routing: str = "440000107", account: str = "123456789") -> list[dict[str, str]]:
        r = await self.client.get("/sandbox/banks/transactions", params={"routing": routing, "account": account})
        assert r.status_code == 200, r.text
        data: list[dict[str, str]] = r.json()
        return data

    async def micro_amounts(self, routing: str = "440000107", account: str = "123456789") -> list[str]:
        return [t["amount"] for t in await self.statement(routing, account) if t["description"] == "VITRINE MICRO-DEPOSIT"]

    async def verify_amounts(self, source_id: str, amount1: str, amount2: str) -> httpx.Response:
        return await self.post(f"/payments/funding-sources/{source_id}/micro-deposits", {"amount1": amount1, "amount2": amount2})

    async def verified_source(self, first_name: str = "Ann", account: str = "123456789") -> dict[str, Any]:
        """A verified customer with a bank account verified by micro-deposits."""
        customer = await self.customer(first_name)
        source = await self.bank(customer["id"], account=account)
        await self.tick(self.settings.micro_deposit_delay_seconds + 1)
        a1, a2 = await self.micro_amounts(account=account)
        r = await self.verify_amounts(source["id"], a1, a2)
        assert r.status_code == 200, r.text
        return {**r.json(), "customer": customer}


@asynccontextmanager
async def open_sandbox(settings: ProvidersSettings, *, real_time: bool = False) -> AsyncIterator[Sandbox]:
    app = create_app(settings)
    holder: list[Sandbox] = []
    transport = httpx.MockTransport(lambda request: holder[0].receive(request))
    app.state.webhook_transport = transport
    asgi = httpx.ASGITransport(app=app)
    async with (
        httpx.AsyncClient(transport=asgi, base_url="http://providers.test") as client,
        httpx.AsyncClient(transport=transport) as hook_client,
    ):
        sandbox = Sandbox(app, client, hook_client, settings, app.state.storage, base=None if real_time else time.time())
        holder.append(sandbox)
        patch = pytest.MonkeyPatch()
        patch.setattr(jobs, "now_epoch", sandbox.now)
        try:
            yield sandbox
        finally:
            patch.undo()


def cents(amount: str) -> Decimal:
    value = Decimal(amount)
    assert f"{value:.2f}" == amount, "money is a string with two decimals"
    return value


async def link_account(sandbox: Sandbox, external_id: str = "42", account: str = "checking") -> dict[str, str]:
    """Go through the hosted page like a browser; the return URL's query values."""
    r = await sandbox.post("/banklink/link-tokens", {"external_id": external_id, "return_url": RETURN_URL})
    assert r.status_code == 200, r.text
    token = r.json()["link_token"]
    c = sandbox.client
    r = await c.post("/banklink/link/institution", data={"token": token, "institution": "ins_maple"})
    assert r.status_code == 303, r.text
    r = await c.post(
        "/banklink/link/login",
        data={"token": token, "institution": "ins_maple", "username": "user_good", "password": "pass_good"},
    )
    assert r.status_code == 303, r.text
    session = parse_qs(urlsplit(r.headers["location"]).query)["session"][0]
    r = await c.post("/banklink/link/accounts", data={"session": session, "account": account})
    assert r.status_code == 303, r.text
    return {k: v[0] for k, v in parse_qs(urlsplit(r.headers["location"]).query).items()}


async def processor_token(sandbox: Sandbox, external_id: str = "42", account: str = "checking") -> dict[str, Any]:
    back = await link_account(sandbox, external_id, account)
    r = await sandbox.post("/banklink/exchange", {"public_token": back["public_token"]})
    assert r.status_code == 200, r.text
    r = await sandbox.post(
        "/banklink/processor-token", {"access_token": r.json()["access_token"], "account_id": back["account_id"]}
    )
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data
