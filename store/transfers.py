"""Opening a transfer: the row and its 'initiated' ledger entry in one transaction, under the user's lock, so a
withdrawal can never take more than the available cash, whatever the concurrency."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain import ledger as L
from domain import transfer_rules as T
from store.ledger import InsufficientFunds, balances, lock_user, post
from store.models import Transfer


class TransferRefused(Exception):
    def __init__(self, message: str, error_type: str = "TransferRefused") -> None:
        super().__init__(message)
        self.message, self.error_type = message, error_type


async def held_deposits(db: AsyncSession, user_id: int, hold_days: int) -> Decimal:
    since = datetime.now(UTC) - timedelta(days=hold_days)
    total = await db.scalar(select(func.coalesce(func.sum(Transfer.amount), 0)).where(
        Transfer.user_id == user_id, Transfer.direction == "deposit", Transfer.status == "processed",
        Transfer.settled_at > since))
    return Decimal(total or 0)


async def open_transfer(db: AsyncSession, *, user_id: int, funding_source_id: int, direction: str, amount: Decimal,
                        hold_days: int, idempotency_key: str | None = None) -> Transfer:
    """Creates (once per idempotency key) and commits the transfer with its initiated posting."""
    await lock_user(db, user_id)
    if idempotency_key:
        existing = await db.scalar(select(Transfer).where(Transfer.idempotency_key == idempotency_key))
        if existing is not None:
            return existing
    t = Transfer(user_id=user_id, funding_source_id=funding_source_id, direction=direction, amount=amount,
                 idempotency_key=idempotency_key)
    db.add(t)
    await db.flush()
    if direction == "withdrawal":
        b = await balances(db, user_id)
        held = await held_deposits(db, user_id, hold_days)
        if err := T.withdrawal_error(amount, b["cash"], min(held, b["cash"]), b["pending"]):
            await db.rollback()
            raise TransferRefused(err, "InsufficientFunds")
    postings = L.deposit_initiated(user_id, amount) if direction == "deposit" else L.withdrawal_initiated(user_id, amount)
    try:
        await post(db, f"transfer-{t.id}:initiated", f"{direction}-initiated", postings, memo=f"transfer {t.id}")
    except InsufficientFunds:
        await db.rollback()
        raise TransferRefused("Your withdrawal can not exceed your available cash.", "InsufficientFunds") from None
    await db.commit()
    return t


async def cancel_unsubmitted(db: AsyncSession, t: Transfer, reason: str) -> None:
    """Compensation when the transfer's workflow could not be started: undo the initiated entry, mark it failed."""
    await lock_user(db, t.user_id)
    undo = L.deposit_failed(t.user_id, t.amount) if t.direction == "deposit" else L.withdrawal_failed(t.user_id, t.amount)
    await post(db, f"transfer-{t.id}:failed", f"{t.direction}-failed", undo, memo=reason)
    t.status, t.failure_reason = "failed", reason
    await db.commit()
