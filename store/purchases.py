"""Offering purchases in PostgreSQL: share holds (reservations) and the investment itself. Every change that can
oversell runs under the asset's row lock (SELECT ... FOR UPDATE), so concurrent buyers are serialised per asset and
the shares sold plus the unexpired holds of others never exceed the offering."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import ledger as L
from domain import purchase as P
from domain.asset_status import CLOSED_ICO, COMING_SOON, OPEN_ICO
from domain.money import money_str
from domain.purchase import Hold
from store.ledger import InsufficientFunds, lock_user, post
from store.models import Asset, Investment, Reservation

# New York's day of a purchase (not domain.trading.market_calendar: this module is passed through into the workflow
# sandbox, which must not load the holiday calendar)
NEW_YORK = ZoneInfo("America/New_York")
BUYABLE = (OPEN_ICO, COMING_SOON)  # Coming Soon only for early-access investors (checked by the flow's gate)


class PurchaseRefused(Exception):
    """The spec's error_type and the messages the error view lists."""

    def __init__(self, error_type: str, messages: list[str]) -> None:
        super().__init__(messages[0] if messages else error_type)
        self.error_type, self.messages = error_type, messages


async def _locked_asset(db: AsyncSession, asset_id: int) -> Asset:
    asset: Asset | None = await db.scalar(select(Asset).where(col(Asset.id) == asset_id).with_for_update())
    if asset is None:
        raise PurchaseRefused("BaseException", ["This asset does not exist."])
    return asset


async def held_by_others(db: AsyncSession, asset_id: int, flow_id: str) -> int:
    total = await db.scalar(select(func.coalesce(func.sum(Reservation.shares), 0)).where(
        col(Reservation.asset_id) == asset_id, col(Reservation.status) == "held", col(Reservation.expires_at) > func.now(),
        col(Reservation.flow_id) != flow_id))
    return int(total or 0)


async def available_for(db: AsyncSession, asset: Asset, flow_id: str) -> int:
    return max(0, asset.number_of_shares - asset.shares_sold - await held_by_others(db, asset.id, flow_id))


async def hold(db: AsyncSession, *, flow_id: str, user_id: int, asset_id: int, shares: int, ttl_seconds: int) -> Hold:
    """Holds `shares` for this flow (replacing its previous hold) when that many are free; commits."""
    asset = await _locked_asset(db, asset_id)
    available = await available_for(db, asset, flow_id)
    now = await db.scalar(select(func.now()))
    assert isinstance(now, datetime)
    expires = now + timedelta(seconds=ttl_seconds)
    if shares > available:
        await db.commit()
        return Hold(False, available, 0, expires.isoformat())
    await db.execute(insert(Reservation).values(flow_id=flow_id, user_id=user_id, asset_id=asset_id, shares=shares,
                                                status="held", expires_at=expires)
                     .on_conflict_do_update(index_elements=["flow_id"], set_={"shares": shares, "status": "held",
                                                                              "expires_at": expires},
                                            where=col(Reservation.status) != "consumed"))
    await db.commit()
    return Hold(True, available, shares, expires.isoformat())


async def release(db: AsyncSession, flow_id: str) -> bool:
    """Gives the flow's held shares back (compensation); a consumed or released hold stays as it is."""
    result = await db.execute(update(Reservation).where(col(Reservation.flow_id) == flow_id, col(Reservation.status) == "held")
                              .values(status="released").returning(col(Reservation.id)))
    await db.commit()
    return result.first() is not None


async def post_lot(db: AsyncSession, inv: Investment, bought_on: date | None = None) -> bool:
    """The purchase's shares as a lot in the investor's share account (from the issuer), dated the purchase's
    settlement day in New York, once per purchase (its business key); the caller commits. The lot is what the
    secondary market counts (positions, the 5-business-day rule)."""
    bought_on = bought_on or inv.created_at.astimezone(NEW_YORK).date()
    return await post(db, f"purchase-shares:{inv.idempotency_key}", "purchase-shares", [],
                      memo=f"{inv.shares} shares of asset {inv.asset_id}",
                      shares=L.offering_shares(inv.user_id, inv.asset_id, inv.shares, bought_on))


async def post_missing_lots(db: AsyncSession) -> int:
    """Posts the lot of every purchase that has none yet (purchases made before lots were posted); commits."""
    posted = 0
    for inv in (await db.scalars(select(Investment).order_by(col(Investment.id)))).all():
        posted += await post_lot(db, inv)
    await db.commit()
    return posted


async def owned_shares(db: AsyncSession, user_id: int, asset_id: int) -> int:
    total = await db.scalar(select(func.coalesce(func.sum(Investment.shares), 0)).where(
        col(Investment.user_id) == user_id, col(Investment.asset_id) == asset_id))
    return int(total or 0)


@dataclass
class Order:
    key: str  # the purchase flow's business key: one investment per flow
    flow_id: str
    user_id: int
    asset_id: int
    shares: int
    max_shares: int
    gift_value: Decimal
    redeem_code: str
    envelope_id: str | None
    agreed_at: datetime | None


async def record(db: AsyncSession, o: Order, asset: Asset, bought_on: date | None = None) -> Investment:
    """The investment of `o` at the offering's price: its ledger entry (key `purchase:{key}`: the gross price into
    investments, paid from cash and a gift's part from the promotions account), its row and its lot (dated
    `bought_on`, today by default: the purchase settles with its payment from cash). No check of the offering (`buy`
    makes them); the caller holds the investor's lock and commits. Raises InsufficientFunds (short of cash)."""
    price = P.price_per_share(asset.asset_value, asset.number_of_shares)
    gross = P.gross(o.shares, price)
    to_pay = P.cost(o.shares, price, o.gift_value)
    await post(db, f"purchase:{o.key}", "purchase", L.purchase(o.user_id, gross, to_pay),
               memo=f"{o.shares} x {asset.ticker}")
    inv = Investment(idempotency_key=o.key, user_id=o.user_id, asset_id=o.asset_id, shares=o.shares,
                     price_per_share=price, amount=gross, gift_value=gross - to_pay, cash_amount=to_pay,
                     redeem_code=o.redeem_code, envelope_id=o.envelope_id, agreed_at=o.agreed_at)
    db.add(inv)
    await post_lot(db, inv, bought_on or datetime.now(NEW_YORK).date())
    return inv


async def buy(db: AsyncSession, o: Order) -> tuple[Investment, bool]:
    """The investment and its ledger entry, exactly once per key (False: it already existed); commits.
    Raises PurchaseRefused (nothing written) when the shares are gone, the limit is passed or cash is short."""
    existing = await db.scalar(select(Investment).where(col(Investment.idempotency_key) == o.key))
    if existing is not None:
        if await post_lot(db, existing):  # an investment written before purchases posted their lots
            await db.commit()
        return existing, False
    asset = await _locked_asset(db, o.asset_id)
    await lock_user(db, o.user_id)
    existing = await db.scalar(select(Investment).where(col(Investment.idempotency_key) == o.key))
    if existing is not None:  # a retry that raced the first attempt
        await db.rollback()
        return existing, False
    if asset.asset_status not in BUYABLE:
        raise PurchaseRefused("BaseException", ["This offering is closed."])
    available = await available_for(db, asset, o.flow_id)
    if o.shares > available:
        raise PurchaseRefused("BaseException", [P.only_left(available)])
    if await owned_shares(db, o.user_id, o.asset_id) + o.shares > o.max_shares:
        raise PurchaseRefused("BaseException", [P.MAXIMUM_REACHED])
    try:
        inv = await record(db, o, asset)
    except InsufficientFunds:
        await db.rollback()
        raise PurchaseRefused("InsufficientFunds", ["You do not have enough cash for this purchase."]) from None
    asset.shares_sold += o.shares  # and `modified`: the column's onupdate sets it in the same UPDATE
    if asset.shares_sold >= asset.number_of_shares:
        asset.asset_status = CLOSED_ICO  # sold out: the offering closes in the same transaction
    await db.execute(update(Reservation).where(col(Reservation.flow_id) == o.flow_id).values(status="consumed"))
    await db.commit()
    await db.refresh(inv)
    return inv, True

def investment_json(inv: Any, asset: Asset | None = None) -> dict[str, Any]:
    out = {"id": inv.id, "asset_id": inv.asset_id, "shares": inv.shares, "price_per_share": money_str(inv.price_per_share),
           "amount": money_str(inv.amount), "gift_value": money_str(inv.gift_value),
           "cash_amount": money_str(inv.cash_amount), "created": inv.created_at.isoformat() if inv.created_at else None}
    if asset is not None:
        out.update(ticker=asset.ticker, display_name=asset.display_name, category=asset.category,
                   portal_image=f"/media/assets/{asset.id}/portal.svg")
    return out
