"""Tables of the secondary market's ledger side: share postings (the share half of the double-entry ledger, dated
lots), the hold of each order and each execution posted. Orders themselves live in their workflows and at the ATS."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Index
from sqlmodel import Field, SQLModel

from store import columns as cols
from store.columns import money, stamp


class SharePosting(SQLModel, table=True):
    """Signed units of one asset on one account, in the same entry (and so the same idempotency key) as the cash
    postings of the movement. A positive posting to `user:{id}:shares` with a `lot_date` is an acquisition (a lot,
    for the 5-business-day rule); hold movements carry no date."""

    __tablename__ = "share_postings"
    __table_args__ = (Index("ix_share_postings_account_asset", "account", "asset_id"),)
    id: int = Field(default=None, primary_key=True)
    entry_id: int = Field(foreign_key="ledger_entries.id", ondelete="RESTRICT", index=True)
    account: str = Field(max_length=128)
    asset_id: int = Field(foreign_key="assets.id")
    units: int
    lot_date: date | None = None


class TradingHold(SQLModel, table=True):
    """What one order holds: its terms (total units, filled, limit price; an edit's terms while pending). The held
    amount itself is the balance of the ledger account `user:{id}:hold:{order_id}`."""

    __tablename__ = "trading_holds"
    order_id: str = Field(max_length=100, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    asset_id: int = Field(foreign_key="assets.id", index=True)
    side: str = Field(max_length=3)  # BID | ASK
    units: int
    filled: int = 0
    unit_price: Decimal = money()
    pending_edit: str | None = Field(default=None, max_length=100)
    pending_units: int | None = None
    pending_price: Decimal | None = money(default=None)
    status: str = Field(default="open", max_length=8)  # open | closed
    created_at: datetime = cols.created()
    closed_at: datetime | None = stamp()
    ended_filled: int | None = None  # the ATS ended the order with this many units filled: the rest needs nothing


class TradingHoldExecution(SQLModel, table=True):
    """An execution of the order the ATS reported, as the hold counts it until it is posted (`trade_fills`): a bid's
    hold keeps exactly its units x its price for it, an ask's its units, a voided one nothing (issue 30). Written once
    per execution (`voided` only ever becomes true)."""

    __tablename__ = "trading_hold_executions"
    order_id: str = Field(foreign_key="trading_holds.order_id", ondelete="CASCADE", primary_key=True, max_length=100)
    execution_id: str = Field(max_length=100, primary_key=True)
    units: int
    unit_price: Decimal = money()
    voided: bool = False
    created_at: datetime = cols.created()


class TradeFill(SQLModel, table=True):
    """One execution posted for one order (its ledger entry is `fill:{order_id}:{execution_id}`). A sale's proceeds
    become available cash at `proceeds_available_at`."""

    __tablename__ = "trade_fills"
    order_id: str = Field(foreign_key="trading_holds.order_id", primary_key=True, max_length=100)
    execution_id: str = Field(max_length=100, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    asset_id: int = Field(foreign_key="assets.id")
    side: str = Field(max_length=3)
    units: int
    unit_price: Decimal = money()
    amount: Decimal = money()
    proceeds_available_at: datetime | None = stamp()
    proceeds_released: bool = False
    created_at: datetime = cols.created()


class TradingOrder(SQLModel, table=True):
    """The order list's projection (issue 11): the latest OrderView of each order workflow, as columns to filter on
    and a JSON copy to answer with. Written by the workflow's `record_view` activity; `version` only grows (an older
    view never overwrites a newer one). The workflow stays the authority."""

    __tablename__ = "trading_orders"
    __table_args__ = (Index("ix_trading_orders_user_asset", "user_id", "asset_id"),)
    order_id: str = Field(max_length=100, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    asset_id: int = Field(foreign_key="assets.id")
    instrument_id: str = Field(max_length=64)
    ticker: str = Field(max_length=64)
    side: str = Field(max_length=3)
    order_type: str = Field(max_length=16)
    term: str = Field(max_length=32)
    status: str = Field(max_length=40)
    units_requested: int
    units_filled: int
    unit_price: Decimal = money()
    ats_order_id: str | None = Field(default=None, max_length=100, index=True)
    window_id: str | None = Field(default=None, max_length=100)
    confirmed_matched_status: str | None = Field(default=None, max_length=32)
    version: int
    view: dict[str, Any] = Field(sa_type=JSON)
    created: datetime = cols.created()
    modified: datetime = cols.created()
