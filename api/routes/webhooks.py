"""Signed webhooks from the payments provider: HMAC over the raw body (forged → 401), deduplicated on the event id,
then the workflow concerned is signalled. Workflows also check status themselves, so a lost webhook only delays."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from temporalio.service import RPCError

from api.deps import Db, State
from api.errors import ApiError
from store.models import Customer, Envelope, FundingSource, Transfer, WebhookEvent
from workflows.bank_link import workflow_id as bank_link_id
from workflows.make_investment import MakeInvestmentWorkflow
from workflows.transfer import TransferWorkflow
from workflows.transfer import workflow_id as transfer_id

router = APIRouter(tags=["webhooks"])
log = logging.getLogger("vitrine.webhooks")


def valid_signature(secret: str, body: bytes, signature: str) -> bool:
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature.strip())


async def accept(request: Request, state: State, db: Db) -> dict[str, Any] | None:
    """A verified, first-seen event (None when it is a redelivery); forged → 401, malformed → 400."""
    body = await request.body()
    if not valid_signature(state.settings.webhook_secret, body, request.headers.get("x-sandbox-signature", "")):
        raise ApiError(401, "Invalid webhook signature.")
    try:
        event = json.loads(body)
        event_id, topic = str(event["id"]), str(event["topic"])
    except (ValueError, KeyError, TypeError):
        raise ApiError(400, "Malformed webhook event.") from None
    fresh = await db.scalar(insert(WebhookEvent).values(event_id=event_id, topic=topic)
                            .on_conflict_do_nothing(index_elements=["event_id"]).returning(WebhookEvent.event_id))
    await db.commit()
    return event if fresh is not None else None


@router.post("/api/webhooks/payments/")
async def payments_webhook(request: Request, state: State, db: Db) -> dict[str, Any]:
    event = await accept(request, state, db)
    if event is None:
        return {"status": "duplicate"}
    topic, resource = str(event["topic"]), str(event.get("resource_id", ""))
    client = await state.temporal()
    try:
        if topic.startswith("transfer_"):
            t = await db.scalar(select(Transfer).where(Transfer.provider_id == resource))
            if t is not None:
                await client.get_workflow_handle(transfer_id(t.id)).signal(TransferWorkflow.provider_update)
        elif topic.startswith("microdeposits_") or topic.startswith("funding_source_"):
            fs = await db.scalar(select(FundingSource).where(FundingSource.provider_id == resource))
            if fs is not None:
                await client.get_workflow_handle(bank_link_id(fs.user_id, fs.id)).signal("provider_update")
        elif topic.startswith("customer_"):
            customer = await db.scalar(select(Customer).where(Customer.provider_customer_id == str(event.get(
                "customer_id") or resource)))
            if customer is not None and topic == "customer_verified":
                customer.status = "verified"
                await db.commit()
    except RPCError as exc:  # the workflow already finished: nothing to wake
        log.info("webhook %s for %s: %s", topic, resource, exc.message)
    return {"status": "applied"}


@router.post("/api/webhooks/esign/")
async def esign_webhook(request: Request, state: State, db: Db) -> dict[str, Any]:
    """The e-sign provider says an envelope changed: wake its purchase flow, which asks the provider itself."""
    event = await accept(request, state, db)
    if event is None:
        return {"status": "duplicate"}
    envelope = await db.get(Envelope, str(event.get("envelope_id", "")))
    if envelope is None:
        return {"status": "ignored"}
    try:
        await (await state.temporal()).get_workflow_handle(envelope.flow_id).signal(
            MakeInvestmentWorkflow.signature_event, envelope.envelope_id)
    except RPCError as exc:  # the purchase already ended
        log.info("esign webhook for %s: %s", envelope.envelope_id, exc.message)
    return {"status": "applied"}
