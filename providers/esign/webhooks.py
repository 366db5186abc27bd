"""What the e-sign sandbox sent the api: ``GET /sandbox/esign/webhooks`` and a redelivery to test de-duplication.

Events are ``{id, topic: envelope_completed|envelope_declined, envelope_id, status, created}`` (outbox source
``esign``, to ``esign_webhook_url``); a listed event also shows its delivery (``delivery_status``,
``attempts``, ``last_status``). ``POST /sandbox/esign/webhooks/{event_id}/redeliver`` sends one again now:
the same id and the same bytes.
"""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel

from providers import webhook_outbox
from providers.common import SettingsDep, StorageDep
from providers.webhook_outbox import ESIGN, RedeliveryOut

router = APIRouter(tags=["e-sign sandbox"])


class EsignEventOut(BaseModel):
    id: str
    topic: str
    envelope_id: str
    status: str  # of the envelope
    created: str
    delivery_status: str  # pending | delivered | failed
    attempts: int
    last_status: int | None


@router.get("/sandbox/esign/webhooks")
async def list_events(
    storage: StorageDep, envelope_id: Annotated[str | None, Query(max_length=64)] = None
) -> list[EsignEventOut]:
    rows = await run_in_threadpool(webhook_outbox.stored_events, storage, ESIGN, resource_id=envelope_id)
    return [
        EsignEventOut(**json.loads(r["body"]), delivery_status=r["status"], attempts=r["attempts"], last_status=r["last_status"])
        for r in rows
    ]


@router.post("/sandbox/esign/webhooks/{event_id}/redeliver")
async def redeliver(event_id: str, request: Request, storage: StorageDep, settings: SettingsDep) -> RedeliveryOut:
    return await webhook_outbox.redeliver(request, storage, settings, ESIGN, event_id)
