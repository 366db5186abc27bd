"""Every receipt of an investor (spec doc 3 §3 Transfer / receipt, §4.11): deposits and withdrawals (`transfers`),
initial-offering purchases (`investments`), trade fills (`trade_fills`: only executions — an order that has not
traded, SUBMITTED or open, has no receipt; it shows under the portfolio's pending transactions), store orders that
were charged (`merchandise`) and their refunds, newest first. An investor's history is read whole and sliced into
pages (it is at most a few hundred rows)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain.money import money_str
from store.models import Asset, Investment, LedgerEntry, MerchandiseOrder, Transfer
from store.trading.models import TradeFill
from workflows.trading.order_types import instrument_id_of

PROCESSED = "processed"
MERCH_STATUS = {"confirmed": PROCESSED, "pending": "pending", "failed": PROCESSED}  # a failed order was refunded


@dataclass(frozen=True)
class Receipt:
    id: str
    type: str  # deposit | withdrawal | investment | trade | merchandise | refund
    amount: Decimal
    status: str
    source_name: str  # bank | balance
    created: datetime
    failure_reason: str | None = None
    product_titles: list[str] = field(default_factory=list)
    shares_count: int | None = None
    asset_ticker: str | None = None
    order_id: str | None = None
    financial_instrument_id: str | None = None
    side: str | None = None
    unit_price: Decimal | None = None

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "type": self.type, "amount": money_str(self.amount), "status": self.status,
                "source_name": self.source_name, "created": self.created.isoformat(),
                "failure_reason": self.failure_reason, "product_titles": self.product_titles,
                "shares_count": self.shares_count, "asset_ticker": self.asset_ticker, "order_id": self.order_id,
                "financial_instrument_id": self.financial_instrument_id, "side": self.side,
                "unit_price": money_str(self.unit_price) if self.unit_price is not None else None}


def merchandise_key(idempotency_key: str) -> str:
    """The ledger key of a store order's charge (activities/merchandise.py's ledger_key); its refund adds ':refund'."""
    return f"merchandise-order-{idempotency_key}"


async def receipts(db: AsyncSession, user_id: int) -> list[Receipt]:
    out: list[Receipt] = []
    for t in (await db.scalars(select(Transfer).where(col(Transfer.user_id) == user_id))).all():
        out.append(Receipt(f"transfer-{t.id}", t.direction, t.amount, t.status,
                           "bank" if t.direction == "deposit" else "balance", t.created_at, t.failure_reason))
    for inv, ticker in (await db.execute(select(Investment, col(Asset.ticker)).join(
            Asset, col(Asset.id) == col(Investment.asset_id)).where(col(Investment.user_id) == user_id))).all():
        out.append(Receipt(f"investment-{inv.id}", "investment", inv.amount, PROCESSED, "balance", inv.created_at,
                           shares_count=inv.shares, asset_ticker=ticker, unit_price=inv.price_per_share,
                           financial_instrument_id=instrument_id_of(ticker)))
    for f, ticker in (await db.execute(select(TradeFill, col(Asset.ticker)).join(
            Asset, col(Asset.id) == col(TradeFill.asset_id)).where(col(TradeFill.user_id) == user_id))).all():
        out.append(Receipt(f"trade-{f.order_id}-{f.execution_id}", "trade", f.amount, PROCESSED, "balance",
                           f.created_at, shares_count=f.units, asset_ticker=ticker, order_id=f.order_id,
                           financial_instrument_id=instrument_id_of(ticker), side=f.side, unit_price=f.unit_price))
    orders = (await db.scalars(select(MerchandiseOrder).where(col(MerchandiseOrder.user_id) == user_id))).all()
    keys = [merchandise_key(o.idempotency_key) for o in orders]
    posted = dict((await db.execute(select(col(LedgerEntry.idempotency_key), col(LedgerEntry.created_at)).where(
        col(LedgerEntry.idempotency_key).in_(keys + [f"{k}:refund" for k in keys])))).tuples().all()) if keys else {}
    for o in orders:
        key = merchandise_key(o.idempotency_key)
        if key in posted:  # charged
            out.append(Receipt(f"merchandise-{o.id}", "merchandise", o.total, MERCH_STATUS.get(o.status, o.status),
                               "balance", o.created_at, order_id=o.provider_order_id))
        if f"{key}:refund" in posted:
            out.append(Receipt(f"refund-{o.id}", "refund", o.total, PROCESSED, "balance", posted[f"{key}:refund"],
                               order_id=o.provider_order_id))
    out.sort(key=lambda r: (r.created, r.id), reverse=True)
    return out
