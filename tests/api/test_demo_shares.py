"""Share lots on the real stack: the seeded demo investors hold cash and lots of every traded demo asset old enough
to sell at once (positions through the api), re-running the seed adds and changes nothing (tests/api/
test_demo_history.py: the history behind them), and an initial-offering purchase posts its lot (dated the purchase
day: owned, not yet alienable) exactly once."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import Select, func, select
from sqlmodel import col

from api.state import AppState
from config import Settings
from domain import ledger as L
from store.demo_investors import DEMO_CASH, DEMO_INVESTORS, TRADED_TICKERS
from store.models import FundingSource, Investment, LedgerEntry, Transfer, User
from store.positions import available_cash
from store.purchases import post_missing_lots
from store.seed import DEMO_PASSWORD, seed
from store.trading.models import SharePosting, TradeFill, TradingOrder
from tests.api.accounts import read_account_id
from tests.flows.investors import Purchase, funded_investor, offering
from workflows.trading.order_types import instrument_id_of


async def snapshot(state: AppState) -> list[list[Any]]:
    """What the seed writes: the ledger's entries and their moments, the demo investors' profiles, banks, deposits,
    purchases, fills and orders."""
    async with state.sessions() as db:
        reads: list[Select[Any]] = [
            select(col(LedgerEntry.idempotency_key), col(LedgerEntry.created_at)),
            select(col(User.email), col(User.first_name), col(User.ssn_encrypted), col(User.date_joined),
                   col(User.terms_agreed_at)).where(col(User.email).in_(DEMO_INVESTORS)),
            select(col(FundingSource.id), col(FundingSource.account_number_encrypted), col(FundingSource.created_at)),
            select(col(Transfer.id), col(Transfer.status), col(Transfer.created_at), col(Transfer.settled_at)),
            select(col(Investment.id), col(Investment.created_at)),
            select(col(TradeFill.order_id), col(TradeFill.execution_id), col(TradeFill.created_at)),
            select(col(TradingOrder.order_id), col(TradingOrder.version))]
        return [sorted(map(tuple, (await db.execute(q)).all())) for q in reads]


async def positions(api: httpx.AsyncClient, user_id: int, headers: dict[str, str]) -> dict[str, Any]:
    account = await read_account_id(api, user_id, headers)
    r = await api.get(f"/api/financial-accounts/{account}/positions", headers=headers)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()["data"]
    return data


async def test_demo_investors_hold_aged_lots_and_the_seed_is_idempotent(api: httpx.AsyncClient, app_state: AppState,
                                                                        settings: Settings) -> None:
    before = await snapshot(app_state)
    assert all(before), "the seed wrote profiles, banks, deposits, purchases, fills and orders"
    async with app_state.sessions() as db:
        await seed(db, settings)  # again: nothing new, nothing changed
    assert await snapshot(app_state) == before

    for email, units in DEMO_INVESTORS.items():
        r = await api.post("/api/v3/auth/login/", json={"email": email, "password": DEMO_PASSWORD})
        assert r.status_code == 200, r.text
        uid = int(r.json()["user_id"])
        held = await positions(api, uid, {"Authorization": f"JWT {r.json()['token']}"})
        for ticker in TRADED_TICKERS:
            units_of = held[instrument_id_of(ticker)]["units"]
            assert units_of == {"total": units, "openAndAlienable": units}, (email, ticker)  # may sell at once
        async with app_state.sessions() as db:
            assert await available_cash(db, uid) == DEMO_CASH
            assert await db.scalar(select(col(User.email)).where(col(User.id) == uid)) == email


async def test_an_offering_purchase_posts_its_lot_once(api: httpx.AsyncClient, app_state: AppState) -> None:
    user = await funded_investor(api, app_state, cash="100.00")
    asset = await offering(app_state, shares=100, value="1000.00")
    buy = Purchase(api, user, asset.id)
    await buy.to_agreement(shares=3)
    await buy.ok({"agreed": True, "read_ratio": 0.9})
    await buy.ok({"agreeTerms": True})
    assert buy.state["step"] == "success", buy.state
    held = await positions(api, int(user["user_id"]), user["headers"])
    assert held[instrument_id_of(asset.ticker)]["units"] == {"total": 3, "openAndAlienable": 0}  # bought today
    async with app_state.sessions() as db:
        await post_missing_lots(db)  # a re-run posts no second lot of this purchase
        lots = await db.scalar(select(func.count()).select_from(SharePosting).where(
            col(SharePosting.account) == L.shares(int(user["user_id"])), col(SharePosting.asset_id) == asset.id))
    assert lots == 1  # one lot, posted once
    held = await positions(api, int(user["user_id"]), user["headers"])
    assert held[instrument_id_of(asset.ticker)]["units"]["total"] == 3
