"""Transfers in the store. A transfer is requested (the row, no money) and then initiated (its 'initiated' ledger
entry, under the user's lock, so a withdrawal can never take more than the available cash, whatever the
concurrency). The api only requests; the transfer workflow initiates (`transfers.open`); a flow's deposit does both
in its activity (`open_transfer`). The provider's outcome is posted by `settle`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import ledger as L
from domain import transfer_rules as T
from store.ledger import InsufficientFunds, balances, lock_user, post
from store.models import Transfer

REQUESTED = "requested"  # the row exists, no money has moved yet (the workflow initiates it)
REFUSED = "REFUSED"  # failure_code of a request the workflow refused before any money moved


class TransferRefused(Exception):
    def __init__(self, message: str, error_type: str = "TransferRefused") -> None:
        super().__init__(message)
        self.message, self.error_type = message, error_type


async def held_deposits(db: AsyncSession, user_id: int, hold_days: int) -> Decimal:
    since = datetime.now(UTC) - timedelta(days=hold_days)
    total = await db.scalar(select(func.coalesce(func.sum(Transfer.amount), 0)).where(
        col(Transfer.user_id) == user_id, col(Transfer.direction) == "deposit", col(Transfer.status) == "processed",
        col(Transfer.settled_at) > since))
    return Decimal(total or 0)


async def withdrawal_refusal(db: AsyncSession, user_id: int, amount: Decimal, hold_days: int) -> str | None:
    """The spec's message when a withdrawal of `amount` exceeds the available cash now (None when it does not).
    Binding only under the user's lock (`initiate`); the api asks it too for a quick 422."""
    b = await balances(db, user_id)
    held = await held_deposits(db, user_id, hold_days)
    return T.withdrawal_error(amount, b["cash"], min(held, b["cash"]), b["pending"])


async def request_transfer(db: AsyncSession, *, user_id: int, funding_source_id: int, direction: str, amount: Decimal,
                           idempotency_key: str) -> Transfer:
    """The transfer row once per idempotency key (a retried request gets the same row back); moves no money."""
    await db.execute(insert(Transfer).values(
        user_id=user_id, funding_source_id=funding_source_id, direction=direction, amount=amount, status=REQUESTED,
        idempotency_key=idempotency_key).on_conflict_do_nothing(index_elements=["idempotency_key"]))
    await db.commit()
    t = await db.scalar(select(Transfer).where(col(Transfer.idempotency_key) == idempotency_key))
    assert t is not None
    return t


async def initiate(db: AsyncSession, t: Transfer, hold_days: int) -> None:
    """Posts the transfer's 'initiated' entry (once: key `transfer-{id}:initiated`) and makes it pending, or raises
    TransferRefused with the spec's message. The caller holds the user's lock and commits (or rolls back)."""
    if t.direction == "withdrawal" and (err := await withdrawal_refusal(db, t.user_id, t.amount, hold_days)):
        raise TransferRefused(err, "InsufficientFunds")
    postings = L.deposit_initiated(t.user_id, t.amount) if t.direction == "deposit" else \
        L.withdrawal_initiated(t.user_id, t.amount)
    try:
        await post(db, f"transfer-{t.id}:initiated", f"{t.direction}-initiated", postings, memo=f"transfer {t.id}")
    except InsufficientFunds:
        raise TransferRefused("Your withdrawal can not exceed your available cash.", "InsufficientFunds") from None
    t.status = "pending"


async def open_transfer(db: AsyncSession, *, user_id: int, funding_source_id: int, direction: str, amount: Decimal,
                        hold_days: int, idempotency_key: str | None = None) -> Transfer:
    """Requests and initiates the transfer in one transaction (once per idempotency key); used inside activities."""
    await lock_user(db, user_id)
    if idempotency_key:
        existing = await db.scalar(select(Transfer).where(col(Transfer.idempotency_key) == idempotency_key))
        if existing is not None:
            return existing
    t = Transfer(user_id=user_id, funding_source_id=funding_source_id, direction=direction, amount=amount,
                 idempotency_key=idempotency_key)
    db.add(t)
    await db.flush()
    try:
        await initiate(db, t, hold_days)
    except TransferRefused:
        await db.rollback()
        raise
    await db.commit()
    return t


async def refuse(db: AsyncSession, t: Transfer, reason: str) -> None:
    """A requested transfer that will never move money (refused, or its workflow could not be started)."""
    t.status, t.failure_code, t.failure_reason = "failed", REFUSED, reason
    await db.commit()


async def settle(db: AsyncSession, t: Transfer, status: str, failure_code: str | None = None,
                 failure_reason: str | None = None) -> str:
    """Posts the transfer's outcome (`status` processed, or failed) to the ledger exactly once (key
    `transfer-{id}:settled` or `:failed`) and records it on the pending transfer, under the user's lock; commits.
    Returns the transfer's status."""
    await lock_user(db, t.user_id)
    ok = status == "processed"
    if t.direction == "deposit":
        postings = L.deposit_settled(t.user_id, t.amount) if ok else L.deposit_failed(t.user_id, t.amount)
    else:
        postings = L.withdrawal_settled(t.user_id, t.amount) if ok else L.withdrawal_failed(t.user_id, t.amount)
    await post(db, f"transfer-{t.id}:{'settled' if ok else 'failed'}", f"{t.direction}-{status}", postings,
               memo=f"transfer {t.id}")
    if t.status == "pending":
        t.status, t.failure_code, t.failure_reason = status, failure_code, failure_reason
        t.settled_at = datetime.now(UTC)
    await db.commit()
    return t.status
