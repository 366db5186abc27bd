"""Signed webhooks from the payments and e-sign providers: HMAC over the raw body (forged → 401), then the workflow
concerned is signalled, and only then is the event id recorded as applied (table `webhook_events`). A signal that
could not be delivered (Temporal unreachable, the workflow not started yet) answers 503, so the provider redelivers;
a redelivery of an applied event is answered "duplicate". The signals are "check now" nudges, harmless twice, and the
workflows also check status themselves, so a lost webhook only delays."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import select
from sqlmodel import col
from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode

from api.deps import Db, State
from api.errors import ApiError
from api.trading.order_schemas import WebhookAck
from store.models import Customer, Envelope, FundingSource, Transfer, WebhookEvent
from store.upsert import upsert
from workflows.bank_link import workflow_id as bank_link_id
from workflows.purchase.workflow import MakeInvestmentWorkflow
from workflows.transfer import TransferWorkflow
from workflows.transfer import workflow_id as transfer_id

router = APIRouter(tags=["webhooks"])
log = logging.getLogger("vitrine.webhooks")
NOT_DELIVERED = "The event could not be delivered yet; send it again."


def valid_signature(secret: str, body: bytes, signature: str) -> bool:
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature.strip())


async def verified(request: Request, state: State) -> dict[str, Any]:
    """The event, its signature verified (forged → 401) and its id and topic there (malformed → 422)."""
    body = await request.body()
    if not valid_signature(state.settings.webhook_secret, body, request.headers.get("x-sandbox-signature", "")):
        raise ApiError(401, "Invalid webhook signature.")
    try:
        event = json.loads(body)
    except ValueError:
        event = None
    if not isinstance(event, dict) or "id" not in event or "topic" not in event:  # a list or a number too
        raise ApiError(422, "Malformed webhook event.")
    return event


async def applied_before(db: Db, event: dict[str, Any]) -> bool:
    event_id = str(event["id"])
    return await db.scalar(select(col(WebhookEvent.event_id)).where(col(WebhookEvent.event_id) == event_id)) is not None


async def accept(request: Request, state: State, db: Db) -> dict[str, Any] | None:
    """A verified event not applied yet (None when it was applied before); forged → 401, malformed → 422."""
    event = await verified(request, state)
    return None if await applied_before(db, event) else event


_APPLIED = upsert(WebhookEvent.__tablename__, ("event_id", "topic"), conflict="event_id")


async def applied(db: Db, event: dict[str, Any]) -> dict[str, Any]:
    """Records the event once its workflow has it (a concurrent delivery of the same event records nothing more)."""
    await db.execute(_APPLIED, {"event_id": str(event["id"]), "topic": str(event["topic"])})
    await db.commit()
    return {"status": "applied"}


async def signal(client: Client, workflow_id: str, name: str, *args: Any) -> None:
    """Delivers the signal, or raises 503 so the provider sends the event again. A workflow that already closed
    needs no wake-up (it settled by itself); one that does not exist yet (or Temporal down) is retried."""
    handle = client.get_workflow_handle(workflow_id)
    try:
        await handle.signal(name, args=args)
        return
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            log.warning("webhook signal %s to %s failed: %s", name, workflow_id, exc.message)
            raise ApiError(503, NOT_DELIVERED) from None
    try:
        closed = (await handle.describe()).close_time is not None
    except RPCError:
        closed = False
    if not closed:
        log.warning("webhook signal %s: workflow %s not found (yet)", name, workflow_id)
        raise ApiError(503, NOT_DELIVERED)
    log.info("webhook signal %s: workflow %s already closed", name, workflow_id)


@router.post("/api/webhooks/payments/", response_model=WebhookAck)
async def payments_webhook(request: Request, state: State, db: Db) -> dict[str, Any]:
    event = await accept(request, state, db)
    if event is None:
        return {"status": "duplicate"}
    topic, resource = str(event["topic"]), str(event.get("resource_id", ""))
    if topic.startswith("transfer_"):
        t = await db.scalar(select(Transfer).where(col(Transfer.provider_id) == resource))
        if t is not None:
            await signal(await state.temporal(), transfer_id(t.id), TransferWorkflow.provider_update.__name__)
    elif topic.startswith("microdeposits_") or topic.startswith("funding_source_"):
        fs = await db.scalar(select(FundingSource).where(col(FundingSource.provider_id) == resource))
        if fs is not None:
            await signal(await state.temporal(), bank_link_id(fs.user_id, fs.id), "provider_update")
    elif topic == "customer_verified":
        customer = await db.scalar(select(Customer).where(col(Customer.provider_customer_id) == str(event.get(
            "customer_id") or resource)))
        if customer is not None:
            customer.status = "verified"
    return await applied(db, event)


@router.post("/api/webhooks/esign/", response_model=WebhookAck)
async def esign_webhook(request: Request, state: State, db: Db) -> dict[str, Any]:
    """The e-sign provider says an envelope changed: wake its purchase flow, which asks the provider itself."""
    event = await accept(request, state, db)
    if event is None:
        return {"status": "duplicate"}
    envelope = await db.get(Envelope, str(event.get("envelope_id", "")))
    if envelope is None:
        return {"status": "ignored"}
    await signal(await state.temporal(), envelope.flow_id, MakeInvestmentWorkflow.signature_event.__name__,
                 envelope.envelope_id)
    return await applied(db, event)
