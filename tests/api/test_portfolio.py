"""My Portfolio's figures on the real stack: a position seeded by an offering purchase, a filled bid and a filled ask
(through the store's helpers), read back as a person sees them — the grouped holding with its average cost, current
value and gain/loss, the account block, the all-time gain/loss — and refused to anybody else (404)."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx

from api.purchase.schemas import GainLossOut, InvestmentsOut
from api.state import AppState
from domain import ledger as L
from domain.trading import order_rules as R
from store.demo_investors import TRADED_TICKERS
from store.ledger import post
from store.purchases import Order, buy
from store.seed import DEMO_PASSWORD
from store.trading import ledger as T
from tests.api.accounts import signup
from tests.api.documented import conforms
from tests.flows.investors import funded_investor, offering

LATER = date.today() + timedelta(days=30)  # past the 5-business-day holding period: the lots may be sold


async def get(api: httpx.AsyncClient, user: dict[str, Any], tail: str) -> dict[str, Any]:
    r = await api.get(f"/api/users/{user['user_id']}{tail}", headers=user["headers"])
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


async def trade(state: AppState, uid: int, asset_id: int, side: R.Side, units: int, price: str) -> None:
    order_id = str(uuid.uuid4())
    async with state.sessions() as db:
        assert await T.hold(db, T.HoldRequest(order_id, uid, asset_id, side, units, Decimal(price)), today=LATER)
    async with state.sessions() as db:
        assert await T.post_fill(db, order_id, "x1", units, Decimal(price), today=LATER)


async def test_a_purchase_and_two_fills_give_one_group_with_its_gain(api: httpx.AsyncClient, app_state: AppState) -> None:
    user = await funded_investor(api, app_state, cash="1000.00")
    uid = int(user["user_id"])
    asset = await offering(app_state, shares=100, value="1000.00")  # 10.00 a share
    before = await get(api, user, "/investments/performance/gain-loss")
    assert before == {"allTimeAmount": "0.00", "allTimePercentage": None}

    async with app_state.sessions() as db:
        await buy(db, Order(key=f"test-{uuid.uuid4().hex}", flow_id="f", user_id=uid, asset_id=asset.id, shares=10,
                            max_shares=100, gift_value=Decimal(0), redeem_code="", envelope_id=None,
                            agreed_at=datetime.now(UTC)))
    listed = await get(api, user, "/investments")
    assert [(h["ticker"], h["shares"], h["averageCost"], h["currentTotal"], h["gainLoss"]) for h in listed["holdings"]] == [
        (asset.ticker, 10, "10.00", "100.00", "0.00")]  # no trade yet: valued at the offering price

    await trade(app_state, uid, asset.id, R.BID, 5, "12.00")  # 15 shares cost 160.00
    await trade(app_state, uid, asset.id, R.ASK, 3, "14.00")  # 3 sold at the last trade: 12 left, basis 128.00
    listed = await get(api, user, "/investments")
    conforms(InvestmentsOut, listed)
    assert len(listed["items"]) == 1 and listed["exited"] == []
    [h] = listed["holdings"]
    assert (h["shares"], h["sharesBought"], h["sharesSold"]) == (12, 15, 3)
    assert (h["averageCost"], h["totalCost"], h["currentPricePerShare"], h["currentTotal"]) == (
        "10.67", "128.00", "14.00", "168.00")
    assert (h["gainLoss"], h["gainLossPercent"]) == ("40.00", "31.25")
    assert h["financialInstrumentId"] == asset.ticker.lstrip("#") and h["type"] == "active"

    b = await get(api, user, "/financials/balance")
    # In Cash: 1000 - 100 (purchase) - 60 (bid); In Assets: 12 x 14.00; Pending: the sale's 42.00 proceeds
    assert (b["cash"], b["investments"], b["pending"], b["total"]) == ("840.00", "168.00", "42.00", "1050.00")
    gain = await get(api, user, "/investments/performance/gain-loss")
    conforms(GainLossOut, gain)
    # 168.00 held + 42.00 sold - 160.00 bought
    assert gain == {"allTimeAmount": "50.00", "allTimePercentage": "31.25"}


async def test_groups_sort_by_last_activity_and_another_investor_gets_404(api: httpx.AsyncClient,
                                                                          app_state: AppState) -> None:
    user = await funded_investor(api, app_state, cash="1000.00")
    uid = int(user["user_id"])
    first, second = await offering(app_state), await offering(app_state)
    for a in (first, second, first):
        async with app_state.sessions() as db:
            await buy(db, Order(key=f"test-{uuid.uuid4().hex}", flow_id="f", user_id=uid, asset_id=a.id, shares=2,
                                max_shares=100, gift_value=Decimal(0), redeem_code="", envelope_id=None, agreed_at=None))
    listed = await get(api, user, "/investments")
    assert [(h["ticker"], h["shares"]) for h in listed["holdings"]] == [(first.ticker, 4), (second.ticker, 2)]
    other = await signup(api)
    for tail in ("/investments", "/investments/performance/gain-loss"):
        r = await api.get(f"/api/users/{uid}{tail}", headers=other["headers"])
        assert r.status_code == 404, (tail, r.status_code)


async def test_lots_posted_without_a_trade_are_valued_like_an_offering_purchase(api: httpx.AsyncClient,
                                                                                app_state: AppState) -> None:
    """The demo investors' lots (a `demo-shares` entry, no purchase row, no fill): In Assets counts them."""
    user = await funded_investor(api, app_state, cash="50.00")
    uid = int(user["user_id"])
    asset = await offering(app_state, shares=100, value="2000.00")  # 20.00 a share
    async with app_state.sessions() as db:
        await post(db, f"test-lot:{uid}:{asset.id}", "demo-shares", [], memo="a lot like a demo lot",
                   shares=L.offering_shares(uid, asset.id, 40, date(2026, 10, 1)))
        await db.commit()
    [h] = (await get(api, user, "/investments"))["holdings"]
    assert (h["ticker"], h["shares"], h["averageCost"], h["currentTotal"], h["gainLoss"]) == (
        asset.ticker, 40, "20.00", "800.00", "0.00")
    b = await get(api, user, "/financials/balance")
    assert (b["cash"], b["investments"], b["total"]) == ("50.00", "800.00", "850.00")


async def test_the_demo_investor_sees_every_traded_asset_in_assets(api: httpx.AsyncClient, app_state: AppState) -> None:
    """The issue's report: the demo investor held shares yet In Assets read $0.00 and Account Value the cash."""
    r = await api.post("/api/v3/auth/login/", json={"email": "demo@vitrine.test", "password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    demo = {"user_id": r.json()["user_id"], "headers": {"Authorization": f"JWT {r.json()['token']}"}}
    holdings = (await get(api, demo, "/investments"))["holdings"]
    held = {h["ticker"]: h for h in holdings if h["ticker"] in TRADED_TICKERS}
    assert sorted(held) == sorted(TRADED_TICKERS)
    for h in held.values():
        assert h["shares"] >= 1 and Decimal(h["currentPricePerShare"]) > 0
        assert Decimal(h["currentTotal"]) == h["shares"] * Decimal(h["currentPricePerShare"])
    b = await get(api, demo, "/financials/balance")
    in_assets = sum((Decimal(h["currentTotal"]) for h in holdings), Decimal(0))
    assert Decimal(b["investments"]) == in_assets > 0
    assert Decimal(b["total"]) == Decimal(b["cash"]) + in_assets + Decimal(b["pending"])
