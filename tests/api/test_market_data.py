"""Market data calls on the real stack: the api over its ATS client against the ATS sandbox (its own providers app,
frozen demo clock moved by the admin clock call: tests/trading/order_harness.py): the order book's sides and best
prices, pricing before and after a trade, the price history, a window's read through its phases; a market event
replaces the cached answers at once; an unknown instrument is 404 and the ATS down 503 in the one error shape."""

from __future__ import annotations

import json
from typing import Any

import httpx

from api.state import AppState
from api.trading.market_data import market_changed
from api.trading.order_checks import ATS_DOWN
from store.live import market_cache_key, market_channel, publish_market
from tests.api.apps import client, random_address
from tests.api.market_api import ats_server, caller, down_state, mapi, market, mstate, sessions  # noqa: F401
from tests.trading.conftest import Sessions
from tests.trading.order_harness import Market
from tests.waiting import eventually
from workflows.trading.order_types import instrument_id_of

BASE = "/api/financial-instruments/securities/{}/markets"


async def get(http: httpx.AsyncClient, headers: dict[str, str], path: str) -> dict[str, Any]:
    r = await http.get(path, headers=headers)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()["data"]
    return data


async def test_book_pricing_history_and_window_through_a_session(market: Market, sessions: Sessions,  # noqa: F811
                                                                mstate: AppState, mapi: httpx.AsyncClient,  # noqa: F811
                                                                caller: dict[str, str]) -> None:  # noqa: F811
    _, ticker = await market.listing(sessions, issue="10.00")
    iid = instrument_id_of(ticker)
    base = BASE.format(iid)
    start = await market.next_session()
    for side, units, price in (("ASK", 3, "10.20"), ("ASK", 5, "10.10"), ("BID", 2, "9.80"), ("BID", 4, "9.90")):
        await market.maker(ticker, side, units, price)

    book = await get(mapi, caller, f"{base}/order-book")
    assert [lv["price"] for lv in book["asks"]] == ["10.10", "10.20"]  # lowest ask first
    assert [lv["price"] for lv in book["bids"]] == ["9.90", "9.80"]  # highest bid first
    assert (book["bidHigh"], book["askLow"], book["mode"]) == ("9.90", "10.10", "POST_ONLY")
    assert book["asks"][0] == {"price": "10.10", "units": 5, "orders": 1}

    pricing = (await get(mapi, caller, f"{base}/pricing"))["pricePerUnit"]
    assert pricing["issue"] == "10.00" and pricing["current"] == "10.00"
    assert pricing["session"] == {"lastClose": "10.00", "latestFilled": None}

    history = await get(mapi, caller, f"{base}/pricing/history")
    assert history["financialInstrument"]["id"] == iid
    assert history["financialInstrument"]["issue"]["pricePerUnit"] == "10.00"
    assert {"date": "2026-01-05", "pricePerUnit": {"close": "10.00"}} in history["dataPoints"]

    # the window opens and a bid takes the lowest ask: the cached answers are replaced by the market event
    await market.to_open(start)
    await market.maker(ticker, "BID", 2, "10.10")
    await market_changed(mstate, iid, pricing=True)  # no page of it open: the copies dropped, nothing read
    assert await mstate.redis.exists(market_cache_key(iid, "book"), market_cache_key(iid, "pricing")) == 0
    sub = mstate.redis.pubsub()
    await sub.subscribe(market_channel(iid))
    await market_changed(mstate, iid, pricing=True)
    kinds: set[str] = set()

    async def both_published() -> bool:
        msg = await sub.get_message(ignore_subscribe_messages=True, timeout=1.0)
        if msg is not None:
            kinds.add(json.loads(msg["data"])["type"])
        assert kinds == {"book", "pricing"}, kinds
        return True

    try:
        await eventually(both_published)
    finally:
        await sub.aclose()  # type: ignore[no-untyped-call]
    book = await get(mapi, caller, f"{base}/order-book")
    assert book["mode"] == "CONTINUOUS" and book["askLow"] == "10.10" and book["asks"][0]["units"] == 3
    pricing = (await get(mapi, caller, f"{base}/pricing"))["pricePerUnit"]
    assert pricing["current"] == "10.10" and pricing["session"]["latestFilled"] == "10.10"

    # the window's read: open, then after the close its closing price and the orders that traded
    inst = (await market.http.get(f"/sandbox/ats/instruments/{iid}", headers={
        "Authorization": f"Bearer {market.maker_token}"})).json()["data"]
    window_id = inst["currentWindow"]["id"]
    window = (await mapi.get(f"/api/trading/windows/{window_id}/", headers=caller)).json()
    assert window["status"] == "OPEN" and window["instrument_id"] == iid
    await market.to_confirmation(start)
    await publish_market(mstate.redis, iid, "window", {"id": window_id, "status": "CONFIRMATION"})
    window = (await mapi.get(f"/api/trading/windows/{window_id}/", headers=caller)).json()
    assert window["status"] == "CONFIRMATION" and window["closing_price"] == "10.10"
    assert (window["matched_bids"], window["matched_asks"]) == (1, 1) and window["closing_time"]
    history = await get(mapi, caller, f"{base}/pricing/history")  # the window event dropped the cached history
    assert history["dataPoints"][-1]["pricePerUnit"]["close"] == "10.10"


async def test_unknown_instrument_is_404_and_bad_ids_are_refused(mapi: httpx.AsyncClient,  # noqa: F811
                                                                 caller: dict[str, str]) -> None:  # noqa: F811
    for kind in ("pricing", "pricing/history", "order-book"):
        r = await mapi.get(f"{BASE.format('NOPE404')}/{kind}", headers=caller)
        assert r.status_code == 404, r.text
        assert r.json()["errors"][0]["message"] == "Financial instrument not found."
        r = await mapi.get(f"{BASE.format('bad%20id')}/{kind}", headers=caller)
        assert r.status_code == 422, r.text
    r = await mapi.get(f"{BASE.format('NOPE404')}/pricing")
    assert r.status_code == 401  # signed-in callers only


async def test_ats_down_is_503_never_500(down_state: AppState, caller: dict[str, str]) -> None:  # noqa: F811
    async with client(down_state, random_address()) as c:
        for kind in ("pricing", "pricing/history", "order-book"):
            r = await c.get(f"{BASE.format('ZZDOWN1')}/{kind}", headers=caller)
            assert r.status_code == 503, r.text
            assert r.json()["errors"][0]["message"] == ATS_DOWN and r.headers["Retry-After"]
        r = await c.get("/api/trading/windows/W-ZZDOWN1-d1/", headers=caller)
        assert r.status_code == 503, r.text
