"""The catalogue's trading fields follow the ATS (spec doc 3 §3, §4.1) on the real stack: a traded asset is Post Only
while its window is scheduled, Trading once the window opens (the ATS clock moved by the admin call), Post Only again
after the close with the last window's closing price, Trading closed when the instrument is disabled; pricing, best
bid and ask, session hours and history are the ATS's; the catalogue is never read from the ATS per request (the
refresher's pass), and with the ATS down it keeps serving the last known state."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import httpx
import pytest
from temporalio.testing import WorkflowEnvironment

from api.catalogue.schemas import AssetDetailOut
from api.state import AppState
from api.trading import market_refresher
from api.trading.market_refresher import MarketRefresher
from clients.ats import AtsUnavailable
from config import Settings
from store.trading import market_quote
from store.trading.market_state import MARKET_STATE_KEY
from tests.api.apps import api_with, client, random_address
from tests.api.documented import conforms
from tests.api.market_api import ats_server, down_state, mapi, market, mstate, sessions  # noqa: F401
from tests.api.test_ats_webhook import URL, signed
from tests.trading.conftest import Sessions
from tests.trading.order_harness import KEY, Market
from tests.waiting import eventually
from workflows.trading.order_types import instrument_id_of


async def asset(http: httpx.AsyncClient, asset_id: int) -> dict[str, Any]:
    r = await http.get(f"/api/v2/assets/{asset_id}/")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    conforms(AssetDetailOut, body)  # one asset: the list's fields and its page content
    return body


async def test_catalogue_status_and_trading_fields_follow_the_windows(
        market: Market, sessions: Sessions, mstate: AppState, mapi: httpx.AsyncClient,  # noqa: F811
        down_state: AppState) -> None:  # noqa: F811
    asset_id, ticker = await market.listing(sessions, issue="10.00")
    await mstate.catalogue.invalidate()  # an earlier test may have left the catalogue cached without this new asset
    iid = instrument_id_of(ticker)
    refresher = MarketRefresher(mstate)
    try:
        before = await asset(mapi, asset_id)
        assert before["asset_status"] == "Trading" and before["financialInstrument"]["id"] == iid  # seeded, not read

        start = await market.next_session()
        await market.maker(ticker, "ASK", 5, "10.10")
        await market.maker(ticker, "BID", 4, "9.90")
        assert await refresher.refresh()
        a = await asset(mapi, asset_id)
        assert a["asset_status"] == "Post Only"
        fi, trading = a["financialInstrument"], a["trading"]
        assert fi["id"] == iid and fi["markets"]["secondaryMarket"] == {
            "status": "CLOSED", "enabled": True, "sessionsStart": "2026-01-05", "sessionsFollowMarketHours": False}
        assert set(fi["sessionHours"]) == {"dateOpen", "dateClose", "nextDateOpen", "lastDateClose"}
        assert fi["sessionHours"]["dateOpen"]
        window = trading["current_trading_window"]
        assert window["status"] == "SCHEDULED" and window["id"].startswith(f"W-{iid}-")
        assert trading["orderBook"] == {"bidHigh": "9.90", "askLow": "10.10"}
        assert trading["pricing"]["pricePerUnit"]["issue"] == "10.00"
        assert trading["historyPricing"]["financialInstrument"]["issue"]["pricePerUnit"] == "10.00"
        assert trading["historyPricing"]["dataPoints"][0] == {"date": "2026-01-05", "pricePerUnit": {"close": "10.00"}}
        assert not await refresher.refresh()  # nothing changed: the catalogue is not invalidated
        # the second pass kept the prevalidation's copy of the instrument (store/trading/market_quote.py): what a create
        # reads instead of the ATS — its status, market and lowest ask
        copy = await market_quote.load(mstate.redis, iid)
        assert copy is not None and copy.instrument["status"] == "TRADING", copy
        assert copy.instrument["orderBook"]["askLow"] == "10.10" and copy.pricing["issue"] == "10.00", copy

        await market.to_open(start)
        await market.maker(ticker, "BID", 2, "10.10")  # a trade at 10.10
        assert await refresher.refresh()
        a = await asset(mapi, asset_id)
        assert a["asset_status"] == "Trading"
        assert a["financialInstrument"]["markets"]["secondaryMarket"]["status"] == "OPEN"
        assert a["trading"]["current_trading_window"]["status"] == "OPEN"
        assert a["trading"]["pricing"]["pricePerUnit"]["session"]["latestFilled"] == "10.10"
        changed = datetime.fromisoformat(a["modified"])
        r = await mapi.get("/api/v2/asset/status/", params={"modified_gte": changed.timestamp()})
        assert r.status_code == 200, r.text
        assert [i["asset_status"] for i in r.json()["items"] if i["id"] == asset_id] == ["Trading"]  # change feed

        await market.to_confirmation(start)
        assert await refresher.refresh()
        a = await asset(mapi, asset_id)
        assert a["asset_status"] == "Post Only"  # the next window is scheduled
        last = a["trading"]["last_trading_window"]
        assert last["closing_price"] == "10.10" and last["closing_time"] and last["status"] == "CONFIRMATION"

        # the ATS down: the refresh fails, the catalogue keeps the last known state
        with pytest.raises(AtsUnavailable):
            await MarketRefresher(down_state).refresh()
        assert (await asset(mapi, asset_id))["trading"]["last_trading_window"] == last

        r = await market.http.post("/sandbox/ats/instruments", headers={"X-Provider-Key": KEY}, json={
            "id": iid, "symbol": ticker, "name": ticker, "status": "DISABLED", "issuePrice": "10.00",
            "unitsOutstanding": 1000})
        assert r.status_code == 200, r.text
        assert await refresher.refresh()
        a = await asset(mapi, asset_id)
        assert a["asset_status"] == "Trading closed"
        assert a["financialInstrument"]["markets"]["secondaryMarket"]["status"] == "DISABLED"
    finally:
        await mstate.redis.delete(MARKET_STATE_KEY)
        await mstate.catalogue.invalidate()


async def test_the_lifespan_refresher_follows_the_market_in_the_background(
        market: Market, sessions: Sessions, settings: Settings, temporal_env: WorkflowEnvironment) -> None:  # noqa: F811
    asset_id, ticker = await market.listing(sessions, issue="10.00")
    await market.next_session()
    async with api_with(settings, temporal_env.client, providers_url=market.url, market_refresh_seconds=0.1) as state, \
            client(state, random_address()) as http:
        task = market_refresher.start(state)
        assert task is not None
        try:
            async def post_only() -> dict[str, Any]:  # seeded "Trading" until the refresher read the market
                a = await asset(http, asset_id)
                assert not task.done(), "the refresher stopped"
                assert a["asset_status"] == "Post Only", a["asset_status"]
                return a

            a = await eventually(post_only)
            assert a["trading"]["current_trading_window"]["status"] == "SCHEDULED"
        finally:
            await market_refresher.stop(task)
            await state.redis.delete(MARKET_STATE_KEY)
            await state.catalogue.invalidate()


async def test_a_window_webhook_starts_the_refreshers_pass_at_once(
        market: Market, sessions: Sessions, settings: Settings, temporal_env: WorkflowEnvironment) -> None:  # noqa: F811
    """A page loaded right after the open reads the catalogue: the window's webhook has the refresher read the market
    then, not at its next pass (here a minute away), so the catalogue says Trading within moments."""
    asset_id, ticker = await market.listing(sessions, issue="10.00")
    start = await market.next_session()
    async with api_with(settings, temporal_env.client, providers_url=market.url, market_refresh_seconds=60) as state, \
            client(state, random_address()) as http:
        await state.redis.delete(market_refresher.LOCK_KEY)  # this process's first pass is the one at start
        task = market_refresher.start(state)
        assert task is not None
        try:
            async def status(want: str) -> bool:
                a = await asset(http, asset_id)
                assert not task.done(), "the refresher stopped"
                assert a["asset_status"] == want, a["asset_status"]
                return True

            await eventually(lambda: status("Post Only"))  # the first pass, at start
            await market.to_open(start)
            iid = instrument_id_of(ticker)
            event = {"id": f"evt_{uuid.uuid4().hex}", "topic": "window.opened", "created": "2026-11-27T12:00:00Z",
                     "data": {"id": f"W-{iid}-x", "instrument_id": iid, "status": "OPEN"}}
            body, headers = signed(state.settings.webhook_secret, event)
            r = await http.post(URL, content=body, headers=headers)
            assert r.status_code == 200, r.text
            await eventually(lambda: status("Trading"), within=10)  # long before the next pass, a minute away
        finally:
            await market_refresher.stop(task)
            await state.redis.delete(MARKET_STATE_KEY)
            await state.catalogue.invalidate()
