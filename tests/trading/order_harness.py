"""A market for order workflow tests: the real ATS sandbox over real HTTP (its own providers app on its own schema,
demo schedule, a frozen clock moved only by the admin clock call: tests never sleep), a worker of its own that
reaches it (own task queue, sale proceeds available at once), and helpers: a fresh instrument per test (the
asset's ticker without '#'), the other broker's market maker placing resting orders, window phases, the webhooks
the ATS sent (to forward as `ats_event` signals), and starting an order workflow as the api does. An order started
with the harness's FAST timings is followed as the api follows one: its webhooks are forwarded as `ats_event` signals
as they arrive (`Market.follow`), and `Market.reconcile()` runs one reconciliation (workflows/trading/order_reconcile.py):
nothing polls the ATS on a timer (issue 32: event-driven resting orders).

Usage: the `market` fixture (module scope) gives a `Market`; `await market.listing(sessions)` a fresh asset and
instrument. Every wait is bounded."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from temporalio.client import Client, WorkflowHandle
from temporalio.testing import WorkflowEnvironment

from clients.http import tls_context
from config import Settings
from providers.app import create_app as create_providers_app
from providers.ats.db import drop as drop_ats_schema
from providers.settings import ProvidersSettings
from tests.ats_schemas import schema_for
from tests.conftest import TEST_DB, free_port, port_open
from tests.trading.conftest import Sessions, asset
from tests.waiting import eventually, eventually_sync, within_deadline
from worker.build import build_worker, worker_resources
from workflows.trading import order_types as O
from workflows.trading.order_start import start_order

POST, OPEN, CONFIRM = 100.0, 100.0, 50.0  # demo schedule (ATS clock seconds)
CYCLE = POST + OPEN
KEY = "sandbox-provider-key"
MAKER = ("market-maker", "market-maker-secret")
# poll_seconds: the placement back-off's cap and a refused settlement's retry; an idle order wakes on events only
FAST = O.OrderTimings(poll_seconds=0.3, queued_after_seconds=2.0, polls_per_run=500)


class Hooks(list[bytes]):
    """The webhooks the ATS sent (appended from the server's thread); `arrived` is set on the listener's loop."""

    def __init__(self) -> None:
        super().__init__()
        self.listener: tuple[asyncio.AbstractEventLoop, asyncio.Event] | None = None

    def arrive(self, body: bytes) -> None:
        self.append(body)
        if self.listener is not None:
            loop, event = self.listener
            loop.call_soon_threadsafe(event.set)


class Clock:
    def __init__(self, now: float) -> None:
        self.t = now

    def __call__(self) -> float:
        return self.t


@dataclass
class Market:
    url: str
    settings: Settings           # the worker's settings (providers_url = this ATS, own task queue)
    client: Client
    http: httpx.AsyncClient
    hooks: list[bytes] = field(default_factory=list)
    maker_token: str = ""
    followed: set[str] = field(default_factory=set)      # workflow ids whose webhooks are forwarded as they come
    ats_ids: dict[str, str] = field(default_factory=dict)  # ATS order id -> workflow id (learned from order events)
    forwarded: int = 0

    # --- following orders as the api does (api/trading/routes/ats_webhooks.py) -------------------------------
    async def follow(self, arrived: asyncio.Event) -> None:
        """Forwards each new webhook about a followed order (or its executions) as an `ats_event` signal."""
        seen, waiting = 0, list[dict[str, Any]]()
        while True:
            await arrived.wait()
            arrived.clear()
            fresh = [json.loads(raw) for raw in self.hooks[seen:]]
            seen += len(fresh)
            later = []
            for body in waiting + fresh:
                data = body.get("data") or {}
                if body.get("topic", "").startswith("order.") and data.get("idempotencyKey") in self.followed:
                    self.ats_ids[str(data.get("id"))] = str(data["idempotencyKey"])
                ids = {data.get("id"), (data.get("buyer") or {}).get("orderId"), (data.get("seller") or {}).get("orderId")}
                targets = {self.ats_ids[i] for i in ids if i in self.ats_ids}
                if not targets and body.get("topic", "").startswith("execution.") and len(waiting) < 1000:
                    later.append(body)  # its order's event not seen yet
                for workflow_id in targets:
                    with contextlib.suppress(Exception):  # the order ended meanwhile
                        await self.client.get_workflow_handle(workflow_id).signal(
                            O.ATS_EVENT, O.AtsEvent(body["id"], body["topic"], data))
                        self.forwarded += 1
            waiting = later

    async def reconcile(self) -> WorkflowHandle[Any, Any]:
        """One reconciliation run, as the schedule starts it (the differing orders are told to read themselves),
        finished; its result: `(await handle.result())`."""
        from workflows.trading.order_reconcile import OrderReconcileWorkflow, ReconcileRun

        handle = await self.client.start_workflow(
            OrderReconcileWorkflow.run, ReconcileRun(), id=f"orders-reconcile-{uuid.uuid4().hex[:8]}",
            task_queue=self.settings.task_queue)
        await within_deadline(handle.result(), what="a reconciliation")
        return handle

    # --- the ATS clock --------------------------------------------------------------------------------------
    async def now(self) -> float:
        r = await self.http.get("/sandbox/ats/clock", headers={"X-Provider-Key": KEY})
        return datetime.fromisoformat(r.json()["data"]["now"]).timestamp()

    async def advance(self, seconds: float) -> None:
        r = await self.http.post("/sandbox/ats/clock", json={"advanceSeconds": max(0.0, seconds)},
                                 headers={"X-Provider-Key": KEY})
        assert r.status_code == 200, r.text

    async def next_session(self) -> float:
        """Moves to 1 s into the next session's post-only phase (the previous CONFIRMATION long over)."""
        now = await self.now()
        start = (now // CYCLE + 1) * CYCLE
        if start - now < CONFIRM + 1:  # the last close's confirmation must be over: skip one more session
            start += CYCLE
        await self.advance(start + 1 - now)
        return start

    async def to_open(self, start: float) -> None:
        await self.advance(start + POST + 1 - await self.now())

    async def to_confirmation(self, start: float) -> None:
        await self.advance(start + CYCLE + 1 - await self.now())

    async def past_confirmation(self, start: float) -> None:
        await self.advance(start + CYCLE + CONFIRM + 1 - await self.now())

    # --- instruments and the other broker ------------------------------------------------------------------
    async def listing(self, sessions: Sessions, issue: str = "10.00") -> tuple[int, str]:
        """A fresh Vitrine asset and its ATS instrument (TRADING): (asset id, ticker)."""
        asset_id = await asset(sessions)
        async with sessions() as db:
            from store.models import Asset

            row = await db.get(Asset, asset_id)
            assert row is not None
            ticker = row.ticker
        body = {"id": O.instrument_id_of(ticker), "symbol": ticker, "name": ticker, "status": "TRADING",
                "issuePrice": issue, "unitsOutstanding": 1000, "history": [{"date": "2026-01-05", "close": issue}]}
        r = await self.http.post("/sandbox/ats/instruments", json=body, headers={"X-Provider-Key": KEY})
        assert r.status_code == 200, r.text
        return asset_id, ticker

    async def open_with_ask(self, sessions: Sessions, units: int, price: str) -> tuple[int, str, float]:
        """A fresh listing whose next session is OPEN with the market maker's ask resting: (asset id, ticker, the
        session's start)."""
        asset_id, ticker = await self.listing(sessions)
        start = await self.next_session()
        await self.maker(ticker, "ASK", units, price)
        await self.to_open(start)
        return asset_id, ticker, start

    async def maker(self, ticker: str, side: str, units: int, price: str) -> dict[str, Any]:
        """The market maker (another broker's participant) places a limit order: resting, or matching at once."""
        if not self.maker_token:
            r = await self.http.post("/sandbox/ats/oauth/token", data={"grant_type": "client_credentials",
                                                                       "client_id": MAKER[0], "client_secret": MAKER[1]})
            self.maker_token = r.json()["access_token"]
        account = "mm-bids" if side == "BID" else "mm-asks"
        body = {"financialInstrumentId": O.instrument_id_of(ticker), "type": "LIMIT", "term": "GOOD_TIL_CANCELED",
                "context": side, "units": units, "unitPrice": price}
        r = await self.http.post(f"/sandbox/ats/financial-accounts/{account}/orders", json=body,
                                 headers={"Authorization": f"Bearer {self.maker_token}",
                                          "Idempotency-Key": uuid.uuid4().hex})
        if r.status_code == 401:
            self.maker_token = ""
            return await self.maker(ticker, side, units, price)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()["data"]
        return data

    async def chaos(self, **config: Any) -> dict[str, Any]:
        r = await self.http.post("/sandbox/ats/chaos", json=config, headers={"X-Provider-Key": KEY})
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()["data"]
        return data

    async def chaos_injected(self) -> dict[str, int]:
        r = await self.http.get("/sandbox/ats/chaos", headers={"X-Provider-Key": KEY})
        injected: dict[str, int] = r.json()["data"]["injected"]
        return injected

    def events(self, resource_ids: set[str]) -> list[O.AtsEvent]:
        """The webhooks the ATS sent about these orders or executions, in the order sent."""
        out = []
        for raw in list(self.hooks):
            body = json.loads(raw)
            data = body.get("data") or {}
            ids = {data.get("id"), (data.get("buyer") or {}).get("orderId"), (data.get("seller") or {}).get("orderId")}
            if ids & resource_ids:
                out.append(O.AtsEvent(body["id"], body["topic"], data))
        return out

    # --- orders ----------------------------------------------------------------------------------------------
    async def order(self, user_id: int, asset_id: int, ticker: str, side: O.Side, units: int, price: str, *,
                    order_type: O.OrderType = "LIMIT", term: O.Term = "GOOD_TIL_CANCELED",
                    timings: O.OrderTimings = FAST, follow: bool | None = None) -> WorkflowHandle[Any, Any]:
        """Starts the order's workflow as the api does (workflows/trading/order_start.py); `follow` (by default with
        the FAST timings): its webhooks are forwarded as they come, as the api forwards them."""
        inp = O.OrderInput(order_id=O.order_id_for(user_id, uuid.uuid4().hex), user_id=user_id, asset_id=asset_id,
                           ticker=ticker, side=side, order_type=order_type, term=term, units=units, unit_price=price,
                           timings=timings, created=datetime.now(UTC).isoformat())
        if follow if follow is not None else timings is FAST:
            self.followed.add(O.workflow_id(inp.order_id))
        return await start_order(self.client, inp, self.settings.task_queue)

    async def submit(self, handle: WorkflowHandle[Any, Any]) -> O.OrderView:
        view: O.OrderView = await within_deadline(handle.execute_update(O.SUBMIT, result_type=O.OrderView),
                                                  what=f"submitting {handle.id}")
        if handle.id in self.followed and view.ats_order_id:  # as the api finds it in the order list
            self.ats_ids[view.ats_order_id] = handle.id
        return view

    async def until(self, handle: WorkflowHandle[Any, Any], check: Any, wait: float | None = None) -> O.OrderView:
        """Queries the view until `check(view)` holds (within the tests' deadline, or `wait` seconds)."""
        async def there() -> O.OrderView:
            view: O.OrderView = await handle.query(O.VIEW, result_type=O.OrderView)
            assert check(view), f"order {handle.id} not there yet: {view}"
            return view

        return await eventually(there, wait)

    async def result(self, handle: WorkflowHandle[Any, Any], wait: float | None = None) -> str:
        out: str = await within_deadline(handle.result(), wait, what=f"the result of {handle.id}")
        return out


def money(value: Any) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"))


@pytest.fixture(scope="module")
def ats_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Hooks]]:
    """The providers app with the ATS on a schema of its own, frozen clock at a session's start, background off."""
    port, schema = free_port(), schema_for("orders")
    asyncio.run(drop_ats_schema(TEST_DB, schema))
    ps = ProvidersSettings(db_path=str(Path(tmp_path_factory.mktemp("orders")) / "p.sqlite3"), api_key=KEY,
                           public_url=f"http://127.0.0.1:{port}", processor_enabled=False, ats_database_url=TEST_DB,
                           ats_db_schema=schema, ats_background=False, ats_demo_market=False, ats_market_maker=False,
                           ats_schedule="demo", ats_demo_post_only_seconds=POST, ats_demo_open_seconds=OPEN,
                           ats_demo_confirmation_seconds=CONFIRM, ats_token_ttl_seconds=3600,
                           ats_webhook_url="http://webhooks.test/api/webhooks/ats/")
    hooks = Hooks()

    def receive(request: httpx.Request) -> httpx.Response:
        hooks.arrive(request.content)
        return httpx.Response(200)

    app = create_providers_app(ps)
    start = time.time() - time.time() % CYCLE
    app.state.ats_clock = Clock(start + 1.0)
    app.state.webhook_transport = httpx.MockTransport(receive)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    eventually_sync(lambda: port_open(port), interval=0.05)
    yield f"http://127.0.0.1:{port}", hooks
    server.should_exit = True
    thread.join(5)
    asyncio.run(drop_ats_schema(TEST_DB, schema))


@pytest.fixture(scope="module")
async def market(ats_server: tuple[str, Hooks], temporal_env: WorkflowEnvironment,
                 settings: Settings) -> AsyncIterator[Market]:
    url, hooks = ats_server
    mine = settings.model_copy(update={"providers_url": url, "task_queue": f"orders-{uuid.uuid4().hex[:6]}",
                                       "trade_proceeds_delay_seconds": 0.0})
    async with worker_resources(mine) as resources, build_worker(temporal_env.client, mine, resources), \
            httpx.AsyncClient(base_url=url, timeout=30, verify=tls_context()) as http:
        m = Market(url, mine, temporal_env.client, http, hooks)
        arrived = asyncio.Event()
        hooks.listener = (asyncio.get_running_loop(), arrived)
        following = asyncio.create_task(m.follow(arrived))
        try:
            yield m
        finally:
            hooks.listener = None
            following.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await following
