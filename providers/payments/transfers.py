"""ACH transfers between the user's verified bank account and the platform: pending → processed | failed.

A transfer settles ``transfer_settle_seconds`` after it was created. Sandbox magic amounts choose an ACH
return like real sandboxes: cents ``.13`` → failed R01 (insufficient funds), cents ``.03`` → failed R03
(no account / unable to locate account); anything else is processed. A processed withdrawal reaches the
user's bank (``VITRINE WITHDRAWAL`` on the sandbox statement). Webhooks: ``transfer_created``, then
``transfer_completed`` or ``transfer_failed``.
"""

from __future__ import annotations

import sqlite3
from decimal import Decimal
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from providers import jobs
from providers.banklink import banks
from providers.common import ProviderError, ProviderKey, SettingsDep, StorageDep
from providers.idempotency import IdempotencyKey, Outcome
from providers.payments.customers import VERIFIED as CUSTOMER_VERIFIED
from providers.payments.customers import customer_row
from providers.payments.funding import REMOVED, VERIFICATION_FAILED, VERIFIED, source_row
from providers.payments.webhooks import emit
from providers.resources import Money, ResourceId, money, new_id, respond
from providers.settings import ProvidersSettings

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS transfers (
        id TEXT PRIMARY KEY,
        customer_id TEXT NOT NULL REFERENCES payment_customers (id),
        funding_source_id TEXT NOT NULL REFERENCES funding_sources (id),
        direction TEXT NOT NULL,
        amount TEXT NOT NULL,
        status TEXT NOT NULL,
        failure_code TEXT,
        failure_reason TEXT,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS transfers_customer ON transfers (customer_id, created)",
)

PENDING, PROCESSED, FAILED = "pending", "processed", "failed"
# Magic cents → (ACH return code, reason).
ACH_RETURNS: dict[Decimal, tuple[str, str]] = {
    Decimal("0.13"): ("R01", "Insufficient funds"),
    Decimal("0.03"): ("R03", "No account/unable to locate account"),
}

router = APIRouter(tags=["payments"], dependencies=[ProviderKey])


class TransferIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    funding_source_id: str = Field(min_length=1, max_length=64)
    direction: Literal["deposit", "withdrawal"]
    amount: Money


def transfer_out(row: sqlite3.Row) -> dict[str, Any]:
    keys = ("id", "status", "amount", "direction", "funding_source_id", "customer_id", "failure_code", "failure_reason")
    return {k: row[k] for k in keys} | {"created": row["created"], "updated": row["updated"]}


def transfer_row(conn: sqlite3.Connection, transfer_id: str) -> sqlite3.Row:
    row: sqlite3.Row | None = conn.execute("SELECT * FROM transfers WHERE id = ?", (transfer_id,)).fetchone()
    if row is None:
        raise ProviderError(404, "Unknown transfer")
    return row


def _refuse_unless_ready(conn: sqlite3.Connection, settings: ProvidersSettings, body: TransferIn) -> sqlite3.Row:
    if body.amount > settings.transfer_max_amount:
        raise ProviderError(400, f"A transfer cannot exceed ${money(settings.transfer_max_amount)}.", error_type="amount_limit")
    source: sqlite3.Row | None = conn.execute("SELECT * FROM funding_sources WHERE id = ?", (body.funding_source_id,)).fetchone()
    if source is None:
        raise ProviderError(400, "Unknown funding source.", error_type="invalid_funding_source")
    status = source["status"]
    if status == REMOVED:
        raise ProviderError(400, "This bank account was removed.", error_type="invalid_funding_source")
    if status == VERIFICATION_FAILED:
        raise ProviderError(400, "This bank account could not be verified.", error_type="invalid_funding_source")
    if status != VERIFIED:
        raise ProviderError(
            400, "The bank account must be verified before money can be moved.", error_type="unverified_funding_source"
        )
    customer_status = customer_row(conn, source["customer_id"])["status"]
    if customer_status != CUSTOMER_VERIFIED:
        message = f"The customer must be verified before money can be moved (status: {customer_status})."
        raise ProviderError(400, message, error_type="unverified_customer")
    return source


@router.post("/payments/transfers", status_code=201)
async def create_transfer(body: TransferIn, storage: StorageDep, settings: SettingsDep, key: IdempotencyKey) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        source = _refuse_unless_ready(conn, settings, body)
        at, transfer_id = jobs.now_epoch(), new_id("tr")
        conn.execute(
            "INSERT INTO transfers (id, customer_id, funding_source_id, direction, amount, status, created, updated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                transfer_id,
                source["customer_id"],
                source["id"],
                body.direction,
                money(body.amount),
                PENDING,
                jobs.iso(at),
                jobs.iso(at),
            ),
        )
        emit(conn, settings, "transfer_created", transfer_id, source["customer_id"], at)
        jobs.schedule(conn, jobs.TRANSFER_SETTLE, transfer_id, at + settings.transfer_settle_seconds)
        return Outcome(201, transfer_out(transfer_row(conn, transfer_id)))

    return await respond(storage, key, "POST /payments/transfers", body.model_dump(mode="json"), work)


@router.get("/payments/transfers/{transfer_id}")
async def get_transfer(transfer_id: ResourceId, storage: StorageDep) -> dict[str, Any]:
    def load() -> dict[str, Any]:
        with storage.reader() as conn:
            return transfer_out(transfer_row(conn, transfer_id))

    return await run_in_threadpool(load)


@router.get("/payments/customers/{customer_id}/transfers")
async def list_transfers(customer_id: ResourceId, storage: StorageDep) -> dict[str, Any]:
    def load() -> list[dict[str, Any]]:
        with storage.reader() as conn:
            customer_row(conn, customer_id)
            rows = conn.execute("SELECT * FROM transfers WHERE customer_id = ? ORDER BY created, id", (customer_id,)).fetchall()
        return [transfer_out(r) for r in rows]

    return {"items": await run_in_threadpool(load)}


def ach_return(amount: Decimal) -> tuple[str, str] | None:
    """The sandbox's ACH return for ``amount`` (by its cents), or None when it settles."""
    return ACH_RETURNS.get(amount - int(amount))


def settle_transfer(conn: sqlite3.Connection, settings: ProvidersSettings, transfer_id: str, at: float) -> None:
    """Processor job: the ACH network settles the transfer (or returns it)."""
    row = conn.execute("SELECT * FROM transfers WHERE id = ?", (transfer_id,)).fetchone()
    if row is None or row["status"] != PENDING:
        return
    amount, failure = Decimal(row["amount"]), ach_return(Decimal(row["amount"]))
    if failure is None:
        conn.execute("UPDATE transfers SET status = ?, updated = ? WHERE id = ?", (PROCESSED, jobs.iso(at), transfer_id))
        if row["direction"] == "withdrawal":
            source = source_row(conn, row["funding_source_id"])
            banks.record(conn, source["routing_number"], source["account_number"], amount, banks.WITHDRAWAL, at)
        emit(conn, settings, "transfer_completed", transfer_id, row["customer_id"], at)
        return
    code, reason = failure
    conn.execute(
        "UPDATE transfers SET status = ?, failure_code = ?, failure_reason = ?, updated = ? WHERE id = ?",
        (FAILED, code, reason, jobs.iso(at), transfer_id),
    )
    emit(conn, settings, "transfer_failed", transfer_id, row["customer_id"], at)
