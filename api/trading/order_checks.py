"""The facts a prevalidation reads (domain/trading/order_rules.OrderCheck), gathered for one investor and one asset: the
gates (verified e-mail, state, payment-customer status), available cash net of holds, the lots and open orders
(store/positions.py), and the ATS's last traded price and lowest ask (through their Redis copy). The api's
prevalidate, create and edit calls share it, so all three refuse the same way."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from api.errors import ApiError
from api.state import AppState
from clients.ats import AtsClient, AtsUnavailable, ats_client
from clients.ats_market import Market, market_of_answers, no_market, read_answers
from domain.states import is_blocked
from domain.trading import order_rules as R
from store.gates import verified_primary_email
from store.models import Asset, Customer, User
from store.positions import available_cash, ny_today, open_orders, position
from store.trading import market_quote as Q
from workflows.trading import order_types as O

ATS_DOWN = "The market is unavailable right now. Please try again in a moment."
UNKNOWN_INSTRUMENT = "Unknown financial instrument."


def ats(state: AppState) -> AtsClient:
    return ats_client(state.http, state.settings)


async def market_of(state: AppState, asset: Asset, *, strict: bool = True) -> Market:
    """The instrument's market (clients/ats_market.py): from its Redis copy while that is current
    (store/trading/market_quote.py: the refresher's pass or an earlier read, no book change since), else read from the ATS
    and kept. The ATS unreachable: `strict` → 503 (the prevalidate call; the browser treats it as valid, spec §5),
    else no market (a create or edit goes on: its workflow waits for the broker, QUEUED, instead of the investor
    retrying)."""
    value, shares, iid = asset.asset_value, asset.number_of_shares, O.instrument_id_of(asset.ticker)
    copy = await Q.load(state.redis, iid)
    if copy is not None:
        return market_of_answers(copy.instrument, copy.pricing, asset_value=value, number_of_shares=shares)
    gen = await Q.generation(state.redis, iid)
    try:
        inst, pricing = await read_answers(ats(state), iid)
    except AtsUnavailable:
        if strict:
            raise ApiError(503, ATS_DOWN, error_type="ATS_UNAVAILABLE", headers={"Retry-After": "2"}) from None
        return no_market(asset_value=value, number_of_shares=shares)
    await Q.save(state.redis, iid, gen, inst, pricing, state.settings.market_quote_seconds)
    return market_of_answers(inst, pricing, asset_value=value, number_of_shares=shares)


async def asset_of_instrument(db: AsyncSession, instrument_id: str) -> Asset:
    """The asset whose ATS instrument this is (its ticker without '#'); unknown → 422 on financialInstrumentId."""
    iid = instrument_id.strip().lstrip("#")
    asset = await db.scalar(select(Asset).where(col(Asset.ticker) == f"#{iid}")) if iid else None
    if asset is None:
        raise ApiError(422, UNKNOWN_INSTRUMENT, field="financialInstrumentId", error_type="FINANCIAL_INSTRUMENT_NOT_FOUND")
    return asset


async def order_check(state: AppState, db: AsyncSession, user: User, asset: Asset, *, side: R.Side,
                      order_type: str, units: Any, unit_price: Any, editing: str | None = None,
                      strict: bool = True) -> R.OrderCheck:
    customer = await db.scalar(select(col(Customer.status)).where(col(Customer.user_id) == user.id))
    today = ny_today()
    if R.reads_lots(side):
        pos = await position(db, user.id, asset.id, today)
        lots, orders = pos.lots, pos.open_orders
    else:  # a bid's rules read its open orders, never the lots: three reads fewer per bid
        lots, orders = (), await open_orders(db, user.id, asset.id)
    # a limit bid's rules read no market data (the lowest ask prices an instant buy, the last traded price bounds an
    # ask): a create or edit of one reads none; the prevalidate call still answers 503 with the ATS down
    needs_market = strict or side != R.BID or order_type == R.INSTANT
    market = await market_of(state, asset, strict=strict) if needs_market else None
    return R.OrderCheck(
        side=side, units=R.parse_units(units), unit_price=R.parse_price(unit_price),
        available_cash=await available_cash(db, user.id), lots=lots, open_orders=orders,
        last_traded_price=market.last_traded if market else None, number_of_shares=asset.number_of_shares, today=today,
        order_type=order_type, lowest_ask=market.lowest_ask if market else None, editing=editing, email=user.email,
        email_verified=await verified_primary_email(db, user),
        state_blocked=is_blocked(user.state, frozenset(state.settings.enabled_states)),
        customer_status=customer or "not-created")


def refuse(result: R.Prevalidation) -> None:
    """The create/edit answer for a refused prevalidation: 422 with the spec's message, error_type = the code."""
    if not result.valid:
        raise ApiError(422, result.message or "Invalid order.", error_type=result.code, field=result.field)
