"""Statement activities: who gets a document for a period, and making one investor's document once — its content
from the ledger (store/statements.py), its PDF (store/statement_pdf.py), the file in the document store, then
its row (unique per investor, kind and period: a retry or a re-run finds it and makes nothing new)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import statements as interface
from activities.interfaces.statements import BAD_PERIOD, STATEMENT, TAX, Investors, Made, MakeDocument
from domain import statements as S
from store import statements as store
from store.document_files import DocumentFiles
from store.models import User


def _month(period: str) -> S.Month:
    try:
        year, month = period.split("-")
        return S.Month(int(year), int(month))
    except ValueError as e:
        raise ApplicationError(f"not a month: {period!r}", type=BAD_PERIOD, non_retryable=True) from e


def _year(period: str) -> int:
    if not (period.isdigit() and len(period) == 4):
        raise ApplicationError(f"not a year: {period!r}", type=BAD_PERIOD, non_retryable=True)
    return int(period)


def _kind(kind: str) -> str:
    if kind not in (STATEMENT, TAX):
        raise ApplicationError(f"not a document kind: {kind!r}", type=BAD_PERIOD, non_retryable=True)
    return kind


def _investor(user: User | None) -> str:
    if user is None:
        return ""
    return " ".join(p for p in (user.first_name, user.last_name) if p) or user.username or ""


class StatementActivities(interface.StatementActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], files: DocumentFiles) -> None:
        self._sessions, self._files = sessions, files

    @activity.defn(name="statements.investors")
    async def investors(self, inp: Investors) -> list[int]:
        async with self._sessions() as db:
            if _kind(inp.kind) == STATEMENT:
                return await store.statement_investors(db, _month(inp.period))
            return await store.tax_investors(db, _year(inp.period))

    @activity.defn(name="statements.make")
    async def make(self, inp: MakeDocument) -> Made:
        kind = _kind(inp.kind)
        async with self._sessions() as db:
            # every read of the document in one snapshot: a posting landing meanwhile (a transfer settling) must not
            # make the month's movements and its closing balance disagree (Unreconciled)
            await db.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            existing = await store.document(db, inp.user_id, kind, inp.period)
            if existing is not None and not inp.remake:
                return Made(inp.user_id, created=False)
            investor = _investor(await db.get(User, inp.user_id))
            # here, not at the top: fpdf2 and its fontTools are a third of the worker's imports, paid at every start
            # (a restarted worker leaves its workflows waiting that long) though statements are made once a month
            from store.statement_pdf import statement_pdf, tax_document_pdf

            if kind == STATEMENT:
                month = _month(inp.period)
                pdf, name = statement_pdf(await store.statement_of(db, inp.user_id, month), investor), S.statement_name(month)
            else:
                year = _year(inp.period)
                doc = S.tax_document(year, await store.sales_of(db, inp.user_id, year))
                if doc is None:
                    return Made(inp.user_id, created=False, skipped=True)
                pdf, name = tax_document_pdf(doc, investor), S.tax_document_name(year)
            # the file first, then the row: a row always has its file; a crash between them leaves a file that the
            # retry writes again under the same key
            await self._files.put(store.storage_key(inp.user_id, kind, inp.period), pdf)
            created = await store.record(db, inp.user_id, kind, inp.period, name)
            await db.commit()
        return Made(inp.user_id, created=created)
