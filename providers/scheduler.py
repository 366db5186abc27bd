"""The background processor: applies due scheduled events (see :mod:`providers.jobs`).

:func:`process_due` applies every event due at ``now`` (micro-deposit arrival, transfer settlement,
document review; each in its own transaction, marked done in it) and then delivers due webhooks of every
provider (:mod:`providers.webhook_outbox`), repeating while applying events makes new ones due. The app runs it
every ``processor_interval_seconds`` from its lifespan; tests over ``httpx.ASGITransport`` (no lifespan) call it
with a ``now`` in the future instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from datetime import datetime

import httpx
from fastapi import FastAPI
from fastapi.concurrency import run_in_threadpool

from providers import jobs
from providers.payments.customers import review_document
from providers.payments.funding import micro_deposits_arrive
from providers.payments.transfers import settle_transfer
from providers.settings import ProvidersSettings
from providers.sqlite import Storage
from providers.webhook_outbox import deliver_job

log = logging.getLogger(__name__)

Handler = Callable[[sqlite3.Connection, ProvidersSettings, str, float], None]
HANDLERS: dict[str, Handler] = {
    jobs.MICRO_DEPOSITS_ARRIVE: micro_deposits_arrive,
    jobs.TRANSFER_SETTLE: settle_transfer,
    jobs.DOCUMENT_REVIEW: review_document,
}
WEBHOOK_LEASE_SECONDS = 60.0
MAX_ROUNDS = 20


def _epoch(now: datetime | float | None) -> float:
    if now is None:
        return jobs.now_epoch()
    return now.timestamp() if isinstance(now, datetime) else float(now)


def _apply(storage: Storage, settings: ProvidersSettings, job: jobs.Job) -> bool:
    """Apply one state job in a transaction (False when another processor took it first)."""
    handler = HANDLERS.get(job.kind)
    try:
        with storage.transaction() as conn:
            if not jobs.claim(conn, job, job.due_at):
                return False
            if handler is None:
                jobs.finish(conn, job.id, state="failed", error=f"unknown kind {job.kind}")
                return True
            handler(conn, settings, job.ref, job.due_at)
            return True
    except Exception as exc:  # a bug must not stop the processor or retry forever
        log.exception("scheduled event %s (%s %s) failed", job.id, job.kind, job.ref)
        with storage.transaction() as conn:
            jobs.finish(conn, job.id, state="failed", error=f"{type(exc).__name__}: {exc}")
        return True


def _state_round(storage: Storage, settings: ProvidersSettings, now: float) -> int:
    with storage.reader() as conn:
        due = jobs.due_jobs(conn, now, webhooks=False)
    return sum(_apply(storage, settings, job) for job in due)


def _claim_webhooks(storage: Storage, now: float) -> list[jobs.Job]:
    with storage.transaction() as conn:
        due = jobs.due_jobs(conn, now, webhooks=True)
        return [job for job in due if jobs.claim(conn, job, now, lease_until=now + WEBHOOK_LEASE_SECONDS)]


async def process_due(
    storage: Storage,
    settings: ProvidersSettings,
    now: datetime | float | None = None,
    *,
    client: httpx.AsyncClient | None = None,
) -> int:
    """Apply what is due at ``now`` (default: the current time); returns how many events were handled.

    ``client`` sends the webhooks (tests pass one over ``httpx.MockTransport``); by default a fresh client.
    """
    at = _epoch(now)
    handled = 0
    own = client is None
    http = client or httpx.AsyncClient(timeout=settings.webhook_timeout_seconds)
    try:
        for _ in range(MAX_ROUNDS):
            applied = await run_in_threadpool(_state_round, storage, settings, at)
            claimed = await run_in_threadpool(_claim_webhooks, storage, at)
            for job in claimed:  # in order: a receiver sees an object's events in the order they happened
                await deliver_job(storage, settings, job, at, http)
            handled += applied + len(claimed)
            if not applied and not claimed:
                break
    finally:
        if own:
            await http.aclose()
    return handled


async def run_processor(storage: Storage, settings: ProvidersSettings, transport: httpx.AsyncBaseTransport | None = None) -> None:
    """Forever: process what is due, then sleep ``processor_interval_seconds``."""
    async with httpx.AsyncClient(transport=transport, timeout=settings.webhook_timeout_seconds) as client:
        while True:
            try:
                await process_due(storage, settings, client=client)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("processing scheduled events failed")
            await asyncio.sleep(settings.processor_interval_seconds)


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Start the processor with the app (unless ``processor_enabled`` is off) and stop it on shutdown."""
    settings: ProvidersSettings = app.state.settings
    task: asyncio.Task[None] | None = None
    if settings.processor_enabled:
        transport = getattr(app.state, "webhook_transport", None)
        task = asyncio.create_task(run_processor(app.state.storage, settings, transport), name="providers-processor")
    try:
        yield
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
