"""Executions after the match: each side confirms during its window's CONFIRMATION; ops void.

An execution is PENDING_CONFIRMATION from its fill; it settles (SETTLED) as soon as both sides confirmed, else at
the end of CONFIRMATION (:mod:`providers.ats.windows`), unless voided (VOIDED: a voided execution never settles;
the orders' filled units stay as they were). A client sees only executions one of its accounts is a party to.
"""

from __future__ import annotations

import asyncpg

from providers.ats import errors, outbox, windows
from providers.ats.errors import AtsError
from providers.ats.runtime import CONFIRMATION, Ats
from providers.ats.views import EXEC_PENDING, EXEC_SETTLED, EXEC_VOIDED, execution_view


async def get(ats: Ats, client_id: str, execution_id: str) -> asyncpg.Record:
    async with ats.pool.acquire() as conn:
        row = await conn.fetchrow("SELECT * FROM executions WHERE id = $1 AND $2 IN (buyer_client, seller_client)",
                                  execution_id, client_id)
    if row is None:
        raise AtsError(404, errors.EXECUTION_NOT_FOUND, "Unknown execution")
    return row


async def listing(ats: Ats, client_id: str, *, window_id: str | None, account_id: str | None,
                  instrument_id: str | None, status: str | None, limit: int) -> list[asyncpg.Record]:
    async with ats.pool.acquire() as conn:
        return list(await conn.fetch(
            "SELECT * FROM executions WHERE ((buyer_client = $1 AND ($2::text IS NULL OR buyer_account = $2))"
            " OR (seller_client = $1 AND ($2::text IS NULL OR seller_account = $2)))"
            " AND ($3::text IS NULL OR window_id = $3) AND ($4::text IS NULL OR instrument_id = $4)"
            " AND ($5::text IS NULL OR status = $5) ORDER BY seq LIMIT $6",
            client_id, account_id, window_id, instrument_id, status, limit,
        ))


async def _emit(conn: asyncpg.Connection, ats: Ats, topic: str, row: asyncpg.Record, now: float) -> None:
    if ats.webhook_client in (row["buyer_client"], row["seller_client"]):
        await outbox.emit(conn, ats, topic, row["id"], execution_view(row, ats.webhook_client), now)


async def confirm(ats: Ats, client_id: str, execution_id: str, account_id: str) -> asyncpg.Record:
    """Confirm the side of ``account_id``; idempotent; settles the execution when the other side confirmed too."""
    row = await get(ats, client_id, execution_id)
    async with ats.locks[row["instrument_id"]]:
        now = ats.now()
        await windows.sync(ats, row["instrument_id"], now)
        row = await get(ats, client_id, execution_id)
        buyer = row["buyer_client"] == client_id and row["buyer_account"] == account_id
        seller = row["seller_client"] == client_id and row["seller_account"] == account_id
        if not (buyer or seller):
            raise AtsError(403, errors.NOT_A_PARTY, "This account is not a party to the execution", field="accountId")
        if row["status"] == EXEC_VOIDED:
            raise AtsError(409, errors.EXECUTION_VOIDED, "The execution was voided")
        if row["status"] == EXEC_SETTLED or (row["buyer_confirmed"] if buyer else row["seller_confirmed"]):
            return row
        window = next((w for w in ats.windows[row["instrument_id"]] if w.id == row["window_id"]), None)
        if window is None or window.status != CONFIRMATION:
            raise AtsError(409, errors.WINDOW_NOT_IN_CONFIRMATION, "Executions are confirmed during the window's CONFIRMATION")
        column = "buyer_confirmed" if buyer else "seller_confirmed"
        async with ats.pool.acquire() as conn, conn.transaction():
            row = await conn.fetchrow(
                f"UPDATE executions SET {column} = true, modified = $2,"
                " status = CASE WHEN buyer_confirmed OR seller_confirmed THEN $3 ELSE status END"
                " WHERE id = $1 RETURNING *",
                execution_id, now, EXEC_SETTLED,
            )
            assert row is not None
            await _emit(conn, ats, "execution.confirmed", row, now)
            if row["status"] == EXEC_SETTLED:
                await _emit(conn, ats, "execution.settled", row, now)
    return row


async def void(ats: Ats, client_id: str, execution_id: str, reason: str) -> asyncpg.Record:
    """Void a pending execution (ops, when an investor refuses the match); idempotent; a settled one cannot be."""
    row = await get(ats, client_id, execution_id)
    async with ats.locks[row["instrument_id"]]:
        now = ats.now()
        await windows.sync(ats, row["instrument_id"], now)
        row = await get(ats, client_id, execution_id)
        if row["status"] == EXEC_VOIDED:
            return row
        if row["status"] == EXEC_SETTLED:
            raise AtsError(409, errors.EXECUTION_SETTLED, "The execution has settled; it can no longer be voided")
        async with ats.pool.acquire() as conn, conn.transaction():
            row = await conn.fetchrow(
                "UPDATE executions SET status = $2, void_reason = $3, modified = $4 WHERE id = $1 AND status = $5 RETURNING *",
                execution_id, EXEC_VOIDED, reason, now, EXEC_PENDING,
            )
            assert row is not None
            await _emit(conn, ats, "execution.voided", row, now)
    return row
