"""A webhook is recorded as applied only once its workflow has it: a signal that cannot be delivered answers 503, the
provider's redelivery is applied (not discarded as a duplicate), and a real duplicate is answered 200 and applied
once."""

from __future__ import annotations

import hashlib
import hmac
import json
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import func, select
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from api.state import AppState
from api.transfer_start import start_transfer_workflow
from clients.payments import PaymentsClient
from store.models import Envelope, FundingSource, Transfer, WebhookEvent
from store.transfers import open_transfer
from tests.flows.funding import onboarded, verify_bank
from tests.flows.investors import funded_investor, offering
from tests.waiting import eventually, within_deadline
from workflows.transfer import workflow_id as transfer_id


def signed(state: AppState, event: dict[str, Any]) -> tuple[bytes, dict[str, str]]:
    body = json.dumps(event).encode()
    return body, {"X-Sandbox-Signature": hmac.new(state.settings.webhook_secret.encode(), body, hashlib.sha256).hexdigest()}


async def wait_event(sandbox: httpx.AsyncClient, resource_id: str, topic: str, done: Any) -> dict[str, Any]:
    async def delivery() -> dict[str, Any]:
        events = (await sandbox.get("/sandbox/webhooks", params={"resource_id": resource_id})).json()
        mine = [e for e in events if e["topic"] == topic]
        assert mine and done(mine[0]), events
        return dict(mine[0])

    return await eventually(delivery, interval=0.05)


async def test_an_undeliverable_signal_is_redelivered_and_applied_once(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState, temporal_client: Client,
        served_api: str) -> None:
    user = await onboarded(api, sandbox)
    await verify_bank(api, sandbox, user)
    async with app_state.sessions() as db:  # a transfer known to the provider whose workflow has not started yet
        source = await db.scalar(select(FundingSource).where(FundingSource.user_id == user["user_id"]))
        assert source is not None and source.provider_id
        t = await open_transfer(db, user_id=user["user_id"], funding_source_id=source.id, direction="deposit",
                                amount=Decimal("40.00"), hold_days=7)
        payments = PaymentsClient(app_state.http, app_state.settings.providers_url, app_state.settings.provider_api_key)
        answer = await payments.call("POST", "/payments/transfers", idempotency_key=f"transfer-{t.id}", json={
            "funding_source_id": source.provider_id, "direction": "deposit", "amount": "40.00"})
        t.provider_id = provider_id = str(answer["id"])
        await db.commit()
    refused = await wait_event(sandbox, provider_id, "transfer_created", lambda e: e["attempts"] >= 1)
    assert (refused["status"], refused["last_status"]) == ("pending", 503), refused  # the fault landed
    async with app_state.sessions() as db:
        assert await db.get(WebhookEvent, refused["id"]) is None, "not recorded while undelivered"
    await start_transfer_workflow(app_state, t)
    delivered = await wait_event(sandbox, provider_id, "transfer_created", lambda e: e["status"] == "delivered")
    assert delivered["attempts"] >= 2 and delivered["last_status"] == 200
    handle = temporal_client.get_workflow_handle(transfer_id(t.id))
    assert await within_deadline(handle.result()) == "processed"
    signalled = [e async for e in handle.fetch_history_events()
                 if e.event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED]
    assert signalled, "the redelivered webhook reached the workflow"

    body, headers = signed(app_state, {"id": delivered["id"], "topic": "transfer_created", "resource_id": provider_id})
    again = await api.post("/api/webhooks/payments/", content=body, headers=headers)
    assert (again.status_code, again.json()) == (200, {"status": "duplicate"})
    async with app_state.sessions() as db:
        assert await db.scalar(select(func.count()).select_from(WebhookEvent)
                               .where(WebhookEvent.event_id == delivered["id"])) == 1
        settled = await db.get(Transfer, t.id)
        assert settled is not None and settled.status == "processed"


async def test_an_esign_webhook_for_a_flow_not_running_yet_is_not_recorded(api: httpx.AsyncClient,
                                                                          app_state: AppState) -> None:
    user = await funded_investor(api, app_state)
    asset = await offering(app_state)
    async with app_state.sessions() as db:
        db.add(Envelope(envelope_id=f"env-{user['user_id']}", flow_id=f"purchase-{user['user_id']}-{asset.id}-1",
                        user_id=user["user_id"], asset_id=asset.id))
        await db.commit()
    event = {"id": f"evt-esign-{user['user_id']}", "topic": "envelope_completed", "envelope_id": f"env-{user['user_id']}"}
    body, headers = signed(app_state, event)
    r = await api.post("/api/webhooks/esign/", content=body, headers=headers)
    assert r.status_code == 503
    async with app_state.sessions() as db:
        assert await db.get(WebhookEvent, event["id"]) is None, "a redelivery will be applied, not taken as a duplicate"
