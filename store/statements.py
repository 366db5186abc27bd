"""Statements and tax documents from the ledger (domain/statements.py's content) and their rows
(`financial_documents`: one per investor, kind and period). The holdings are store/holdings.py's at the month's
end, the transactions store/receipts.py's, the cash movements the postings on the investor's cash account."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import ledger as L
from domain import statements as S
from domain.money import money
from store.holdings import portfolio
from store.models import Asset, FinancialDocument, LedgerEntry, LedgerPosting
from store.receipts import receipts
from store.trading.models import SharePosting, TradeFill

SELL = "ASK"


def user_of(account: str) -> int | None:
    """The investor of a `user:{id}:...` account."""
    parts = account.split(":")
    return int(parts[1]) if len(parts) > 2 and parts[0] == "user" and parts[1].isdigit() else None


async def cash_movements(db: AsyncSession, user_id: int, until: datetime) -> list[S.CashMovement]:
    rows = (await db.execute(
        select(col(LedgerEntry.created_at), col(LedgerEntry.kind), col(LedgerEntry.memo), col(LedgerPosting.amount))
        .join(LedgerEntry, col(LedgerEntry.id) == col(LedgerPosting.entry_id))
        .where(col(LedgerPosting.account) == L.cash(user_id), col(LedgerEntry.created_at) < until)
        .order_by(col(LedgerEntry.created_at), col(LedgerEntry.id)))).all()
    return [S.CashMovement(at, S.movement_name(kind), amount) for at, kind, _memo, amount in rows if amount != 0]


async def cash_balance_before(db: AsyncSession, user_id: int, until: datetime) -> Decimal:
    total = await db.scalar(select(func.coalesce(func.sum(col(LedgerPosting.amount)), 0))
                            .join(LedgerEntry, col(LedgerEntry.id) == col(LedgerPosting.entry_id))
                            .where(col(LedgerPosting.account) == L.cash(user_id), col(LedgerEntry.created_at) < until))
    return money(total or 0)


async def statement_of(db: AsyncSession, user_id: int, month: S.Month) -> S.Statement:
    """The investor's statement for `month`, reconciled against the ledger's balance at the month's end."""
    held = await portfolio(db, user_id, until=month.ends)
    holdings = [S.holding_line(g.asset.ticker, g.asset.display_name, g.holding.shares, g.holding.current_price)
                for g in held.active + held.exited]
    transactions = [S.Transaction(r.created, r.type, S.transaction_description(r.type, r.side, r.shares_count,
                                                                               r.asset_ticker, r.unit_price),
                                  r.status, r.amount)
                    for r in await receipts(db, user_id) if month.starts <= r.created < month.ends]
    return S.statement(month, await cash_movements(db, user_id, month.ends), transactions, holdings,
                       closing_balance=await cash_balance_before(db, user_id, month.ends))


async def statement_investors(db: AsyncSession, month: S.Month) -> list[int]:
    """Investors with an active investment at the month's end (shares held, on their account or held for an
    order), or with a cash movement in the month."""
    holding = (await db.execute(
        select(col(SharePosting.account))
        .join(LedgerEntry, col(LedgerEntry.id) == col(SharePosting.entry_id))
        .where(col(SharePosting.account).like("user:%"), col(LedgerEntry.created_at) < month.ends)
        .group_by(col(SharePosting.account), col(SharePosting.asset_id))
        .having(func.sum(col(SharePosting.units)) > 0))).scalars().all()
    moved = (await db.execute(
        select(col(LedgerPosting.account)).distinct()
        .join(LedgerEntry, col(LedgerEntry.id) == col(LedgerPosting.entry_id))
        .where(col(LedgerPosting.account).like("user:%:cash"), col(LedgerEntry.created_at) >= month.starts,
               col(LedgerEntry.created_at) < month.ends))).scalars().all()
    return sorted({u for a in [*holding, *moved] if (u := user_of(a)) is not None})


async def sales_of(db: AsyncSession, user_id: int, year: int) -> list[S.Sale]:
    starts, ends = datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
    rows = (await db.execute(select(TradeFill, col(Asset.ticker)).join(Asset, col(Asset.id) == col(TradeFill.asset_id))
                             .where(col(TradeFill.user_id) == user_id, col(TradeFill.side) == SELL,
                                    col(TradeFill.created_at) >= starts, col(TradeFill.created_at) < ends))).all()
    return [S.Sale(f.created_at, ticker, f.units, f.unit_price) for f, ticker in rows]


async def tax_investors(db: AsyncSession, year: int) -> list[int]:
    """Investors who sold shares in `year`."""
    starts, ends = datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)
    return list((await db.execute(select(col(TradeFill.user_id)).distinct().where(
        col(TradeFill.side) == SELL, col(TradeFill.created_at) >= starts, col(TradeFill.created_at) < ends)
        .order_by(col(TradeFill.user_id)))).scalars().all())


def storage_key(user_id: int, kind: str, period: str) -> str:
    return f"{kind}/{user_id}/{period}.pdf"


async def document(db: AsyncSession, user_id: int, kind: str, period: str) -> FinancialDocument | None:
    row: FinancialDocument | None = await db.scalar(select(FinancialDocument).where(
        col(FinancialDocument.user_id) == user_id, col(FinancialDocument.kind) == kind,
        col(FinancialDocument.period) == period))
    return row


async def record(db: AsyncSession, user_id: int, kind: str, period: str, display_name: str) -> bool:
    """Writes the document's row once: True when this call wrote it, False when (investor, kind, period) had one."""
    made = await db.scalar(insert(FinancialDocument).values(
        user_id=user_id, kind=kind, period=period, file_key=secrets.token_urlsafe(24), display_name=display_name,
        storage_key=storage_key(user_id, kind, period)).on_conflict_do_nothing(
        index_elements=["user_id", "kind", "period"]).returning(col(FinancialDocument.id)))
    return made is not None


async def documents_of(db: AsyncSession, user_id: int, kind: str) -> list[FinancialDocument]:
    """The investor's documents of one kind, newest period first."""
    return list((await db.scalars(select(FinancialDocument).where(
        col(FinancialDocument.user_id) == user_id, col(FinancialDocument.kind) == kind)
        .order_by(col(FinancialDocument.period).desc()))).all())


async def owned(db: AsyncSession, user_id: int, file_key: str) -> FinancialDocument | None:
    """The investor's document with this key; None for another investor's (or no) document."""
    row: FinancialDocument | None = await db.scalar(select(FinancialDocument).where(
        col(FinancialDocument.user_id) == user_id, col(FinancialDocument.file_key) == file_key))
    return row


async def by_file_key(db: AsyncSession, file_key: str) -> FinancialDocument | None:
    """The document with this key, whoever's (only behind a signed address)."""
    row: FinancialDocument | None = await db.scalar(select(FinancialDocument).where(
        col(FinancialDocument.file_key) == file_key))
    return row
