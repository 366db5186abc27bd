"""The order list's projection (`trading_orders`): the latest OrderView of each order workflow. The workflow's
`record_view` activity writes it after every change; the api's order list and reads come from here (the workflow's
`view` Query stays the authority for one order). A view is written only when its `version` is newer than the row's,
so a retried or late write never turns an order back."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from typing import Any

from sqlalchemy import JSON, DateTime, TextClause, and_, cast, literal, or_, select
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from store.trading.models import TradingOrder
from store.upsert import upsert
from workflows.trading.order_types import ENDED, QUEUED, REJECTED, ExecutionView, OrderView


def view_of(data: dict[str, Any]) -> OrderView:
    """An OrderView from its JSON copy."""
    fields = dict(data)
    fields["executions"] = [ExecutionView(**e) for e in fields.get("executions") or []]
    return OrderView(**fields)


def _time(value: str) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if value else None
    except ValueError:
        return None


async def save_view(db: AsyncSession, view: OrderView, user_id: int) -> bool:
    """Writes the view unless the row already holds this version or a newer one (False then); commits."""
    values: dict[str, Any] = dict(
        order_id=view.id, user_id=user_id, asset_id=view.asset_id, instrument_id=view.financial_instrument_id,
        ticker=view.ticker, side=view.side, order_type=view.order_type, term=view.term, status=view.status,
        units_requested=view.units_requested, units_filled=view.units_filled, unit_price=Decimal(view.unit_price),
        ats_order_id=view.ats_order_id, window_id=view.window_id,
        confirmed_matched_status=view.confirmed_matched_status, version=view.version, view=asdict(view))
    if (created := _time(view.created)) is not None:
        values["created"] = created
    if (modified := _time(view.modified)) is not None:
        values["modified"] = modified
    written = (await db.execute(_save(tuple(values)), values)).first() is not None
    await db.commit()
    return written


@cache
def _save(columns: tuple[str, ...]) -> TextClause:
    """The view's upsert for these columns (a missing `created` or `modified` keeps the row's): newer versions only."""
    stamp = DateTime(timezone=True)
    return upsert(TradingOrder.__tablename__, columns, conflict="order_id",
                  update=[c for c in columns if c not in ("order_id", "user_id", "created")],
                  where=f"{TradingOrder.__tablename__}.version < excluded.version", returning="order_id",
                  types={"view": JSON(), "created": stamp, "modified": stamp})


async def list_views(db: AsyncSession, user_id: int, asset_id: int | None = None,
                     active: bool | None = None) -> list[OrderView]:
    """The investor's orders, newest first; `active`: only those still open (True) or ended (False)."""
    q = select(col(TradingOrder.view)).where(col(TradingOrder.user_id) == user_id)
    if asset_id is not None:
        q = q.where(col(TradingOrder.asset_id) == asset_id)
    if active is True:
        q = q.where(col(TradingOrder.status).not_in(ENDED))
    elif active is False:
        q = q.where(col(TradingOrder.status).in_(ENDED))
    rows = (await db.scalars(q.order_by(col(TradingOrder.created).desc(), col(TradingOrder.order_id)))).all()
    return [view_of(r) for r in rows]


async def get_view(db: AsyncSession, user_id: int, order_id: str) -> OrderView | None:
    """One of the investor's orders (None: unknown, or another investor's)."""
    data = await db.scalar(select(col(TradingOrder.view)).where(col(TradingOrder.order_id) == order_id,
                                                            col(TradingOrder.user_id) == user_id))
    return view_of(data) if data is not None else None


async def order_of_ats_id(db: AsyncSession, ats_order_id: str) -> tuple[str, int] | None:
    """(order id, user id) of the order the ATS knows as `ats_order_id` (a webhook's data.id), or None."""
    row = (await db.execute(select(col(TradingOrder.order_id), col(TradingOrder.user_id)).where(
        col(TradingOrder.ats_order_id) == ats_order_id))).first()
    return (row[0], row[1]) if row is not None else None


async def users_in_window(db: AsyncSession, window_id: str, instrument_id: str) -> list[int]:
    """The investors a change of this trading window is for: an order matched in it (the projection's `window_id`), or
    an open order on its instrument whose match is not recorded yet — the window can move on (into CONFIRMATION)
    before the execution's webhook has reached the order, and the popup must not wait for the next change."""
    unmatched_open = and_(col(TradingOrder.instrument_id) == instrument_id, col(TradingOrder.window_id).is_(None),
                          col(TradingOrder.status).not_in([*ENDED, REJECTED]))
    rows = await db.scalars(select(col(TradingOrder.user_id)).where(
        or_(col(TradingOrder.window_id) == window_id, unmatched_open)).distinct())
    return sorted(rows.all())


@dataclass(frozen=True)
class HeldOrder:
    """What the order list says of an order the ATS may still move (the reconciliation compares it with the ATS)."""

    order_id: str
    ats_order_id: str | None       # None until the view after the placement is written (the ATS knows it by its key)
    status: str
    units_filled: int
    modified: str                  # the view's newest ATS time (order or execution)
    pending: dict[str, bool]       # its executions waiting for confirmation: id -> this side confirmed


async def held_orders(db: AsyncSession) -> list[HeldOrder]:
    """The orders not over in the order list: open (QUEUED ones, still being placed, aside), or ended with an
    execution still waiting for its confirmation or settlement (its webhook may be the one lost)."""
    waiting = cast(col(TradingOrder.view), JSONB).op("@>")(
        cast(literal('{"executions": [{"status": "PENDING_CONFIRMATION"}]}'), JSONB))
    rows = await db.execute(select(col(TradingOrder.order_id), col(TradingOrder.ats_order_id), col(TradingOrder.status),
                                   col(TradingOrder.units_filled), col(TradingOrder.view)).where(
        col(TradingOrder.status) != QUEUED, or_(col(TradingOrder.status).not_in(ENDED), waiting)))
    out = []
    for order_id, ats_id, status, filled, view in rows.all():
        pending = {str(x.get("id")): bool(x.get("confirmed")) for x in (view or {}).get("executions") or []
                   if x.get("status") == "PENDING_CONFIRMATION"}
        out.append(HeldOrder(order_id, ats_id, status, int(filled), str((view or {}).get("modified") or ""),
                             pending))
    return out
