"""The trading SSE stream (/api/trading/events) over real HTTP: an order change made inside the order workflow (its
activity publishes through Redis) reaches an open stream; the instrument's book/window/pricing events do too; the
caller sees only their own orders; a new stream starts with the caller's open orders; no token → 401."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx

from api.state import AppState
from store.live import publish_market
from tests.api.accounts import account_id as acct
from tests.api.test_orders import create, order_body, placed
from tests.conftest import Providers
from tests.flows.investors import funded_investor
from tests.flows.test_place_order import trading_asset
from tests.waiting import DEADLINE, within_deadline

Event = tuple[str, Any]


@contextlib.asynccontextmanager
async def stream(base: str, headers: dict[str, str], instrument: str) -> AsyncIterator[asyncio.Queue[Event]]:
    """The stream's events in a queue (comments as ("comment", text)), read in the background."""
    queue: asyncio.Queue[Event] = asyncio.Queue()

    async def read() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=httpx.Timeout(DEADLINE)) as http, \
                http.stream("GET", "/api/trading/events", params={"instrumentId": instrument}, headers=headers) as r:
            assert r.status_code == 200, await r.aread()
            event = "message"
            async for line in r.aiter_lines():
                if line.startswith(":"):
                    await queue.put(("comment", line[1:].strip()))
                elif line.startswith("event: "):
                    event = line[len("event: "):]
                elif line.startswith("data: "):
                    await queue.put((event, json.loads(line[len("data: "):])))
                    event = "message"

    task = asyncio.create_task(read())
    try:
        yield queue
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, httpx.HTTPError):
            await task


async def until(queue: asyncio.Queue[Event], kind: str, match: Any = None, seen: list[Event] | None = None) -> Any:
    """The first `kind` event (whose data satisfies `match`), within the tests' deadline; the others go to `seen`."""
    async def first() -> Any:
        while True:
            event, data = await queue.get()
            if seen is not None:
                seen.append((event, data))
            if event == kind and (match is None or match(data)):
                return data

    return await within_deadline(first(), what=f"a {kind!r} event on the stream (seen: {seen})")


async def test_workflow_changes_and_market_events_reach_the_stream(api: httpx.AsyncClient, app_state: AppState,
                                                                   providers: Providers, served_api: str) -> None:
    asset = await trading_asset(app_state, providers)
    iid = asset.ticker.lstrip("#")
    a = await funded_investor(api, app_state)
    b = await funded_investor(api, app_state)
    seen: list[Event] = []
    async with stream(served_api, a["headers"], iid) as events:
        await until(events, "subscribed", None, seen)
        # the order's workflow records each change and publishes it; the api's create itself publishes nothing
        r = await create(api, a, order_body(asset.ticker, "bid", 2, "9.00"))
        assert r.status_code == 201, r.text
        order_id = r.json()["data"]["id"]
        live = await until(events, "order", lambda o: o["id"] == order_id and o["status"] == "SUBMITTED", seen)
        assert live["units"]["requested"] == 2 and live["financialAccount"]["id"] == acct(a), live
        # another investor's order on the same instrument does not reach a's stream
        other = await placed(api, b, order_body(asset.ticker, "bid", 1, "8.00"))
        # the instrument's market events
        await publish_market(app_state.redis, iid, "book", {"bidHigh": "9.00", "askLow": None})
        book = await until(events, "book", lambda d: "bids" not in d, seen)  # not a webhook's fresh book (C)
        assert book == {"bidHigh": "9.00", "askLow": None}
        await publish_market(app_state.redis, "ANOTHER", "book", {"bidHigh": "1.00"})
        await publish_market(app_state.redis, iid, "pricing", {"current": "9.00"})
        assert await until(events, "pricing", None, seen) == {"current": "9.00"}
        # a cancel made through the api: the workflow's change reaches the stream
        r = await api.delete(f"/api/financial-accounts/{acct(a)}/orders/{order_id}", headers=a["headers"])
        assert r.status_code == 200, r.text
        await until(events, "order", lambda o: o["id"] == order_id and o["status"] == "CANCELED", seen)
    orders = {data["id"] for kind, data in seen if kind == "order"}
    assert orders == {order_id} and other["id"] not in orders, orders
    assert [d for k, d in seen if k == "book" and "bids" not in d] == [{"bidHigh": "9.00", "askLow": None}], seen

    # a new stream starts with the caller's open orders of the instrument
    await placed(api, a, order_body(asset.ticker, "bid", 1, "9.05"))
    async with stream(served_api, a["headers"], iid) as events:
        first: list[Event] = []
        await until(events, "subscribed", None, first)
        assert [(k, d["pricing"]["unit"]) for k, d in first if k == "order"] == [("order", "9.05")], first


async def test_the_stream_needs_a_caller(served_api: str) -> None:
    async with httpx.AsyncClient(base_url=served_api, timeout=DEADLINE) as http:
        r = await http.get("/api/trading/events", params={"instrumentId": "88F40"})
        assert r.status_code == 401, r.text
        r = await http.get("/api/trading/events", params={"instrumentId": "bad id!"},
                           headers={"Authorization": "JWT nonsense"})
        assert r.status_code in (401, 422), r.text
