"""What an investor owns and may use on the secondary market, derived from the ledger: available cash (net of
holds; sale proceeds once their delay passed), and per asset the lots owned, the open orders, units.total and
units.openAndAlienable (lots past the 5-business-day holding period minus the units in open asks)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal

from sqlalchemy import ColumnElement, func, literal, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import ledger as L
from domain.holding_period import Lot, remaining_lots
from domain.trading.holds import HoldTerms
from domain.trading.market_calendar import EASTERN
from domain.trading.order_rules import OpenOrder, Side, alienable_units
from store.ledger import balance
from store.models import Asset
from store.trading.models import SharePosting, TradeFill, TradingHold
from workflows.trading.order_types import instrument_id_of


def ny_today() -> date:
    return datetime.now(EASTERN).date()


def terms_of(row: TradingHold) -> HoldTerms:
    side: Side = "BID" if row.side == "BID" else "ASK"
    return HoldTerms(side, row.units, row.filled, row.unit_price, row.pending_units, row.pending_price,
                     ended=row.ended_filled)


def open_order_of(row: TradingHold) -> OpenOrder:
    """An open order as the rules see it; an ask counts every unit it holds (an edit's larger size included)."""
    t = terms_of(row)
    return OpenOrder(row.order_id, t.side, t.units_required if t.side == "ASK" else t.open_units, row.unit_price)


@dataclass(frozen=True)
class Position:
    asset_id: int
    ticker: str
    total: int  # units owned, those held for open asks included
    open_and_alienable: int
    lots: tuple[Lot, ...]
    open_orders: tuple[OpenOrder, ...]

    @property
    def instrument_id(self) -> str:
        return instrument_id_of(self.ticker)

    def as_json(self) -> dict[str, object]:
        """The spec's position (doc 3 §3, §7 positions: keyed by financial instrument id): the instrument (its id,
        the asset id and ticker the screens show), units.total and units.openAndAlienable."""
        return {"financialInstrument": {"id": self.instrument_id, "assetId": self.asset_id, "ticker": self.ticker},
                "units": {"total": self.total, "openAndAlienable": self.open_and_alienable}}


async def due_proceeds(db: AsyncSession, user_id: int, now: datetime | None = None) -> Decimal:
    """Sale proceeds whose settlement delay has passed but that are not yet moved to cash."""
    total = await db.scalar(select(func.coalesce(func.sum(TradeFill.amount), 0)).where(
        col(TradeFill.user_id) == user_id, col(TradeFill.proceeds_released).is_(False),
        col(TradeFill.proceeds_available_at) <= (now or datetime.now(UTC))))
    return Decimal(total or 0)


async def available_cash(db: AsyncSession, user_id: int, now: datetime | None = None) -> Decimal:
    """Cash the investor may bid or withdraw with: holds already left the cash account."""
    return await balance(db, L.cash(user_id)) + await due_proceeds(db, user_id, now)


async def open_holds(db: AsyncSession, user_id: int, asset_id: int | None = None) -> list[TradingHold]:
    q = select(TradingHold).where(col(TradingHold.user_id) == user_id, col(TradingHold.status) == "open")
    if asset_id is not None:
        q = q.where(col(TradingHold.asset_id) == asset_id)
    return list((await db.scalars(q.order_by(col(TradingHold.created_at)))).all())


async def open_orders(db: AsyncSession, user_id: int, asset_id: int) -> tuple[OpenOrder, ...]:
    """The investor's open orders on the asset, as the prevalidation reads them."""
    return tuple(open_order_of(h) for h in await open_holds(db, user_id, asset_id))


async def _acquisitions(db: AsyncSession, user_id: int, asset_id: int) -> list[Lot]:
    rows = (await db.execute(select(col(SharePosting.lot_date), func.sum(col(SharePosting.units))).where(
        col(SharePosting.account) == L.shares(user_id), col(SharePosting.asset_id) == asset_id, col(SharePosting.units) > 0,
        col(SharePosting.lot_date).is_not(None)).group_by(col(SharePosting.lot_date)))).all()
    return [Lot(int(units), lot_date) for lot_date, units in rows]


def _owned_by(user_id: int) -> ColumnElement[bool]:
    """Share postings of the investor's own units: their share account and the accounts holding units for their asks
    (one per order, `L.held`, each with its TradingHold row). Account equalities, so the account index answers whatever
    the database's collation (a LIKE prefix, or an OR with a subquery, reads the whole table)."""
    accounts = union_all(select(literal(L.shares(user_id))), select(
        literal(L.held_prefix(user_id)).concat(col(TradingHold.order_id))).where(col(TradingHold.user_id) == user_id))
    return col(SharePosting.account).in_(accounts)


async def owned_units(db: AsyncSession, user_id: int, asset_id: int) -> int:
    """Units in the investor's share account plus those held for their asks."""
    total = await db.scalar(select(func.coalesce(func.sum(SharePosting.units), 0)).where(
        col(SharePosting.asset_id) == asset_id, _owned_by(user_id)))
    return int(total or 0)


async def shares_count(db: AsyncSession, user_id: int) -> int:
    """Every unit the investor owns, of every asset (the user's `shares_count`; the sum of their positions'
    units.total): one read."""
    total = await db.scalar(select(func.coalesce(func.sum(SharePosting.units), 0)).where(_owned_by(user_id)))
    return int(total or 0)


async def position(db: AsyncSession, user_id: int, asset_id: int, today: date | None = None) -> Position:
    owned = await owned_units(db, user_id, asset_id)
    lots = tuple(remaining_lots(await _acquisitions(db, user_id, asset_id), owned))
    orders = await open_orders(db, user_id, asset_id)
    ticker = await db.scalar(select(col(Asset.ticker)).where(col(Asset.id) == asset_id))
    return Position(asset_id, ticker or "", owned, alienable_units(lots, orders, today or ny_today()), lots, orders)


async def positions(db: AsyncSession, user_id: int, today: date | None = None) -> list[Position]:
    """Every asset the investor owns units of, or has an open order on, in asset id order."""
    owned = select(col(SharePosting.asset_id)).where(_owned_by(user_id)).group_by(col(SharePosting.asset_id)).having(
        func.sum(col(SharePosting.units)) != 0)
    ordered = select(col(TradingHold.asset_id)).where(col(TradingHold.user_id) == user_id, col(TradingHold.status) == "open")
    ids = sorted(set((await db.scalars(owned)).all()) | set((await db.scalars(ordered)).all()))
    return [await position(db, user_id, asset_id, today) for asset_id in ids]
