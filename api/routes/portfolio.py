"""My Portfolio's reads (spec doc 3 §2.6, §4.11, §7 "Portfolio and funding"): the investments — the offering
purchases and the holdings grouped per financial instrument with their gain/loss — and the all-time gain/loss,
from the ledger through domain/holdings.py (store/holdings.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from sqlalchemy import select
from sqlmodel import col

from api.deps import CurrentUser, Db, State, own
from api.params import Id
from api.purchase.schemas import GainLossOut, HoldingOut, InvestmentsOut
from api.state import AppState
from domain.money import money_str
from store.holdings import AssetHolding, Portfolio, portfolio
from store.models import Asset, Investment
from store.purchases import investment_json
from store.trading import market_state
from workflows.trading.order_types import instrument_id_of

router = APIRouter(tags=["portfolio"])


async def portfolio_of(state: AppState, db: Db, user_id: int) -> Portfolio:
    """The investor's holdings at the current prices (the market state as the refresher last read it)."""
    return await portfolio(db, user_id, await market_state.load(state.redis))


def holding_out(g: AssetHolding) -> HoldingOut:
    a, h = g.asset, g.holding
    return HoldingOut(
        asset_id=a.id, ticker=a.ticker, display_name=a.display_name, category=a.category,
        portal_image=f"/media/assets/{a.id}/portal.svg", financialInstrumentId=instrument_id_of(a.ticker),
        type="exited" if g.exited else "active", shares=h.shares, sharesBought=h.shares_bought,
        sharesSold=h.shares_sold, boughtTotal=money_str(h.bought_total), soldTotal=money_str(h.sold_total),
        averageCost=money_str(h.average_cost), totalCost=money_str(h.cost_basis),
        currentPricePerShare=money_str(h.current_price), currentTotal=money_str(h.current_value),
        gainLoss=money_str(h.gain_loss),
        gainLossPercent=money_str(h.gain_loss_percent) if h.gain_loss_percent is not None else None,
        lastInvestmentDate=h.last_activity.isoformat() if h.last_activity else None)


@router.get("/api/users/{user_id}/investments", response_model=InvestmentsOut)
async def investments(user_id: Id, user: CurrentUser, state: State, db: Db) -> dict[str, Any]:
    """The offering purchases (newest first), the holdings per financial instrument (newest activity first) and the
    exited investments apart."""
    own(user, user_id)
    rows = (await db.execute(select(Investment, Asset).join(Asset, col(Asset.id) == col(Investment.asset_id))
                             .where(col(Investment.user_id) == user.id).order_by(col(Investment.id).desc()))).all()
    p = await portfolio_of(state, db, user.id)
    return {"items": [investment_json(inv, asset) for inv, asset in rows],
            "holdings": [holding_out(g) for g in p.active], "exited": [holding_out(g) for g in p.exited]}


@router.get("/api/users/{user_id}/investments/performance/gain-loss", response_model=GainLossOut)
async def gain_loss(user_id: Id, user: CurrentUser, state: State, db: Db) -> GainLossOut:
    """The all-time gain/loss of every share the investor ever bought."""
    own(user, user_id)
    block = (await portfolio_of(state, db, user.id)).all_time
    return GainLossOut(allTimeAmount=money_str(block.amount),
                       allTimePercentage=money_str(block.percentage) if block.percentage is not None else None)
