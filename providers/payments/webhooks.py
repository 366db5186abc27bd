"""Payment webhook events ``{id, topic, resource_id, customer_id, created}``, sent through the outbox.

:func:`emit` stores an event (source ``payments``, to ``webhook_url``) in the caller's transaction; the outbox
(:mod:`providers.webhook_outbox`) delivers and retries it. ``POST /sandbox/webhooks/{event_id}/redeliver`` sends
the same event (same id, same bytes) again so the receiver's de-duplication can be tested;
``GET /sandbox/webhooks`` lists what was emitted.
"""

from __future__ import annotations

import sqlite3
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel

from providers import webhook_outbox
from providers.common import SettingsDep, StorageDep
from providers.settings import ProvidersSettings
from providers.webhook_outbox import PAYMENTS, RedeliveryOut

router = APIRouter(tags=["payments sandbox"])


class WebhookEventOut(BaseModel):
    id: str
    topic: str
    resource_id: str
    customer_id: str
    created: str
    status: str
    attempts: int
    last_status: int | None


def emit(conn: sqlite3.Connection, settings: ProvidersSettings, topic: str, resource_id: str, customer_id: str, at: float) -> str:
    """Store a payment webhook event and schedule its delivery ``webhook_delay_seconds`` after ``at``."""
    ids = {"resource_id": resource_id, "customer_id": customer_id}
    return webhook_outbox.emit(conn, settings, PAYMENTS, topic, at, **ids, fields=ids)


@router.post("/sandbox/webhooks/{event_id}/redeliver")
async def redeliver(event_id: str, request: Request, storage: StorageDep, settings: SettingsDep) -> RedeliveryOut:
    return await webhook_outbox.redeliver(request, storage, settings, PAYMENTS, event_id)


@router.get("/sandbox/webhooks")
async def list_events(
    storage: StorageDep,
    customer_id: Annotated[str | None, Query(max_length=64)] = None,
    resource_id: Annotated[str | None, Query(max_length=64)] = None,
) -> list[WebhookEventOut]:
    rows = await run_in_threadpool(
        webhook_outbox.stored_events, storage, PAYMENTS, resource_id=resource_id, customer_id=customer_id
    )
    fields = WebhookEventOut.model_fields
    return [WebhookEventOut(**{k: r[k] for k in fields}) for r in rows]
