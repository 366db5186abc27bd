"""No cancel during live trading (spec doc 3 §4.4 "Cancel is hidden during live trading"; §4.1: live = the asset
Trading and its market open, the window OPEN): the api refuses the cancel in the one error shape and sends the
workflow nothing; in post-only and in CONFIRMATION the cancel goes through. On the order workflow tests' market (its
own ATS on the demo schedule with a frozen clock, its own worker) through an api on that market's settings."""

from __future__ import annotations

import httpx

from api.state import AppState
from domain import ledger as L
from store.ledger import balance
from store.trading import market_quote as Q
from tests.api.test_orders import order_body, orders_url, placed
from tests.flows.investors import funded_investor
from tests.flows.test_place_order_live import live  # noqa: F401 - fixture: an api on the market's settings
from tests.trading.conftest import Sessions, sessions  # noqa: F401 - fixture
from tests.trading.order_harness import Market, ats_server, market  # noqa: F401 - fixtures
from workflows.trading import order_types as O


async def test_a_cancel_while_trading_is_live_is_refused_then_goes_through_in_confirmation(
        live: tuple[httpx.AsyncClient, AppState], market: Market, sessions: Sessions) -> None:  # noqa: F811
    api, state = live
    asset_id, ticker = await market.listing(sessions)
    start = await market.next_session()
    buyer = await funded_investor(api, state, cash="100.00")
    uid, h = int(buyer["user_id"]), buyer["headers"]
    order = await placed(api, buyer, order_body(ticker, "bid", 2, "10.00"))  # post-only: it rests
    url = orders_url(buyer, f"/{order['id']}")
    await market.to_open(start)
    r = await api.delete(url, headers=h)
    assert r.status_code == 409, r.text
    assert r.json() == {"errors": [{"message": O.CANCEL_WHILE_LIVE}], "error_type": O.LIVE_TRADING}, r.text
    assert (await api.get(url, headers=h)).json()["data"]["status"] == "SUBMITTED"  # nothing sent: still resting
    async with state.sessions() as db:
        assert await balance(db, L.cash(uid)) == 80  # and still held
    await market.to_confirmation(start)
    await Q.invalidate(state.redis, ticker.lstrip("#"))  # what the ATS's window webhook does (this ATS sends the api none)
    r = await api.delete(url, headers=h)
    assert r.status_code == 200 and r.json()["cancel"] == "CANCELED", r.text
    async with state.sessions() as db:
        assert await balance(db, L.cash(uid)) == 100
