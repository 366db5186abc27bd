"""An investor's holdings from the ledger (spec doc 3 §4.11): per asset the fills that moved their shares — offering
purchases (`investments`), filled bids and asks (`trade_fills`), and lots posted without either (the demo
investors' lots in a database seeded before issue 30: `demo-shares` entries, valued at the offering price like an
offering purchase) — run through
domain/holdings.py at the asset's current price (the last trade: the ATS's latest fill or last close as the
market refresher last read them, else the last fill Vitrine settled; before any trade the offering price)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import holdings as H
from domain import ledger as L
from domain.purchase import price_per_share
from store.models import Asset, Investment, LedgerEntry
from store.trading.models import SharePosting, TradeFill

# entries whose lots are already read with their price from `investments` or `trade_fills`
PRICED_LOT_KINDS = ("purchase-shares", "trade-fill")


@dataclass(frozen=True)
class AssetHolding:
    asset: Asset
    holding: H.Holding

    @property
    def exited(self) -> bool:
        return self.asset.is_exited


@dataclass(frozen=True)
class Portfolio:
    active: list[AssetHolding]  # shares above 0, newest activity first
    exited: list[AssetHolding]  # the exited assets' groups, newest activity first
    all_time: H.AllTime

    @property
    def in_assets(self) -> Decimal:
        return sum((g.holding.current_value for g in self.active), H.ZERO)


async def _fills(db: AsyncSession, user_id: int, until: datetime | None = None) -> dict[int, list[H.Fill]]:
    """The investor's fills per asset; with `until`, only those before that instant."""
    end = until or datetime.max.replace(tzinfo=UTC)
    fills: dict[int, list[H.Fill]] = {}
    for inv in (await db.scalars(select(Investment).where(col(Investment.user_id) == user_id,
                                                         col(Investment.created_at) < end))).all():
        fills.setdefault(inv.asset_id, []).append(H.Fill("BUY", inv.shares, inv.price_per_share, inv.created_at))
    for f in (await db.scalars(select(TradeFill).where(col(TradeFill.user_id) == user_id,
                                                       col(TradeFill.created_at) < end))).all():
        fills.setdefault(f.asset_id, []).append(H.Fill("BUY" if f.side == "BID" else "SELL", f.units, f.unit_price,
                                                       f.created_at))
    lots = (await db.execute(
        select(col(SharePosting.asset_id), col(SharePosting.units), col(LedgerEntry.created_at))
        .join(LedgerEntry, col(LedgerEntry.id) == col(SharePosting.entry_id))
        .where(col(SharePosting.account) == L.shares(user_id), col(SharePosting.units) > 0,
               col(SharePosting.lot_date).is_not(None), col(LedgerEntry.kind).not_in(PRICED_LOT_KINDS),
               col(LedgerEntry.created_at) < end))).all()
    unpriced = {asset_id for asset_id, _, _ in lots}
    offering = {a.id: price_per_share(a.asset_value, a.number_of_shares)
                for a in (await db.scalars(select(Asset).where(col(Asset.id).in_(unpriced)))).all()} if unpriced else {}
    for asset_id, units, at in lots:
        fills.setdefault(asset_id, []).append(H.Fill("BUY", int(units), offering[asset_id], at))
    for rows in fills.values():
        rows.sort(key=lambda f: (f.at, f.side == "SELL"))  # a same-instant buy before the sell it funds
    return fills


def market_last_trade(market: dict[str, Any] | None) -> Decimal | None:
    """The last trade in the market state the refresher keeps (store/trading/market_state.py): latest fill, else last close."""
    per_unit = (((market or {}).get("trading") or {}).get("pricing") or {}).get("pricePerUnit") or {}
    session = per_unit.get("session") or {}
    for value in (session.get("latestFilled"), session.get("lastClose")):
        if value not in (None, ""):
            price = Decimal(str(value))
            if price > 0:
                return price
    return None


async def _last_fills(db: AsyncSession, asset_ids: list[int], until: datetime | None = None) -> dict[int, Decimal]:
    """The price of the last fill Vitrine settled per asset (any investor); with `until`, the last before it."""
    end = until or datetime.max.replace(tzinfo=UTC)
    newest = (select(col(TradeFill.asset_id), func.max(col(TradeFill.created_at)).label("at"))
              .where(col(TradeFill.asset_id).in_(asset_ids), col(TradeFill.created_at) < end)
              .group_by(col(TradeFill.asset_id)).subquery())
    rows = (await db.execute(select(col(TradeFill.asset_id), col(TradeFill.unit_price)).join(
        newest, (newest.c.asset_id == col(TradeFill.asset_id)) & (newest.c.at == col(TradeFill.created_at))))).all()
    return {asset_id: price for asset_id, price in rows}


async def portfolio(db: AsyncSession, user_id: int, market: dict[str, dict[str, Any]] | None = None,
                    until: datetime | None = None) -> Portfolio:
    """The investor's holdings; `market`: the market state by ticker (store/trading/market_state.load), may be empty.
    With `until` (a past instant: a statement's month end), the holdings then, each valued at the last fill Vitrine
    settled before it (or the offering price); give no `market` then."""
    fills = await _fills(db, user_id, until)
    ids = sorted(fills)
    assets = {a.id: a for a in (await db.scalars(select(Asset).where(col(Asset.id).in_(ids)))).all()} if ids else {}
    settled = await _last_fills(db, ids, until) if ids else {}
    groups: list[AssetHolding] = []
    for asset_id in ids:
        a = assets[asset_id]
        last = market_last_trade((market or {}).get(a.ticker)) or settled.get(asset_id)
        price = H.current_price(last, price_per_share(a.asset_value, a.number_of_shares))
        groups.append(AssetHolding(a, H.holding(fills[asset_id], price)))
    by_id = {g.asset.id: g for g in groups}
    ordered_groups = [by_id[k] for k, _ in H.by_last_activity([(g.asset.id, g.holding) for g in groups])]
    return Portfolio(active=[g for g in ordered_groups if not g.exited and g.holding.shares > 0],
                     exited=[g for g in ordered_groups if g.exited],
                     all_time=H.all_time(g.holding for g in groups))
