"""Funding sources (the user's bank accounts) and their verification by micro-deposits.

Manual entry creates an *unverified* source and sends two random micro-deposits (0.01–0.09) that reach
the user's bank ``micro_deposit_delay_seconds`` later (``microdeposits_available`` webhook); the user
reads them on the bank statement and enters them: ``micro_deposit_max_attempts`` wrong tries make the
source ``verification_failed`` (remove it and link again). A processor token from bank link creates a
*verified* source at once. Routing number ``000000000`` is refused, as real providers refuse unknown ones.
"""

from __future__ import annotations

import secrets
import sqlite3
from decimal import Decimal
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, field_validator

from providers import jobs
from providers.banklink import banks
from providers.banklink.records import resolve_processor_token
from providers.common import ProviderError, ProviderKey, SettingsDep, StorageDep
from providers.idempotency import IdempotencyKey, OptionalIdempotencyKey, Outcome, error_outcome
from providers.payments.customers import SUSPENDED, customer_row
from providers.payments.webhooks import emit
from providers.resources import ResourceId, money, new_id, respond
from providers.settings import ProvidersSettings

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS funding_sources (
        id TEXT PRIMARY KEY,
        customer_id TEXT NOT NULL REFERENCES payment_customers (id),
        routing_number TEXT NOT NULL,
        account_number TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        bank_name TEXT NOT NULL,
        status TEXT NOT NULL,
        micro1 TEXT,
        micro2 TEXT,
        micro_status TEXT,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS funding_sources_customer ON funding_sources (customer_id, created)",
)

UNVERIFIED, VERIFIED, VERIFICATION_FAILED, REMOVED = "unverified", "verified", "verification_failed", "removed"
TOO_MANY_ATTEMPTS = "Too many failed attempts: the bank account could not be verified. Please remove it and link it again."

router = APIRouter(tags=["payments"], dependencies=[ProviderKey])

MicroAmount = Annotated[Decimal, Field(gt=Decimal("0"), lt=Decimal("1"), decimal_places=2, allow_inf_nan=False)]


class FundingSourceIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    routing_number: str = Field(pattern=r"^[0-9]{9}$")
    account_number: str = Field(pattern=r"^[0-9]{4,17}$")
    name: str = Field(min_length=1, max_length=100)
    type: Literal["checking", "savings"]

    @field_validator("type", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value


class ProcessorTokenIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    processor_token: str = Field(min_length=1, max_length=200)
    name: str | None = Field(default=None, min_length=1, max_length=100)


class MicroDepositsIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    amount1: MicroAmount
    amount2: MicroAmount


def source_row(conn: sqlite3.Connection, source_id: str) -> sqlite3.Row:
    row: sqlite3.Row | None = conn.execute("SELECT * FROM funding_sources WHERE id = ?", (source_id,)).fetchone()
    if row is None:
        raise ProviderError(404, "Unknown funding source")
    return row


def source_out(row: sqlite3.Row) -> dict[str, Any]:
    keys = ("id", "customer_id", "status", "name", "type", "bank_name", "created")
    return {k: row[k] for k in keys} | {"account_tail": row["account_number"][-4:], "micro_deposits": row["micro_status"]}


def _insert(
    conn: sqlite3.Connection,
    settings: ProvidersSettings,
    customer_id: str,
    account: tuple[str, str, str, str, str],
    status: str,
    at: float,
) -> str:
    """Insert a source for (routing, account number, name, type, bank name) unless refused; send its webhook."""
    routing, number, name, kind, bank_name = account
    if customer_row(conn, customer_id)["status"] == SUSPENDED:
        raise ProviderError(400, "This customer is suspended and cannot add a bank account.", error_type="customer_suspended")
    duplicate = conn.execute(
        "SELECT 1 FROM funding_sources WHERE customer_id = ? AND routing_number = ? AND account_number = ? AND status <> ?",
        (customer_id, routing, number, REMOVED),
    ).fetchone()
    if duplicate is not None:
        raise ProviderError(400, "This bank account is already linked to this customer.", error_type="duplicate_resource")
    source_id = new_id("fs")
    conn.execute(
        "INSERT INTO funding_sources (id, customer_id, routing_number, account_number, name, type, bank_name, status,"
        " created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (source_id, customer_id, routing, number, name, kind, bank_name, status, jobs.iso(at), jobs.iso(at)),
    )
    emit(conn, settings, "funding_source_added", source_id, customer_id, at)
    if status == VERIFIED:
        emit(conn, settings, "funding_source_verified", source_id, customer_id, at)
    return source_id


@router.post("/payments/customers/{customer_id}/funding-sources", status_code=201)
async def create_source(
    customer_id: ResourceId, body: FundingSourceIn, storage: StorageDep, settings: SettingsDep, key: IdempotencyKey
) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        customer_row(conn, customer_id)
        if body.routing_number == "000000000":
            raise ProviderError(400, "Invalid routing number.", error_type="invalid_routing_number")
        at = jobs.now_epoch()
        account = (body.routing_number, body.account_number, body.name, body.type, banks.bank_name(body.routing_number))
        source_id = _insert(conn, settings, customer_id, account, UNVERIFIED, at)
        micro1, micro2 = (money(Decimal(secrets.randbelow(9) + 1) / 100) for _ in range(2))
        conn.execute(
            "UPDATE funding_sources SET micro1 = ?, micro2 = ?, micro_status = 'pending' WHERE id = ?",
            (micro1, micro2, source_id),
        )
        jobs.schedule(conn, jobs.MICRO_DEPOSITS_ARRIVE, source_id, at + settings.micro_deposit_delay_seconds)
        return Outcome(201, source_out(source_row(conn, source_id)))

    return await respond(storage, key, f"POST /payments/customers/{customer_id}/funding-sources", body.model_dump(), work)


@router.post("/payments/customers/{customer_id}/funding-sources/processor-token", status_code=201)
async def create_source_from_processor_token(
    customer_id: ResourceId, body: ProcessorTokenIn, storage: StorageDep, settings: SettingsDep, key: IdempotencyKey
) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        customer_row(conn, customer_id)
        linked = resolve_processor_token(conn, body.processor_token)
        if linked is None:
            raise ProviderError(400, "Invalid processor token.", error_type="invalid_processor_token")
        name = body.name or f"{linked.institution.name} {linked.name}"
        account = (linked.routing_number, linked.account_number, name, linked.type, linked.institution.name)
        source_id = _insert(conn, settings, customer_id, account, VERIFIED, jobs.now_epoch())
        return Outcome(201, source_out(source_row(conn, source_id)))

    scope = f"POST /payments/customers/{customer_id}/funding-sources/processor-token"
    return await respond(storage, key, scope, body.model_dump(), work)


@router.get("/payments/customers/{customer_id}/funding-sources")
async def list_sources(customer_id: ResourceId, storage: StorageDep, removed: Annotated[bool, Query()] = False) -> dict[str, Any]:
    def load() -> list[dict[str, Any]]:
        with storage.reader() as conn:
            customer_row(conn, customer_id)
            rows = conn.execute(
                "SELECT * FROM funding_sources WHERE customer_id = ? AND (? OR status <> ?) ORDER BY created, id",
                (customer_id, removed, REMOVED),
            ).fetchall()
        return [source_out(r) for r in rows]

    return {"items": await run_in_threadpool(load)}


@router.get("/payments/funding-sources/{source_id}")
async def get_source(source_id: ResourceId, storage: StorageDep) -> dict[str, Any]:
    def load() -> dict[str, Any]:
        with storage.reader() as conn:
            return source_out(source_row(conn, source_id))

    return await run_in_threadpool(load)


@router.delete("/payments/funding-sources/{source_id}", status_code=204)
async def remove_source(source_id: ResourceId, storage: StorageDep, settings: SettingsDep) -> Response:
    def work() -> None:
        with storage.transaction() as conn:
            row = source_row(conn, source_id)
            if row["status"] != REMOVED:
                at = jobs.now_epoch()
                conn.execute(
                    "UPDATE funding_sources SET status = ?, updated = ? WHERE id = ?", (REMOVED, jobs.iso(at), source_id)
                )
                emit(conn, settings, "funding_source_removed", source_id, row["customer_id"], at)

    await run_in_threadpool(work)
    return Response(status_code=204)


def _check_amounts(conn: sqlite3.Connection, settings: ProvidersSettings, row: sqlite3.Row, body: MicroDepositsIn) -> Outcome:
    status, micro_status = row["status"], row["micro_status"]
    if status == REMOVED:
        raise ProviderError(400, "This bank account was removed.", error_type="funding_source_removed")
    if status == VERIFIED:
        raise ProviderError(400, "This bank account is already verified.", error_type="already_verified")
    if status == VERIFICATION_FAILED:
        return error_outcome(400, TOO_MANY_ATTEMPTS, "max_attempts_reached")
    if micro_status != "arrived":
        raise ProviderError(400, "Micro-deposits have not arrived yet.", error_type="micro_deposits_not_arrived")
    at, source_id, customer_id = jobs.now_epoch(), row["id"], row["customer_id"]
    expected = sorted([Decimal(row["micro1"]), Decimal(row["micro2"])])
    if sorted([body.amount1, body.amount2]) == expected:
        conn.execute(
            "UPDATE funding_sources SET status = ?, micro_status = 'completed', updated = ? WHERE id = ?",
            (VERIFIED, jobs.iso(at), source_id),
        )
        emit(conn, settings, "funding_source_verified", source_id, customer_id, at)
        return Outcome(200, source_out(source_row(conn, source_id)))
    attempts = int(row["failed_attempts"]) + 1
    conn.execute("UPDATE funding_sources SET failed_attempts = ?, updated = ? WHERE id = ?", (attempts, jobs.iso(at), source_id))
    left = settings.micro_deposit_max_attempts - attempts
    if left > 0:
        message = f"The amounts you entered do not match. You have {left} attempt(s) left."
        return error_outcome(400, message, "micro_deposits_mismatch")
    conn.execute("UPDATE funding_sources SET status = ?, micro_status = 'failed' WHERE id = ?", (VERIFICATION_FAILED, source_id))
    emit(conn, settings, "microdeposits_failed", source_id, customer_id, at)
    return error_outcome(400, TOO_MANY_ATTEMPTS, "max_attempts_reached")


@router.post("/payments/funding-sources/{source_id}/micro-deposits")
async def verify_micro_deposits(
    source_id: ResourceId, body: MicroDepositsIn, storage: StorageDep, settings: SettingsDep, key: OptionalIdempotencyKey
) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        return _check_amounts(conn, settings, source_row(conn, source_id), body)

    scope = f"POST /payments/funding-sources/{source_id}/micro-deposits"
    return await respond(storage, key, scope, body.model_dump(mode="json"), work)


def micro_deposits_arrive(conn: sqlite3.Connection, settings: ProvidersSettings, source_id: str, at: float) -> None:
    """Processor job: the two micro-deposits reach the user's bank account."""
    row = conn.execute("SELECT * FROM funding_sources WHERE id = ?", (source_id,)).fetchone()
    if row is None or row["micro_status"] != "pending":
        return
    for amount in (row["micro1"], row["micro2"]):
        banks.record(conn, row["routing_number"], row["account_number"], Decimal(amount), banks.MICRO_DEPOSIT, at)
    conn.execute("UPDATE funding_sources SET micro_status = 'arrived', updated = ? WHERE id = ?", (jobs.iso(at), source_id))
    if row["status"] != REMOVED:
        emit(conn, settings, "microdeposits_available", source_id, row["customer_id"], at)
