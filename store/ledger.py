"""The double-entry ledger in PostgreSQL: idempotent entries, balances derived from postings, no negative balance."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import ledger as L
from store.models import LedgerEntry, LedgerPosting
from store.trading.models import SharePosting
from store.upsert import upsert

# one entry per key: its id, or nothing when the key was posted before
_ENTRY = upsert(LedgerEntry.__tablename__, ("idempotency_key", "kind", "memo"), conflict="idempotency_key",
                returning="id")


class InsufficientFunds(Exception):
    pass


class InsufficientUnits(Exception):
    """A user's share account would go negative: no share is sold twice."""


async def lock_user(db: AsyncSession, user_id: int) -> None:
    """Serialises money movements of one user until the transaction ends."""
    await db.execute(text("SELECT pg_advisory_xact_lock(7411, :uid)"), {"uid": user_id})


async def post(db: AsyncSession, key: str, kind: str, postings: list[L.Posting], memo: str = "",
               shares: Sequence[L.SharePosting] = ()) -> bool:
    """Records the entry once per key (True), or does nothing when the key was already posted (False).
    `shares` are the entry's share postings (each asset's units sum to zero). The caller commits; user accounts
    (cash and shares) must not go negative."""
    if not L.is_balanced(postings):
        raise ValueError(f"unbalanced entry {key}: {postings}")
    if not L.shares_balanced(shares):
        raise ValueError(f"unbalanced share entry {key}: {shares}")
    entry_id = await db.scalar(_ENTRY, {"idempotency_key": key, "kind": kind, "memo": memo})
    if entry_id is None:
        return False
    db.add_all([LedgerPosting(entry_id=entry_id, account=a, amount=amt) for a, amt in postings])
    db.add_all([SharePosting(entry_id=entry_id, account=a, asset_id=asset, units=u, lot_date=lot)
                for a, asset, u, lot in shares])
    await db.flush()
    touched = [a for a, amt in postings if a.startswith("user:") and amt < 0]
    for account in touched:
        if await balance(db, account) < 0:
            raise InsufficientFunds(account)
    for account, asset, units, _ in shares:
        if account.startswith("user:") and units < 0 and await share_balance(db, account, asset) < 0:
            raise InsufficientUnits(account)
    return True


async def share_balance(db: AsyncSession, account: str, asset_id: int) -> int:
    total = await db.scalar(select(func.coalesce(func.sum(SharePosting.units), 0))
                            .where(col(SharePosting.account) == account, col(SharePosting.asset_id) == asset_id))
    return int(total or 0)


async def balance(db: AsyncSession, account: str) -> Decimal:
    total = await db.scalar(select(func.coalesce(func.sum(col(LedgerPosting.amount)), 0)).where(
        col(LedgerPosting.account) == account))
    return Decimal(total or 0).quantize(Decimal("0.01"))


async def balances(db: AsyncSession, user_id: int) -> dict[str, Decimal]:
    rows = (await db.execute(select(col(LedgerPosting.account), func.sum(col(LedgerPosting.amount)))
                             .where(col(LedgerPosting.account).like(f"user:{user_id}:%")).group_by(col(LedgerPosting.account)))).all()
    by = {a: Decimal(v).quantize(Decimal("0.01")) for a, v in rows}
    zero = Decimal("0.00")
    held = sum((v for a, v in by.items() if a.startswith(L.held_prefix(user_id))), zero)
    return {"cash": by.get(L.cash(user_id), zero), "pending": by.get(L.pending_deposits(user_id), zero),
            "withdrawing": by.get(L.withdrawing(user_id), zero), "investments": by.get(L.investments(user_id), zero),
            "held": held, "proceeds": by.get(L.proceeds(user_id), zero)}
