"""Tables of the system of record, as SQLModel classes (`table=True`). Money columns are NUMERIC(14, 2); PII columns
hold ciphertext. The API's public shapes of some rows follow FastAPI's full-stack template: `XBase` holds the shared
fields, `X(XBase, table=True)` the table, `XPublic(XBase)` what the API answers (declared once, reused)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Column, DateTime, ForeignKey, Index, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel

from store.columns import blank, created, json_dict, money, stamp, text, touched


class User(SQLModel, table=True):
    __tablename__ = "users"
    id: int = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, unique=True, index=True)
    username: str | None = Field(default=None, max_length=150, unique=True)
    password_hash: str = Field(max_length=255)
    first_name: str = Field(default="", max_length=64)
    last_name: str = Field(default="", max_length=64)
    middle_initial: str = Field(default="", max_length=1)
    referral_code: str = Field(default="", max_length=64)
    state: str = Field(default="", max_length=2)
    is_active: bool = True
    phone_number: str = blank(32)
    date_of_birth: str = blank(10)  # MM/DD/YYYY, as the spec stores it
    address: str = blank(128)
    address2: str = blank(64)
    city: str = blank(64)
    postal_code: str = blank(5)
    ssn_encrypted: str = text(server_default="")
    ssn_last4: str = blank(4)
    investment_info: dict[str, Any] = json_dict(server_default="{}")
    terms_agreed_at: datetime | None = stamp()
    tos3_agreed_at: datetime | None = stamp()  # the payment provider's terms
    # sessions: a token older than the account's generation is refused (password change or reset bumps it)
    session_generation: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # an e-mail change waiting for its confirmation: the address becomes the login address once confirmed
    pending_email_id: int | None = Field(default=None, sa_column=Column(
        Integer, ForeignKey("emails.id", ondelete="SET NULL", use_alter=True, name="fk_users_pending_email")))
    date_joined: datetime = created()
    updated_at: datetime = touched(nullable=False)


class Email(SQLModel, table=True):
    __tablename__ = "emails"
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    email: str = Field(max_length=254, unique=True)
    primary: bool = False
    verified: bool = False
    created_at: datetime = created()


class EmailConfirmation(SQLModel, table=True):
    """One confirmation key sent by the e-mail verification workflow (idempotency_key = run id + send number)."""

    __tablename__ = "email_confirmations"
    id: int = Field(default=None, primary_key=True)
    email_id: int = Field(foreign_key="emails.id", ondelete="CASCADE", index=True)
    key: str = Field(max_length=64, unique=True)
    idempotency_key: str = Field(max_length=200, unique=True)
    workflow_id: str = Field(max_length=200)
    created_at: datetime = created()
    confirmed_at: datetime | None = stamp()
    expired_at: datetime | None = stamp()


class Customer(SQLModel, table=True):
    __tablename__ = "customers"
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", unique=True)
    status: str = Field(default="not-created", max_length=32)
    provider_customer_id: str | None = Field(default=None, max_length=64)
    investor_details: dict[str, Any] = json_dict()
    personal_information: dict[str, Any] = json_dict()
    employment_details: dict[str, Any] = json_dict()


class Account(SQLModel, table=True):
    """A financial account; the first one's id is the user's financial account id."""

    __tablename__ = "accounts"
    id: int = Field(default=None, primary_key=True)
    customer_id: int = Field(foreign_key="customers.id", ondelete="CASCADE", index=True)
    created_at: datetime = created()


class CategoryBase(SQLModel):
    key: str = Field(max_length=32, primary_key=True)
    pathname: str = Field(max_length=64, unique=True)
    title: str = Field(max_length=64)
    color: str = Field(max_length=16)


class Category(CategoryBase, table=True):
    __tablename__ = "categories"
    order: int = 0


class CategoryPublic(CategoryBase):
    """A category as `GET /api/categories/` lists it."""


class CategoriesPublic(SQLModel):
    items: list[CategoryPublic]


class Asset(SQLModel, table=True):
    __tablename__ = "assets"
    id: int = Field(default=None, primary_key=True)
    ticker: str = Field(max_length=16, unique=True)
    display_name: str = Field(max_length=128)
    short_name: str = Field(max_length=64)
    description: str = text()
    category: str = Field(foreign_key="categories.key", index=True, max_length=32)
    order: int = 0
    asset_status: str = Field(max_length=32, index=True)
    asset_value: Decimal = money()
    number_of_shares: int
    shares_sold: int = 0
    max_share_investment: int | None = None  # per investor; None: no asset limit
    tertiary_color: str = Field(max_length=16)
    is_exited: bool = False
    exited_date: datetime | None = stamp()
    offering_starts: datetime | None = stamp()
    offering_ends: datetime | None = stamp()
    esign_template_id: str | None = Field(default=None, max_length=64)
    secondary_market_status: str = Field(default="CLOSED", max_length=16)
    trading_window_status: str | None = Field(default=None, max_length=16)
    post_only_remaining: int = 0
    current_price: Decimal | None = money(default=None)
    last_close: Decimal | None = money(default=None)
    merchandising: dict[str, Any] = json_dict()
    pdf: str = blank(512)  # the offering circular (/app/legal)
    snapchat_deeplink_url: str | None = Field(default=None, max_length=512)
    investor_count: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    modified: datetime = touched(nullable=False, index=True)


class AccessGroup(SQLModel, table=True):
    """Special access of one user to one asset (early_io, free_share_program)."""

    __tablename__ = "access_groups"
    __table_args__ = (UniqueConstraint("user_id", "asset_id", "access_type"),)
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE")
    access_type: str = Field(max_length=32)
    access_end: datetime | None = stamp()
    limitations: dict[str, Any] = json_dict()


class AssetSubscription(SQLModel, table=True):
    """notify_me (before an offering opens) or notify_on_trading (before trading opens)."""

    __tablename__ = "asset_subscriptions"
    # (asset, kind): the subscribers an asset's event answers (store/notices.py)
    __table_args__ = (UniqueConstraint("user_id", "asset_id", "kind"), Index("ix_asset_subscriptions_asset_kind",
                                                                             "asset_id", "kind"))
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE")
    kind: str = Field(max_length=32)
    created_at: datetime = created()


class NoticeBase(SQLModel):
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE")
    event: str = Field(max_length=32)  # offering-open | trading-open (domain/notices.py)
    title: str = Field(max_length=200)
    body: str = text()
    path: str = Field(max_length=200)  # the asset's page in the app


class Notice(NoticeBase, table=True):
    """One answered "Notify me" subscription: the in-app notice (listed to its owner) and the mail sent of it, once
    per subscription and event (`idempotency_key`, domain/notices.notice_key; also the mail's Idempotency-Key)."""

    __tablename__ = "notices"
    __table_args__ = (Index("ix_notices_asset_event", "asset_id", "event"),)
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    idempotency_key: str = Field(max_length=200, unique=True)
    created_at: datetime = created()
    read_at: datetime | None = stamp()
    mailed_at: datetime | None = stamp()


class NoticePublic(NoticeBase):
    """A notice as `GET /api/notifications/` lists it."""

    id: int
    created_at: datetime
    read_at: datetime | None = None


class NoticesPublic(SQLModel):
    items: list[NoticePublic]  # the caller's newest first
    unread: int


class FundingSource(SQLModel, table=True):
    """A linked bank account. The account number is stored encrypted; only its last 4 digits are shown."""

    __tablename__ = "funding_sources"
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    provider_id: str = Field(max_length=64, unique=True)
    status: str = Field(max_length=32)  # unverified | verified | verification_failed | removed
    method: str = Field(max_length=16)  # provider | manual
    bank_name: str = Field(default="", max_length=64)
    name_on_account: str = Field(default="", max_length=64)
    account_type: str = Field(default="", max_length=16)
    routing_number: str = Field(default="", max_length=9)
    account_number_encrypted: str = text()
    account_tail: str = Field(default="", max_length=4)
    idempotency_key: str = Field(max_length=200, unique=True)
    created_at: datetime = created()
    removed_at: datetime | None = stamp()


class StateNotification(SQLModel, table=True):
    """Notify me when investing becomes available in my (blocked) state."""

    __tablename__ = "state_notifications"
    __table_args__ = (UniqueConstraint("user_id", "blocked_state"),)
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    blocked_state: str = Field(max_length=2)
    created_at: datetime = created()


class LedgerEntry(SQLModel, table=True):
    """One journal entry of the double-entry ledger: its postings sum to zero; its key makes it happen once."""

    __tablename__ = "ledger_entries"
    id: int = Field(default=None, primary_key=True)
    idempotency_key: str = Field(max_length=200, unique=True)
    kind: str = Field(max_length=32)
    memo: str = Field(default="", max_length=200)
    created_at: datetime = created()


class LedgerPosting(SQLModel, table=True):
    """A signed amount on one account (`user:{id}:cash`, `user:{id}:pending`, `ach:clearing`, ...)."""

    __tablename__ = "ledger_postings"
    id: int = Field(default=None, primary_key=True)
    entry_id: int = Field(foreign_key="ledger_entries.id", ondelete="RESTRICT", index=True)
    account: str = Field(max_length=128, index=True)
    amount: Decimal = money()


class Transfer(SQLModel, table=True):
    """A deposit or withdrawal between the user's bank and their Vitrine cash."""

    __tablename__ = "transfers"
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    funding_source_id: int = Field(foreign_key="funding_sources.id")
    direction: str = Field(max_length=16)  # deposit | withdrawal
    amount: Decimal = money()
    status: str = Field(default="pending", max_length=16)  # pending | processed | failed
    provider_id: str | None = Field(default=None, max_length=64, unique=True)
    idempotency_key: str | None = Field(default=None, max_length=200, unique=True)
    failure_code: str | None = Field(default=None, max_length=8)
    failure_reason: str | None = Field(default=None, max_length=200)
    created_at: datetime = created()
    settled_at: datetime | None = stamp()


class WebhookEvent(SQLModel, table=True):
    """Every provider webhook applied, by its event id: a redelivered event is recognised and ignored."""

    __tablename__ = "webhook_events"
    event_id: str = Field(max_length=64, primary_key=True)
    topic: str = Field(max_length=64)
    received_at: datetime = created()


class Upload(SQLModel, table=True):
    """An identity document upload: the address it may be PUT to once, and where the file landed."""

    __tablename__ = "uploads"
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    token: str = Field(max_length=64, unique=True)
    file_name: str = Field(max_length=255)
    content_type: str = Field(max_length=32)
    document_type: str = Field(max_length=16)
    size: int | None = None
    path: str | None = Field(default=None, max_length=500)
    created_at: datetime = created()
    uploaded_at: datetime | None = stamp()


class PurchaseCounter(SQLModel, table=True):
    """How many purchase flows a user opened for an asset: the `n` of `purchase-{user_id}-{asset_id}-{n}`."""

    __tablename__ = "purchase_counters"
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", primary_key=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE", primary_key=True)
    n: int = 1


class Reservation(SQLModel, table=True):
    """Shares held for one purchase flow until `expires_at`: nobody else can buy them meanwhile."""

    __tablename__ = "reservations"
    id: int = Field(default=None, primary_key=True)
    flow_id: str = Field(max_length=100, unique=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE", index=True)
    shares: int = 0
    status: str = Field(default="held", max_length=16)  # held | consumed | released
    expires_at: datetime = Field(sa_type=DateTime(timezone=True))
    created_at: datetime = created()


class Investment(SQLModel, table=True):
    """Shares bought in an initial offering: written with its ledger entry, once per purchase flow."""

    __tablename__ = "investments"
    id: int = Field(default=None, primary_key=True)
    idempotency_key: str = Field(max_length=200, unique=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    asset_id: int = Field(foreign_key="assets.id", index=True)
    shares: int
    price_per_share: Decimal = money()
    amount: Decimal = money()  # shares x price
    gift_value: Decimal = money(default=Decimal(0))
    cash_amount: Decimal = money()  # what left the user's cash
    redeem_code: str = Field(default="", max_length=64)
    envelope_id: str | None = Field(default=None, max_length=64)
    agreed_at: datetime | None = stamp()
    created_at: datetime = created()


class Envelope(SQLModel, table=True):
    """An e-signature envelope of a purchase flow: the webhook finds the flow (and its owner) here."""

    __tablename__ = "envelopes"
    envelope_id: str = Field(max_length=64, primary_key=True)
    flow_id: str = Field(max_length=100, index=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    asset_id: int = Field(foreign_key="assets.id")
    created_at: datetime = created()


class MerchandiseOrderBase(SQLModel):
    status: str = Field(default="pending", max_length=16)  # pending | confirmed | failed
    total: Decimal = money()


class MerchandiseOrder(MerchandiseOrderBase, table=True):
    """A store order paid from the user's cash after a purchase (the upsell)."""

    __tablename__ = "merchandise_orders"
    id: int = Field(default=None, primary_key=True)
    idempotency_key: str = Field(max_length=200, unique=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    provider_order_id: str | None = Field(default=None, max_length=64)
    created_at: datetime = created()


class MerchandiseOrderPublic(MerchandiseOrderBase):
    """A store order as `POST /api/merchandising/orders/` answers it (the total as exact text, "12.50")."""

    id: int


class FinancialDocument(SQLModel, table=True):
    """A monthly account statement (`kind` statement, `period` YYYY-MM) or a yearly tax document (`kind` tax, `period`
    YYYY) made for one investor: one per (investor, kind, period), so a re-run or a retry never makes a second.
    `file_key` names it in the api (random: it says nothing about the investor); `storage_key` in the file store."""

    __tablename__ = "financial_documents"
    __table_args__ = (UniqueConstraint("user_id", "kind", "period"),)
    id: int = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE", index=True)
    kind: str = Field(max_length=16)
    period: str = Field(max_length=7)
    file_key: str = Field(max_length=64, unique=True)
    display_name: str = Field(max_length=100)
    storage_key: str = Field(max_length=200)
    created_at: datetime = created()
