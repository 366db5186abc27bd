"""The order's merged activities (issue 20 item 6) run again as Temporal retries them — a worker dying after the
body committed, a timeout after the ATS answered: `trading.hold_place` holds once (keyed by the order id) and places
once at the ATS (keyed by the idempotency key: the same ATS order again); a refused hold places nothing; settling
an order's executions again posts nothing twice (each keyed by its execution id)."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from redis.asyncio import Redis
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.exceptions import ApplicationError
from temporalio.testing import ActivityEnvironment

import activities.interfaces.trading as T
from activities.trading.order import TradingActivities
from clients.ats import ats_client
from domain import ledger as L
from store.ledger import balance
from store.models import LedgerEntry
from store.trading.models import TradingHold
from tests.trading.conftest import Sessions, investor
from tests.trading.order_harness import Market
from workflows.trading import order_types as O


def _inputs(uid: int, asset_id: int, ticker: str, units: int, price: str) -> T.HoldPlaceInput:
    order_id = O.order_id_for(uid, uuid.uuid4().hex)
    return T.HoldPlaceInput(None, T.HoldInput(order_id, uid, asset_id, "BID", units, price),
                            T.PlaceInput(O.account_id_for(uid), O.workflow_id(order_id), O.instrument_id_of(ticker),
                                         "BID", "LIMIT", "GOOD_TIL_CANCELED", units, price))


async def test_hold_place_run_again_holds_and_places_once(market: Market, sessions: Sessions) -> None:
    asset_id, ticker = await market.listing(sessions)
    await market.next_session()  # post-only: the bid rests
    uid = await investor(sessions, "100.00")
    redis = Redis.from_url(market.settings.redis_url)
    ats = ats_client(market.http, market.settings)
    acts = TradingActivities(sessions, ats, redis)
    env = ActivityEnvironment()
    try:
        inp = _inputs(uid, asset_id, ticker, 3, "10.00")
        first = await env.run(acts.hold_place, inp)
        again = await env.run(acts.hold_place, inp)  # a retry of the whole activity
        assert first.id and again.id == first.id and first.status == again.status
        async with sessions() as db:
            assert await balance(db, L.cash(uid)) == Decimal("70.00")  # 3 x 10.00 held once
            assert await db.scalar(select(func.count()).select_from(LedgerEntry).where(
                col(LedgerEntry.idempotency_key) == f"hold:{inp.hold.order_id}")) == 1
        orders = (await ats.call("GET", f"/financial-accounts/{O.account_id_for(uid)}/orders"))["data"]
        assert [o["id"] for o in orders] == [first.id], orders

        too_big = _inputs(uid, asset_id, ticker, 8, "10.00")  # 80.00 > the 70.00 left: refused, nothing placed
        with pytest.raises(ApplicationError) as refused:
            await env.run(acts.hold_place, too_big)
        assert refused.value.type == T.HOLD_REFUSED and refused.value.details[0] == "INSUFFICIENT_FUNDS"
        async with sessions() as db:
            assert await db.get(TradingHold, too_big.hold.order_id) is None
        orders = (await ats.call("GET", f"/financial-accounts/{O.account_id_for(uid)}/orders"))["data"]
        assert len(orders) == 1, orders
    finally:
        await redis.aclose()

