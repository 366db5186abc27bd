"""Payment customers and their identity verification.

Sandbox magic (case-insensitive first name, like real sandboxes): ``retry`` → retry, ``document`` →
document, ``suspended`` → suspended, anything else → verified. A customer in retry is updated through
``POST /payments/customers/{id}/retry``; one in document uploads an identity document, goes to
document-pending and is verified ``document_review_seconds`` later by the processor.

A customer is created with its contact details (address, phone: optional), which are updated later with
``POST /payments/customers/{id}`` (the fields sent replace the record's, the others stay), as a real ACH provider
allows; the verified identity (name, SSN) is not updatable there — only through ``retry`` while the customer is in
retry — and a suspended customer cannot be updated at all (400).
"""

from __future__ import annotations

import sqlite3
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from providers import jobs
from providers.common import ProviderError, ProviderKey, SettingsDep, StorageDep
from providers.idempotency import IdempotencyKey, OptionalIdempotencyKey, Outcome
from providers.payments.webhooks import emit
from providers.resources import ResourceId, new_id, respond
from providers.settings import ProvidersSettings
from providers.sqlite import AddColumn, SchemaStep

CONTACT = ("address1", "address2", "city", "state", "postal_code", "phone")
SCHEMA: tuple[SchemaStep, ...] = (
    """
    CREATE TABLE IF NOT EXISTS payment_customers (
        id TEXT PRIMARY KEY,
        external_id TEXT NOT NULL UNIQUE,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        ssn_last4 TEXT NOT NULL,
        status TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS payment_documents (
        id TEXT PRIMARY KEY,
        customer_id TEXT NOT NULL REFERENCES payment_customers (id),
        document_type TEXT NOT NULL,
        file_key TEXT NOT NULL,
        status TEXT NOT NULL,
        created TEXT NOT NULL
    )
    """,
    *(AddColumn("payment_customers", c, "TEXT NOT NULL DEFAULT ''") for c in CONTACT),
)

VERIFIED, RETRY, DOCUMENT, DOCUMENT_PENDING, SUSPENDED = "verified", "retry", "document", "document-pending", "suspended"
MAGIC_FIRST_NAMES = {"retry": RETRY, "document": DOCUMENT, "suspended": SUSPENDED}
STATUS_TOPICS = {
    VERIFIED: "customer_verified",
    RETRY: "customer_reverification_needed",
    DOCUMENT: "customer_verification_document_needed",
    DOCUMENT_PENDING: "customer_verification_document_uploaded",
    SUSPENDED: "customer_suspended",
}

router = APIRouter(tags=["payments"], dependencies=[ProviderKey])

Name = Annotated[str, Field(min_length=1, max_length=50)]
SsnLast4 = Annotated[str, Field(pattern=r"^[0-9]{4}$")]


Line = Annotated[str, Field(max_length=128)]
State = Annotated[str, Field(pattern=r"^([A-Z]{2})?$")]
PostalCode = Annotated[str, Field(pattern=r"^([0-9]{5})?$")]
Phone = Annotated[str, Field(pattern=r"^([0-9]{10})?$")]


class CustomerIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    external_id: str = Field(min_length=1, max_length=64)
    first_name: Name
    last_name: Name
    email: str = Field(min_length=3, max_length=254, pattern=r"^[^@\s]+@[^@\s]+$")
    ssn_last4: SsnLast4
    address1: Line = ""
    address2: Line = ""
    city: Line = ""
    state: State = ""
    postal_code: PostalCode = ""
    phone: Phone = ""


class CustomerUpdateIn(BaseModel):
    """The contact details to change; a field left out keeps the record's. Anything else (a name, the SSN) is 422."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    email: str | None = Field(default=None, min_length=3, max_length=254, pattern=r"^[^@\s]+@[^@\s]+$")
    address1: Line | None = Field(default=None, min_length=1)
    address2: Line | None = None
    city: Line | None = Field(default=None, min_length=1)
    state: State | None = Field(default=None, min_length=2)
    postal_code: PostalCode | None = Field(default=None, min_length=5)
    phone: Phone | None = Field(default=None, min_length=10)


class RetryIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    first_name: Name
    last_name: Name
    ssn_last4: SsnLast4


class DocumentIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    document_type: Literal["passport", "idCard", "license"]
    file_key: str = Field(min_length=1, max_length=500)


def status_for(first_name: str) -> str:
    return MAGIC_FIRST_NAMES.get(first_name.strip().lower(), VERIFIED)


def customer_row(conn: sqlite3.Connection, customer_id: str) -> sqlite3.Row:
    row: sqlite3.Row | None = conn.execute("SELECT * FROM payment_customers WHERE id = ?", (customer_id,)).fetchone()
    if row is None:
        raise ProviderError(404, "Unknown customer")
    return row


def customer_out(row: sqlite3.Row) -> dict[str, Any]:
    return {"id": row["id"], "status": row["status"], "external_id": row["external_id"], "created": row["created"],
            "updated": row["updated"], "email": row["email"], **{c: row[c] for c in CONTACT}}


def document_out(row: sqlite3.Row) -> dict[str, Any]:
    keys = ("id", "status", "document_type", "customer_id", "created")
    return {k: row[k] for k in keys}


def set_status(conn: sqlite3.Connection, settings: ProvidersSettings, customer_id: str, status: str, at: float) -> None:
    conn.execute("UPDATE payment_customers SET status = ?, updated = ? WHERE id = ?", (status, jobs.iso(at), customer_id))
    emit(conn, settings, STATUS_TOPICS[status], customer_id, customer_id, at)


@router.post("/payments/customers", status_code=201)
async def create_customer(body: CustomerIn, storage: StorageDep, settings: SettingsDep, key: IdempotencyKey) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        existing = conn.execute("SELECT * FROM payment_customers WHERE external_id = ?", (body.external_id,)).fetchone()
        if existing is not None:
            return Outcome(200, customer_out(existing))
        at, customer_id, status = jobs.now_epoch(), new_id("cus"), status_for(body.first_name)
        conn.execute(
            "INSERT INTO payment_customers (id, external_id, first_name, last_name, email, ssn_last4, status, created,"
            f" updated, {', '.join(CONTACT)}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, {', '.join('?' for _ in CONTACT)})",
            (
                customer_id,
                body.external_id,
                body.first_name,
                body.last_name,
                body.email,
                body.ssn_last4,
                status,
                jobs.iso(at),
                jobs.iso(at),
                *(getattr(body, c) for c in CONTACT),
            ),
        )
        emit(conn, settings, "customer_created", customer_id, customer_id, at)
        emit(conn, settings, STATUS_TOPICS[status], customer_id, customer_id, at)
        return Outcome(201, customer_out(customer_row(conn, customer_id)))

    return await respond(storage, key, "POST /payments/customers", body.model_dump(), work)


@router.get("/payments/customers")
async def find_customers(
    storage: StorageDep, external_id: Annotated[str, Query(min_length=1, max_length=64)]
) -> dict[str, list[dict[str, Any]]]:
    def load() -> list[dict[str, Any]]:
        with storage.reader() as conn:
            rows = conn.execute("SELECT * FROM payment_customers WHERE external_id = ?", (external_id.strip(),)).fetchall()
        return [customer_out(r) for r in rows]

    return {"items": await run_in_threadpool(load)}


@router.get("/payments/customers/{customer_id}")
async def get_customer(customer_id: ResourceId, storage: StorageDep) -> dict[str, Any]:
    def load() -> dict[str, Any]:
        with storage.reader() as conn:
            return customer_out(customer_row(conn, customer_id))

    return await run_in_threadpool(load)


@router.post("/payments/customers/{customer_id}/retry")
async def retry_customer(
    customer_id: ResourceId, body: RetryIn, storage: StorageDep, settings: SettingsDep, key: OptionalIdempotencyKey
) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        if customer_row(conn, customer_id)["status"] != RETRY:
            raise ProviderError(400, "Only a customer in the retry status can be updated with new information.")
        conn.execute(
            "UPDATE payment_customers SET first_name = ?, last_name = ?, ssn_last4 = ? WHERE id = ?",
            (body.first_name, body.last_name, body.ssn_last4, customer_id),
        )
        set_status(conn, settings, customer_id, status_for(body.first_name), jobs.now_epoch())
        return Outcome(200, customer_out(customer_row(conn, customer_id)))

    return await respond(storage, key, f"POST /payments/customers/{customer_id}/retry", body.model_dump(), work)


@router.post("/payments/customers/{customer_id}")
async def update_customer(
    customer_id: ResourceId, body: CustomerUpdateIn, storage: StorageDep, key: OptionalIdempotencyKey
) -> Response:
    changes = body.model_dump(exclude_none=True)

    def work(conn: sqlite3.Connection) -> Outcome:
        if customer_row(conn, customer_id)["status"] == SUSPENDED:
            raise ProviderError(400, "A suspended customer cannot be updated.")
        if changes:
            columns = ", ".join(f"{c} = ?" for c in changes)  # names from the model's fields only
            conn.execute(f"UPDATE payment_customers SET {columns}, updated = ? WHERE id = ?",
                         (*changes.values(), jobs.iso(jobs.now_epoch()), customer_id))
        return Outcome(200, customer_out(customer_row(conn, customer_id)))

    return await respond(storage, key, f"POST /payments/customers/{customer_id}", changes, work)


@router.post("/payments/customers/{customer_id}/documents", status_code=201)
async def upload_document(
    customer_id: ResourceId, body: DocumentIn, storage: StorageDep, settings: SettingsDep, key: IdempotencyKey
) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        status = customer_row(conn, customer_id)["status"]
        if status == DOCUMENT_PENDING:
            raise ProviderError(400, "A document is already under review for this customer.")
        if status != DOCUMENT:
            raise ProviderError(400, "This customer does not need an identity document.")
        at, document_id = jobs.now_epoch(), new_id("doc")
        conn.execute(
            "INSERT INTO payment_documents (id, customer_id, document_type, file_key, status, created)"
            " VALUES (?, ?, ?, ?, 'pending', ?)",
            (document_id, customer_id, body.document_type, body.file_key, jobs.iso(at)),
        )
        set_status(conn, settings, customer_id, DOCUMENT_PENDING, at)
        jobs.schedule(conn, jobs.DOCUMENT_REVIEW, document_id, at + settings.document_review_seconds)
        row = conn.execute("SELECT * FROM payment_documents WHERE id = ?", (document_id,)).fetchone()
        return Outcome(201, document_out(row))

    return await respond(storage, key, f"POST /payments/customers/{customer_id}/documents", body.model_dump(), work)


@router.get("/payments/documents/{document_id}")
async def get_document(document_id: ResourceId, storage: StorageDep) -> dict[str, Any]:
    def load() -> dict[str, Any]:
        with storage.reader() as conn:
            row = conn.execute("SELECT * FROM payment_documents WHERE id = ?", (document_id,)).fetchone()
        if row is None:
            raise ProviderError(404, "Unknown document")
        return document_out(row)

    return await run_in_threadpool(load)


def review_document(conn: sqlite3.Connection, settings: ProvidersSettings, document_id: str, at: float) -> None:
    """Processor job: the document was reviewed and accepted; its customer becomes verified."""
    row = conn.execute("SELECT customer_id, status FROM payment_documents WHERE id = ?", (document_id,)).fetchone()
    if row is None or row["status"] != "pending":
        return
    conn.execute("UPDATE payment_documents SET status = 'reviewed' WHERE id = ?", (document_id,))
    if customer_row(conn, row["customer_id"])["status"] == DOCUMENT_PENDING:
        set_status(conn, settings, row["customer_id"], VERIFIED, at)
