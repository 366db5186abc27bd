"""Tables of the secondary market's ledger side: share postings (the share half of the double-entry ledger, dated
lots), the hold of each order and each execution posted. Orders themselves live in their workflows and at the ATS."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Boolean, Date, DateTime, ForeignKey, Index, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from store.models import Base, _now


class SharePosting(Base):
    """Signed units of one asset on one account, in the same entry (and so the same idempotency key) as the cash
    postings of the movement. A positive posting to `user:{id}:shares` with a `lot_date` is an acquisition (a lot,
    for the 5-business-day rule); hold movements carry no date."""

    __tablename__ = "share_postings"
    __table_args__ = (Index("ix_share_postings_account_asset", "account", "asset_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("ledger_entries.id", ondelete="RESTRICT"), index=True)
    account: Mapped[str] = mapped_column(String(128))
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id"))
    units: Mapped[int] = mapped_column(Integer)
    lot_date: Mapped[date | None] = mapped_column(Date)


class TradingHold(Base):
    """What one order holds: its terms (total units, filled, limit price; an edit's terms while pending). The held
    amount itself is the balance of the ledger account `user:{id}:hold:{order_id}`."""

    __tablename__ = "trading_holds"
    order_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id"), index=True)
    side: Mapped[str] = mapped_column(String(3))  # BID | ASK
    units: Mapped[int] = mapped_column(Integer)
    filled: Mapped[int] = mapped_column(Integer, default=0)
    unit_price: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    pending_edit: Mapped[str | None] = mapped_column(String(100))
    pending_units: Mapped[int | None] = mapped_column(Integer)
    pending_price: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    status: Mapped[str] = mapped_column(String(8), default="open")  # open | closed
    created_at: Mapped[datetime] = _now()
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class TradeFill(Base):
    """One execution posted for one order (its ledger entry is `fill:{order_id}:{execution_id}`). A sale's proceeds
    become available cash at `proceeds_available_at`."""

    __tablename__ = "trade_fills"
    order_id: Mapped[str] = mapped_column(ForeignKey("trading_holds.order_id"), primary_key=True)
    execution_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id"))
    side: Mapped[str] = mapped_column(String(3))
    units: Mapped[int] = mapped_column(Integer)
    unit_price: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    amount: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    proceeds_available_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    proceeds_released: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = _now()


class TradingOrder(Base):
    """The order list's projection (issue 11): the latest OrderView of each order workflow, as columns to filter on
    and a JSON copy to answer with. Written by the workflow's `record_view` activity; `version` only grows (an older
    view never overwrites a newer one). The workflow stays the authority."""

    __tablename__ = "trading_orders"
    __table_args__ = (Index("ix_trading_orders_user_asset", "user_id", "asset_id"),)
    order_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id"))
    instrument_id: Mapped[str] = mapped_column(String(64))
    ticker: Mapped[str] = mapped_column(String(64))
    side: Mapped[str] = mapped_column(String(3))
    order_type: Mapped[str] = mapped_column(String(16))
    term: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(40))
    units_requested: Mapped[int] = mapped_column(Integer)
    units_filled: Mapped[int] = mapped_column(Integer)
    unit_price: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    ats_order_id: Mapped[str | None] = mapped_column(String(100), index=True)
    window_id: Mapped[str | None] = mapped_column(String(100))
    confirmed_matched_status: Mapped[str | None] = mapped_column(String(32))
    version: Mapped[int] = mapped_column(Integer)
    view: Mapped[dict[str, Any]] = mapped_column()
    created: Mapped[datetime] = _now()
    modified: Mapped[datetime] = _now()
