"""Linked banks (`funding_sources`): the row a bank link leaves, written once per idempotency key (the link's business
key), so a retried link — or the demo seed run again — gets the same row back. The account number is stored
encrypted; only its last 4 digits are kept in clear."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from store.models import FundingSource


async def save_source(db: AsyncSession, *, user_id: int, key: str, provider_id: str, status: str, method: str,
                      bank_name: str, account_tail: str, **extra: Any) -> FundingSource:
    """The funding source of this key (written now, or as an earlier call wrote it); `extra`: its other columns
    (name_on_account, account_type, routing_number, account_number_encrypted). Commits."""
    await db.execute(insert(FundingSource).values(
        user_id=user_id, provider_id=provider_id, status=status, method=method, bank_name=bank_name,
        account_tail=account_tail, idempotency_key=key, **extra).on_conflict_do_nothing(index_elements=["idempotency_key"]))
    await db.commit()
    row = await db.scalar(select(FundingSource).where(col(FundingSource.idempotency_key) == key))
    assert row is not None
    return row
