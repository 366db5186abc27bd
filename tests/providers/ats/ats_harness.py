"""The ATS sandbox app for tests: real PostgreSQL (a schema of its own, fresh per test), ASGI, a frozen clock.

``async with harness() as h``: the providers app with the ATS started (no background task: the test moves the
clock with ``h.advance(seconds)``, which applies what is due, webhooks included), a webhook receiver that
records every delivery, and helpers that get tokens and place orders. The demo schedule starts at the beginning
of a session: SCHEDULED for 10 s, OPEN for 10 s, CONFIRMATION for 5 s.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI

from providers.app import create_app
from providers.ats import db
from providers.ats.runtime import Ats
from providers.settings import ProvidersSettings
from providers.webhooks import SIGNATURE_HEADER, verify
from tests.ats_schemas import schema_for

TEST_DB = os.environ.get("VITRINE_TEST_DB", "postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/vitrine_test")
SCHEMA = schema_for("unit")  # per test process: two runs on one database do not share it (dropped after)
KEY = "test-provider-key"
SECRET = "test-webhook-secret"
VITRINE, OTHER = ("vitrine", "vitrine-secret"), ("other-broker", "other-secret")
POST, OPEN, CONFIRM = 10.0, 10.0, 5.0
START = 1_800_000_000.0 - 1_800_000_000.0 % (POST + OPEN)  # the start of a demo session


class Clock:
    def __init__(self, now: float) -> None:
        self.t = now

    def __call__(self) -> float:
        return self.t


def settings_for(tmp: Path, **overrides: Any) -> ProvidersSettings:
    values: dict[str, Any] = {
        "db_path": str(tmp / "providers.sqlite3"), "api_key": KEY, "webhook_secret": SECRET,
        "processor_enabled": False, "ats_database_url": TEST_DB, "ats_db_schema": SCHEMA, "ats_background": False,
        "ats_demo_market": False, "ats_schedule": "demo", "ats_demo_post_only_seconds": POST,
        "ats_demo_open_seconds": OPEN, "ats_demo_confirmation_seconds": CONFIRM, "ats_token_ttl_seconds": 60,
        "ats_clients": ",".join(f"{c}:{s}" for c, s in (VITRINE, OTHER)), "ats_webhook_url": "http://api.test/hooks/ats/",
        "webhook_retry_base_seconds": 1.0, "webhook_retry_max_seconds": 4.0,
    }
    return ProvidersSettings(**{**values, **overrides})


@dataclass
class Harness:
    app: FastAPI
    http: httpx.AsyncClient
    clock: Clock
    hooks: list[httpx.Request] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)  # statuses the receiver answers next (then 200)
    tokens: dict[str, str] = field(default_factory=dict)

    @property
    def ats(self) -> Ats:
        ats: Ats = self.app.state.ats
        return ats

    def receive(self, request: httpx.Request) -> httpx.Response:
        self.hooks.append(request)
        return httpx.Response(self.answers.pop(0) if self.answers else 200)

    def events(self, topic: str | None = None) -> list[dict[str, Any]]:
        out = []
        for r in self.hooks:
            assert verify(r.content, SECRET, r.headers.get(SIGNATURE_HEADER)), "unsigned or badly signed webhook"
            body: dict[str, Any] = json.loads(r.content)
            if topic is None or body["topic"] == topic:
                out.append(body)
        return out

    async def advance(self, seconds: float = 0.0) -> dict[str, Any]:
        r = await self.http.post("/sandbox/ats/clock", json={"advanceSeconds": seconds}, headers={"X-Provider-Key": KEY})
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()["data"]
        return data

    async def token(self, client: tuple[str, str] = VITRINE) -> str:
        r = await self.http.post("/sandbox/ats/oauth/token", data={"grant_type": "client_credentials",
                                                                   "client_id": client[0], "client_secret": client[1]})
        assert r.status_code == 200, r.text
        self.tokens[client[0]] = r.json()["access_token"]
        return self.tokens[client[0]]

    async def auth(self, client: tuple[str, str] = VITRINE) -> dict[str, str]:
        token = self.tokens.get(client[0]) or await self.token(client)
        return {"Authorization": f"Bearer {token}"}

    async def instrument(self, iid: str = "TEST1", status: str = "TRADING", issue: str = "10.00") -> dict[str, Any]:
        body = {"id": iid, "symbol": f"#{iid}", "name": f"Test {iid}", "status": status, "issuePrice": issue,
                "unitsOutstanding": 1000, "history": [{"date": "2026-01-05", "close": "10.50"}]}
        r = await self.http.post("/sandbox/ats/instruments", json=body, headers={"X-Provider-Key": KEY})
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()["data"]
        return data

    async def order(self, account: str, side: str, units: int, price: str | None, *, iid: str = "TEST1",
                    term: str = "GOOD_TIL_CANCELED", key: str | None = None, kind: str = "LIMIT",
                    client: tuple[str, str] = VITRINE) -> httpx.Response:
        body: dict[str, Any] = {"financialInstrumentId": iid, "type": kind, "term": term, "context": side,
                                "disclosureReadAndAgreedTo": True}
        if kind == "LIMIT":
            body.update(units=units, unitPrice=price)
        headers = {**await self.auth(client), "Idempotency-Key": key or uuid.uuid4().hex}
        return await self.http.post(f"/sandbox/ats/financial-accounts/{account}/orders", json=body, headers=headers)

    async def placed(self, account: str, side: str, units: int, price: str, **kw: Any) -> dict[str, Any]:
        r = await self.order(account, side, units, price, **kw)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()["data"]
        return data

    async def get(self, path: str, client: tuple[str, str] = VITRINE, **params: Any) -> httpx.Response:
        return await self.http.get(f"/sandbox/ats{path}", params=params, headers=await self.auth(client))

    async def post(self, path: str, body: Any, client: tuple[str, str] = VITRINE) -> httpx.Response:
        return await self.http.post(f"/sandbox/ats{path}", json=body, headers=await self.auth(client))


@asynccontextmanager
async def harness(tmp: Path, *, fresh: bool = True, keep: bool = False, clock: Clock | None = None,
                  **overrides: Any) -> AsyncIterator[Harness]:
    """``fresh``: start from an empty schema; ``keep``: leave the schema behind (for a restart in the next harness)."""
    settings = settings_for(tmp, **overrides)
    if fresh:
        await db.drop(settings.ats_database_url, settings.ats_db_schema)
    app = create_app(settings)
    h = Harness(app, httpx.AsyncClient(), clock or Clock(START + 0.5))
    app.state.ats_clock = h.clock
    app.state.webhook_transport = httpx.MockTransport(h.receive)
    async with app.router.lifespan_context(app):
        assert app.state.ats is not None, "the ATS did not start (see the log)"
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://providers.test") as http:
            h.http = http
            yield h
    if not keep:
        await db.drop(settings.ats_database_url, settings.ats_db_schema)
