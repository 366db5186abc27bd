"""The order wizard during live trading (the ATS's window OPEN): an instant buy against the other broker's resting
ask ends 'all set!', a limit bid that crosses part of the book 'you've been partially matched!'. The market of the
order workflow tests (tests/trading/order_harness.py: its own ATS on the demo schedule with a frozen clock, its own
worker) with an api of its own on that market's settings."""

from __future__ import annotations

from collections.abc import AsyncIterator
from decimal import Decimal

import httpx
import pytest

from api.app import create_app
from api.state import AppState
from domain.trading import order_wizard as W
from tests.flows.investors import funded_investor
from tests.flows.test_place_order import Wizard, finished, held_cash
from tests.trading.conftest import Sessions, sessions  # noqa: F401 - fixture
from tests.trading.order_harness import Market, ats_server, market  # noqa: F401 - fixtures


@pytest.fixture(scope="module")
async def live(market: Market) -> AsyncIterator[tuple[httpx.AsyncClient, AppState]]:  # noqa: F811
    state = AppState.create(market.settings)
    state._temporal = market.client
    app = create_app(market.settings)
    app.state.vitrine = state
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as client:
        yield client, state
    await state.close()


async def test_instant_buy_and_a_partial_match_while_trading_is_live(
        live: tuple[httpx.AsyncClient, AppState], market: Market, sessions: Sessions) -> None:  # noqa: F811
    api, state = live
    asset_id, ticker = await market.listing(sessions)
    await market.to_open(await market.next_session())
    await market.maker(ticker, "ASK", 1, "10.00")
    await market.maker(ticker, "ASK", 2, "10.50")
    buyer = await funded_investor(api, state, cash="100.00")
    uid = int(buyer["user_id"])

    wiz = Wizard(api, buyer, asset_id)
    ctx = (await wiz.to_select())["context"]
    assert ctx["live"] is True and ctx["instant_available"] is True and ctx["lowest_ask"] == "10.00"
    assert wiz.state["values"]["orderType"] == "INSTANT"  # live, a bid, an ask rests: instant by default
    await wiz.ok({"orderType": "INSTANT"})
    assert wiz.state["context"]["loader"] == "Matching you with a seller..."
    summary = (await wiz.ok({}))["context"]
    assert (summary["result"], summary["title"], summary["status"]) == ("all-set", "all set!", "FILLED"), summary
    assert summary["units_filled"] == 1 and summary["fee"] == W.FEE
    await wiz.ok({})
    await finished(state, wiz.state["flow_id"], "PlaceOrder--instant-filled")

    wiz = Wizard(api, buyer, asset_id)  # a new wizard: the next bid; 2 of 3 shares cross the 10.50 ask
    ctx = (await wiz.to_select())["context"]
    assert ctx["lowest_ask"] == "10.50" and ctx["available_cash"] == "90.00"
    summary = (await wiz.place({"orderType": "LIMIT", "units": 3, "unitPrice": "10.50"}))["context"]
    assert summary["result"] == "partially-matched", summary
    assert summary["title"] == "you've been partially matched!" and summary["units_filled"] == 2
    assert summary["message"].startswith("2 of your shares")
    # the whole bid stays held until its matches are confirmed and settle (then the unfilled share's part remains)
    assert await held_cash(state, uid, summary["order_id"]) == Decimal("31.50")
    await wiz.ok({})
    await finished(state, wiz.state["flow_id"], "PlaceOrder--partially-matched")
