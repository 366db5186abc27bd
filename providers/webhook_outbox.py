"""The webhook outbox of every sandbox provider: events stored with their exact body, delivered signed, retried.

An event is ``{id, topic, <the source's fields>, created}``; its *source* (``payments``, ``esign``) names the
api endpoint it goes to (:data:`TARGETS`, read from the settings at every attempt, so a restarted service with
a corrected URL delivers what is still pending). :func:`emit` stores an event and schedules its delivery in the
caller's transaction (so a state change and its event commit together); the processor delivers it (one attempt
per due job, backing off between attempts) and a failed delivery never undoes the state change.
:func:`redeliver` sends the same event (same id, same bytes) again so the receiver's de-duplication can be
tested; :func:`stored_events` lists what a source emitted.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import httpx
from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel

from providers import jobs
from providers.common import ProviderError
from providers.settings import ProvidersSettings
from providers.sqlite import AddColumn, SchemaStep, Storage
from providers.webhooks import RETRYABLE_STATUS, DeliveryResult, send_webhook

PAYMENTS, ESIGN = "payments", "esign"

SCHEMA: tuple[SchemaStep, ...] = (
    """
    CREATE TABLE IF NOT EXISTS webhook_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        source TEXT NOT NULL DEFAULT 'payments',
        topic TEXT NOT NULL,
        resource_id TEXT NOT NULL,
        customer_id TEXT NOT NULL,
        created TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        last_status INTEGER,
        last_error TEXT,
        delivered_at TEXT
    )
    """,
    AddColumn("webhook_events", "source", "TEXT NOT NULL DEFAULT 'payments'"),  # databases from before e-sign
    "CREATE INDEX IF NOT EXISTS webhook_events_customer ON webhook_events (customer_id, seq)",
    "CREATE INDEX IF NOT EXISTS webhook_events_source ON webhook_events (source, resource_id, seq)",
)

# source -> the api endpoint its events are POSTed to
TARGETS: dict[str, Callable[[ProvidersSettings], str]] = {
    PAYMENTS: lambda settings: settings.webhook_url,
    ESIGN: lambda settings: settings.esign_webhook_url,
}


class StoredEvent(NamedTuple):
    source: str
    body: dict[str, Any]


class RedeliveryOut(BaseModel):
    id: str
    topic: str
    delivered: bool
    status_code: int | None
    error: str | None


def emit(
    conn: sqlite3.Connection,
    settings: ProvidersSettings,
    source: str,
    topic: str,
    at: float,
    *,
    resource_id: str,
    customer_id: str,
    fields: Mapping[str, Any],
) -> str:
    """Store the event ``{id, topic, **fields, created}`` and schedule its delivery ``webhook_delay_seconds`` after ``at``.

    ``resource_id`` and ``customer_id`` are what :func:`stored_events` filters on.
    """
    event_id = f"evt_{uuid.uuid4().hex}"
    event = {"id": event_id, "topic": topic, **fields, "created": jobs.iso(at)}
    conn.execute(
        "INSERT INTO webhook_events (id, source, topic, resource_id, customer_id, created, body) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (event_id, source, topic, resource_id, customer_id, event["created"], json.dumps(event)),
    )
    jobs.schedule(conn, jobs.WEBHOOK, event_id, at + settings.webhook_delay_seconds)
    return event_id


def load_event(storage: Storage, event_id: str) -> StoredEvent | None:
    with storage.reader() as conn:
        row = conn.execute("SELECT source, body FROM webhook_events WHERE id = ?", (event_id,)).fetchone()
    return None if row is None else StoredEvent(str(row["source"]), dict(json.loads(row["body"])))


def stored_events(
    storage: Storage, source: str, *, resource_id: str | None = None, customer_id: str | None = None
) -> list[sqlite3.Row]:
    """The rows of ``source``'s events (oldest first), optionally of one resource and/or one customer."""
    with storage.reader() as conn:
        return conn.execute(
            "SELECT * FROM webhook_events WHERE source = ? AND (? IS NULL OR customer_id = ?)"
            " AND (? IS NULL OR resource_id = ?) ORDER BY seq",
            (source, customer_id, customer_id, resource_id, resource_id),
        ).fetchall()


def retryable(result: DeliveryResult) -> bool:
    return not result.delivered and (result.status_code is None or result.status_code in RETRYABLE_STATUS)


def backoff(settings: ProvidersSettings, attempts: int) -> float:
    return float(min(settings.webhook_retry_max_seconds, settings.webhook_retry_base_seconds * 2 ** max(0, attempts - 1)))


async def attempt(
    storage: Storage, settings: ProvidersSettings, event: StoredEvent, client: httpx.AsyncClient
) -> tuple[DeliveryResult, int]:
    """One signed delivery attempt of ``event``, recorded on the event; returns it and the event's attempt count."""
    try:
        url = TARGETS[event.source](settings)
        result = await send_webhook(url, event.body, settings.webhook_secret, attempts=1, client=client)
    except Exception as exc:  # e.g. a malformed URL: a failed attempt, retried up to the bound
        result = DeliveryResult(False, 1, None, f"{type(exc).__name__}: {exc}")

    def record() -> int:
        with storage.transaction() as conn:
            status = "delivered" if result.delivered else ("pending" if retryable(result) else "failed")
            conn.execute(
                "UPDATE webhook_events SET attempts = attempts + 1, last_status = ?, last_error = ?,"
                " status = CASE WHEN status = 'delivered' THEN status ELSE ? END,"
                " delivered_at = CASE WHEN ? THEN ? ELSE delivered_at END WHERE id = ?",
                (result.status_code, result.error, status, result.delivered, jobs.iso(jobs.now_epoch()), event.body["id"]),
            )
            row = conn.execute("SELECT attempts FROM webhook_events WHERE id = ?", (event.body["id"],)).fetchone()
            return int(row["attempts"]) if row else 0

    return result, await run_in_threadpool(record)


async def deliver_job(
    storage: Storage, settings: ProvidersSettings, job: jobs.Job, now: float, client: httpx.AsyncClient
) -> DeliveryResult | None:
    """Deliver the event of a claimed webhook job; finish it, or reschedule it with backoff."""
    event = await run_in_threadpool(load_event, storage, job.ref)
    if event is None:
        await run_in_threadpool(_finish, storage, job.id, "failed", "unknown event")
        return None
    result, attempts = await attempt(storage, settings, event, client)
    if retryable(result) and attempts < settings.webhook_max_attempts:
        due = now + backoff(settings, attempts)
        await run_in_threadpool(_reschedule, storage, job.id, due, result.error)
    else:
        state = "done" if result.delivered else "failed"
        await run_in_threadpool(_finish, storage, job.id, state, result.error)
    return result


def _finish(storage: Storage, job_id: int, state: str, error: str | None) -> None:
    with storage.transaction() as conn:
        jobs.finish(conn, job_id, state=state, error=error)
        if state == "failed":
            conn.execute(
                "UPDATE webhook_events SET status = 'failed' WHERE id = (SELECT ref FROM scheduled_events WHERE id = ?)"
                " AND status = 'pending'",
                (job_id,),
            )


def _reschedule(storage: Storage, job_id: int, due_at: float, error: str | None) -> None:
    with storage.transaction() as conn:
        jobs.reschedule(conn, job_id, due_at, error)


def webhook_client(request: Request, settings: ProvidersSettings) -> httpx.AsyncClient:
    """An HTTP client for webhooks (``app.state.webhook_transport`` lets tests receive them in-process)."""
    transport = getattr(request.app.state, "webhook_transport", None)
    return httpx.AsyncClient(transport=transport, timeout=settings.webhook_timeout_seconds)


async def redeliver(request: Request, storage: Storage, settings: ProvidersSettings, source: str, event_id: str) -> RedeliveryOut:
    """Send ``source``'s stored event again now (a failure that can be retried schedules one more delivery)."""
    event = await run_in_threadpool(load_event, storage, event_id)
    if event is None or event.source != source:
        raise ProviderError(404, "Unknown webhook event")
    async with webhook_client(request, settings) as client:
        result, attempts = await attempt(storage, settings, event, client)
    if retryable(result) and attempts < settings.webhook_max_attempts:

        def later() -> None:
            with storage.transaction() as conn:
                jobs.schedule(conn, jobs.WEBHOOK, event_id, jobs.now_epoch() + backoff(settings, attempts))

        await run_in_threadpool(later)
    topic = str(event.body["topic"])
    return RedeliveryOut(id=event_id, topic=topic, delivered=result.delivered, status_code=result.status_code, error=result.error)
