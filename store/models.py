"""Tables of the system of record. Money columns are NUMERIC(14, 2); PII columns hold ciphertext."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


def _now() -> Mapped[datetime]:
    return mapped_column(DateTime(timezone=True), server_default=func.now(), nullable=False)


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True, index=True)
    username: Mapped[str | None] = mapped_column(String(150), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    first_name: Mapped[str] = mapped_column(String(64), default="")
    last_name: Mapped[str] = mapped_column(String(64), default="")
    middle_initial: Mapped[str] = mapped_column(String(1), default="")
    referral_code: Mapped[str] = mapped_column(String(64), default="")
    state: Mapped[str] = mapped_column(String(2), default="")
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)
    phone_number: Mapped[str] = mapped_column(String(32), default="")
    date_of_birth: Mapped[str] = mapped_column(String(10), default="")  # MM/DD/YYYY, as the spec stores it
    address: Mapped[str] = mapped_column(String(128), default="")
    address2: Mapped[str] = mapped_column(String(64), default="")
    city: Mapped[str] = mapped_column(String(64), default="")
    postal_code: Mapped[str] = mapped_column(String(5), default="")
    ssn_encrypted: Mapped[str] = mapped_column(Text, default="")
    ssn_last4: Mapped[str] = mapped_column(String(4), default="")
    investment_info: Mapped[dict[str, Any]] = mapped_column(default=dict)
    terms_agreed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    tos3_agreed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))  # the payment provider's terms
    # sessions: a token older than the account's generation is refused (password change or reset bumps it)
    session_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # an e-mail change waiting for its confirmation: the address becomes the login address once confirmed
    pending_email_id: Mapped[int | None] = mapped_column(ForeignKey("emails.id", ondelete="SET NULL",
                                                                    use_alter=True, name="fk_users_pending_email"))
    date_joined: Mapped[datetime] = _now()
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class Email(Base):
    __tablename__ = "emails"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    primary: Mapped[bool] = mapped_column(Boolean, default=False)
    verified: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = _now()


class EmailConfirmation(Base):
    """One confirmation key sent by the e-mail verification workflow (idempotency_key = run id + send number)."""

    __tablename__ = "email_confirmations"
    id: Mapped[int] = mapped_column(primary_key=True)
    email_id: Mapped[int] = mapped_column(ForeignKey("emails.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    workflow_id: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = _now()
    confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    expired_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Customer(Base):
    __tablename__ = "customers"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    status: Mapped[str] = mapped_column(String(32), default="not-created")
    provider_customer_id: Mapped[str | None] = mapped_column(String(64))
    investor_details: Mapped[dict[str, Any]] = mapped_column(default=dict)
    personal_information: Mapped[dict[str, Any]] = mapped_column(default=dict)
    employment_details: Mapped[dict[str, Any]] = mapped_column(default=dict)


class Account(Base):
    """A financial account; the first one's id is the user's financial account id."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(primary_key=True)
    customer_id: Mapped[int] = mapped_column(ForeignKey("customers.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = _now()


class Category(Base):
    __tablename__ = "categories"
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    pathname: Mapped[str] = mapped_column(String(64), unique=True)
    title: Mapped[str] = mapped_column(String(64))
    color: Mapped[str] = mapped_column(String(16))
    order: Mapped[int] = mapped_column(Integer, default=0)


class Asset(Base):
    __tablename__ = "assets"
    id: Mapped[int] = mapped_column(primary_key=True)
    ticker: Mapped[str] = mapped_column(String(16), unique=True)
    display_name: Mapped[str] = mapped_column(String(128))
    short_name: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(Text, default="")
    category: Mapped[str] = mapped_column(ForeignKey("categories.key"), index=True)
    order: Mapped[int] = mapped_column(Integer, default=0)
    asset_status: Mapped[str] = mapped_column(String(32), index=True)
    asset_value: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    number_of_shares: Mapped[int] = mapped_column(Integer)
    shares_sold: Mapped[int] = mapped_column(Integer, default=0)
    max_share_investment: Mapped[int | None] = mapped_column(Integer)  # per investor; None: no asset limit
    tertiary_color: Mapped[str] = mapped_column(String(16))
    is_exited: Mapped[bool] = mapped_column(Boolean, default=False)
    exited_date: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    offering_starts: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    offering_ends: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    esign_template_id: Mapped[str | None] = mapped_column(String(64))
    secondary_market_status: Mapped[str] = mapped_column(String(16), default="CLOSED")
    trading_window_status: Mapped[str | None] = mapped_column(String(16))
    post_only_remaining: Mapped[int] = mapped_column(Integer, default=0)
    current_price: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    last_close: Mapped[Decimal | None] = mapped_column(Numeric(14, 2))
    merchandising: Mapped[dict[str, Any]] = mapped_column(default=dict)
    modified: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now(), index=True
    )


class AccessGroup(Base):
    """Special access of one user to one asset (early_io, free_share_program)."""

    __tablename__ = "access_groups"
    __table_args__ = (UniqueConstraint("user_id", "asset_id", "access_type"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id", ondelete="CASCADE"))
    access_type: Mapped[str] = mapped_column(String(32))
    access_end: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    limitations: Mapped[dict[str, Any]] = mapped_column(default=dict)


class AssetSubscription(Base):
    """notify_me (before an offering opens) or notify_on_trading (before trading opens)."""

    __tablename__ = "asset_subscriptions"
    __table_args__ = (UniqueConstraint("user_id", "asset_id", "kind"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = _now()


class FundingSource(Base):
    """A linked bank account. The account number is stored encrypted; only its last 4 digits are shown."""

    __tablename__ = "funding_sources"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    provider_id: Mapped[str] = mapped_column(String(64), unique=True)
    status: Mapped[str] = mapped_column(String(32))  # unverified | verified | verification_failed | removed
    method: Mapped[str] = mapped_column(String(16))  # provider | manual
    bank_name: Mapped[str] = mapped_column(String(64), default="")
    name_on_account: Mapped[str] = mapped_column(String(64), default="")
    account_type: Mapped[str] = mapped_column(String(16), default="")
    routing_number: Mapped[str] = mapped_column(String(9), default="")
    account_number_encrypted: Mapped[str] = mapped_column(Text, default="")
    account_tail: Mapped[str] = mapped_column(String(4), default="")
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime] = _now()
    removed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class StateNotification(Base):
    """Notify me when investing becomes available in my (blocked) state."""

    __tablename__ = "state_notifications"
    __table_args__ = (UniqueConstraint("user_id", "blocked_state"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    blocked_state: Mapped[str] = mapped_column(String(2))
    created_at: Mapped[datetime] = _now()


class LedgerEntry(Base):
    """One journal entry of the double-entry ledger: its postings sum to zero; its key makes it happen once."""

    __tablename__ = "ledger_entries"
    id: Mapped[int] = mapped_column(primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[str] = mapped_column(String(32))
    memo: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime] = _now()


class LedgerPosting(Base):
    """A signed amount on one account (`user:{id}:cash`, `user:{id}:pending`, `ach:clearing`, ...)."""

    __tablename__ = "ledger_postings"
    id: Mapped[int] = mapped_column(primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("ledger_entries.id", ondelete="RESTRICT"), index=True)
    account: Mapped[str] = mapped_column(String(128), index=True)
    amount: Mapped[Decimal] = mapped_column(Numeric(14, 2))


class Transfer(Base):
    """A deposit or withdrawal between the user's bank and their Vitrine cash."""

    __tablename__ = "transfers"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    funding_source_id: Mapped[int] = mapped_column(ForeignKey("funding_sources.id"))
    direction: Mapped[str] = mapped_column(String(16))  # deposit | withdrawal
    amount: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending | processed | failed
    provider_id: Mapped[str | None] = mapped_column(String(64), unique=True)
    idempotency_key: Mapped[str | None] = mapped_column(String(200), unique=True)
    failure_code: Mapped[str | None] = mapped_column(String(8))
    failure_reason: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = _now()
    settled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class WebhookEvent(Base):
    """Every provider webhook applied, by its event id: a redelivered event is recognised and ignored."""

    __tablename__ = "webhook_events"
    event_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    topic: Mapped[str] = mapped_column(String(64))
    received_at: Mapped[datetime] = _now()


class Upload(Base):
    """An identity document upload: the address it may be PUT to once, and where the file landed."""

    __tablename__ = "uploads"
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)
    file_name: Mapped[str] = mapped_column(String(255))
    content_type: Mapped[str] = mapped_column(String(32))
    document_type: Mapped[str] = mapped_column(String(16))
    size: Mapped[int | None] = mapped_column(Integer)
    path: Mapped[str | None] = mapped_column(String(500))
    created_at: Mapped[datetime] = _now()
    uploaded_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PurchaseCounter(Base):
    """How many purchase flows a user opened for an asset: the `n` of `purchase-{user_id}-{asset_id}-{n}`."""

    __tablename__ = "purchase_counters"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, default=1)


class Reservation(Base):
    """Shares held for one purchase flow until `expires_at`: nobody else can buy them meanwhile."""

    __tablename__ = "reservations"
    id: Mapped[int] = mapped_column(primary_key=True)
    flow_id: Mapped[str] = mapped_column(String(100), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id", ondelete="CASCADE"), index=True)
    shares: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="held")  # held | consumed | released
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = _now()


class Investment(Base):
    """Shares bought in an initial offering: written with its ledger entry, once per purchase flow."""

    __tablename__ = "investments"
    id: Mapped[int] = mapped_column(primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id"), index=True)
    shares: Mapped[int] = mapped_column(Integer)
    price_per_share: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    amount: Mapped[Decimal] = mapped_column(Numeric(14, 2))  # shares x price
    gift_value: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal(0))
    cash_amount: Mapped[Decimal] = mapped_column(Numeric(14, 2))  # what left the user's cash
    redeem_code: Mapped[str] = mapped_column(String(64), default="")
    envelope_id: Mapped[str | None] = mapped_column(String(64))
    agreed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = _now()


class Envelope(Base):
    """An e-signature envelope of a purchase flow: the webhook finds the flow (and its owner) here."""

    __tablename__ = "envelopes"
    envelope_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    flow_id: Mapped[str] = mapped_column(String(100), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    asset_id: Mapped[int] = mapped_column(ForeignKey("assets.id"))
    created_at: Mapped[datetime] = _now()


class MerchandiseOrder(Base):
    """A store order paid from the user's cash after a purchase (the upsell)."""

    __tablename__ = "merchandise_orders"
    id: Mapped[int] = mapped_column(primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    provider_order_id: Mapped[str | None] = mapped_column(String(64))
    total: Mapped[Decimal] = mapped_column(Numeric(14, 2))
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending | confirmed | failed
    created_at: Mapped[datetime] = _now()
