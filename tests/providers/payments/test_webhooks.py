"""Payments sandbox: signed webhooks (once per event, redelivery, retries), durable events, the processor task."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator

import httpx
import pytest

from providers.scheduler import process_due
from providers.settings import ProvidersSettings
from providers.webhooks import EVENT_ID_HEADER, SIGNATURE_HEADER, verify
from tests.providers.sandbox import Sandbox, open_sandbox


@pytest.fixture
async def sb(provider_settings: ProvidersSettings) -> AsyncIterator[Sandbox]:
    async with open_sandbox(provider_settings) as sandbox:
        yield sandbox


async def test_every_webhook_is_signed_and_sent_once(sb: Sandbox) -> None:
    source = await sb.verified_source()
    r = await sb.post("/payments/transfers", {"funding_source_id": source["id"], "direction": "deposit", "amount": "10.00"})
    assert r.status_code == 201
    for _ in range(3):
        await sb.tick(sb.settings.transfer_settle_seconds + 1)
    assert sb.hooks, "webhooks were sent"
    for request in sb.hooks:
        assert str(request.url) == sb.settings.webhook_url
        assert request.headers["content-type"] == "application/json"
        signature = hmac.new(b"test-webhook-secret", request.content, hashlib.sha256).hexdigest()
        assert request.headers[SIGNATURE_HEADER] == signature
        assert verify(request.content, "test-webhook-secret", request.headers[SIGNATURE_HEADER])
        assert not verify(request.content, "another-secret", request.headers[SIGNATURE_HEADER])
        body = json.loads(request.content)
        assert set(body) == {"id", "topic", "resource_id", "customer_id", "created"}
        assert request.headers[EVENT_ID_HEADER] == body["id"]
    ids = [e["id"] for e in sb.events()]
    assert len(ids) == len(set(ids)), "each event is delivered once"
    topics = [e["topic"] for e in sb.events()]
    expected = ["customer_created", "customer_verified", "funding_source_added", "microdeposits_available"]
    expected += ["funding_source_verified", "transfer_created", "transfer_completed"]
    assert sorted(topics) == sorted(expected)
    listed = (await sb.client.get("/sandbox/webhooks", params={"customer_id": source["customer"]["id"]})).json()
    assert sorted(e["id"] for e in listed) == sorted(ids)
    assert {(e["status"], e["attempts"]) for e in listed} == {("delivered", 1)}


async def test_webhooks_wait_for_the_webhook_delay(provider_settings: ProvidersSettings) -> None:
    async with open_sandbox(provider_settings.model_copy(update={"webhook_delay_seconds": 5.0})) as sb:
        await sb.customer()
        await sb.tick(0)
        assert sb.hooks == []
        await sb.tick(6)
        assert [e["topic"] for e in sb.events()] == ["customer_created", "customer_verified"]


async def test_redelivery_sends_the_same_event_again(sb: Sandbox) -> None:
    await sb.customer()
    await sb.tick(1)
    first = sb.hooks[0]
    event_id = json.loads(first.content)["id"]
    r = await sb.client.post(f"/sandbox/webhooks/{event_id}/redeliver")
    assert r.status_code == 200, r.text
    assert r.json() == {"id": event_id, "topic": "customer_created", "delivered": True, "status_code": 200, "error": None}
    again = sb.hooks[-1]
    assert again.content == first.content and again.headers[SIGNATURE_HEADER] == first.headers[SIGNATURE_HEADER]
    assert [json.loads(h.content)["id"] for h in sb.hooks].count(event_id) == 2
    await sb.tick(60)
    assert [json.loads(h.content)["id"] for h in sb.hooks].count(event_id) == 2, "a redelivery schedules nothing more"
    assert (await sb.client.post("/sandbox/webhooks/evt_nope/redeliver")).status_code == 404


async def test_failed_deliveries_are_retried_with_backoff_and_never_undo_the_change(sb: Sandbox) -> None:
    customer = await sb.customer()
    boom = httpx.ConnectError("api is down")
    sb.hook_answers.extend([503, boom, 503, boom])  # the first two attempts of both events fail
    await sb.tick(1)
    assert len(sb.hooks) == 2
    assert (await sb.get(f"/payments/customers/{customer['id']}")).json()["status"] == "verified"
    await sb.tick(0.5)
    assert len(sb.hooks) == 2, "the first retry waits webhook_retry_base_seconds"
    await sb.tick(0.6)
    assert len(sb.hooks) == 4
    await sb.tick(1.5)
    assert len(sb.hooks) == 4, "the second retry waits twice as long"
    await sb.tick(0.6)
    assert len(sb.hooks) == 6
    delivered = [e["status"] for e in (await sb.client.get("/sandbox/webhooks")).json()]
    assert delivered == ["delivered", "delivered"]
    assert len({h.content for h in sb.hooks}) == 2, "every attempt sends the same bytes"


async def test_a_final_4xx_is_not_retried_and_attempts_are_bounded(provider_settings: ProvidersSettings) -> None:
    async with open_sandbox(provider_settings.model_copy(update={"webhook_max_attempts": 3})) as sb:
        await sb.customer()
        sb.answers_by_topic = {"customer_created": [400, 200], "customer_verified": [500, 503, 504, 200]}
        for _ in range(10):
            await sb.tick(100)
        events = (await sb.client.get("/sandbox/webhooks")).json()
        assert [(e["topic"], e["status"], e["attempts"], e["last_status"]) for e in events] == [
            ("customer_created", "failed", 1, 400),
            ("customer_verified", "failed", 3, 504),
        ]


async def test_scheduled_events_survive_a_restart(provider_settings: ProvidersSettings) -> None:
    async with open_sandbox(provider_settings) as sb:
        customer = await sb.customer()
        await sb.bank(customer["id"])
    async with open_sandbox(provider_settings) as restarted:
        await restarted.tick(provider_settings.micro_deposit_delay_seconds + 1)
        assert len(await restarted.micro_amounts()) == 2
        assert [e["topic"] for e in restarted.events("microdeposits_available")] == ["microdeposits_available"]


async def test_process_due_reports_what_it_did(sb: Sandbox) -> None:
    assert await process_due(sb.storage, sb.settings, client=sb.hook_client) == 0
    await sb.customer()
    assert await process_due(sb.storage, sb.settings, now=time.time() + 1, client=sb.hook_client) == 2
    assert await process_due(sb.storage, sb.settings, now=time.time() + 1, client=sb.hook_client) == 0


async def test_the_app_runs_the_processor_in_the_background(provider_settings: ProvidersSettings) -> None:
    fast = provider_settings.model_copy(
        update={"micro_deposit_delay_seconds": 0.3, "webhook_delay_seconds": 0.0, "processor_interval_seconds": 0.05}
    )
    async with open_sandbox(fast, real_time=True) as sb, sb.app.router.lifespan_context(sb.app):
        customer = await sb.customer()
        source = await sb.bank(customer["id"])
        assert await sb.micro_amounts() == []
        await sb.wait_for("microdeposits_available")
        assert len(await sb.micro_amounts()) == 2
        assert [e["resource_id"] for e in sb.events("microdeposits_available")] == [source["id"]]


async def test_no_background_processor_when_disabled(provider_settings: ProvidersSettings) -> None:
    off = provider_settings.model_copy(update={"micro_deposit_delay_seconds": 0.0, "processor_enabled": False})
    async with open_sandbox(off, real_time=True) as sb, sb.app.router.lifespan_context(sb.app):
        customer = await sb.customer()
        await sb.bank(customer["id"])
        await asyncio.sleep(0.3)
        assert await sb.micro_amounts() == []


async def test_an_unexpected_send_error_is_a_bounded_failure_not_a_crash(provider_settings: ProvidersSettings) -> None:
    async with open_sandbox(provider_settings.model_copy(update={"webhook_max_attempts": 2})) as sb:
        customer = await sb.customer()
        sb.hook_answers.extend([RuntimeError("not an httpx error")] * 10)
        for _ in range(5):
            await sb.tick(100)
        assert (await sb.get(f"/payments/customers/{customer['id']}")).json()["status"] == "verified"
        events = (await sb.client.get("/sandbox/webhooks")).json()
        assert [(e["status"], e["attempts"]) for e in events] == [("failed", 2), ("failed", 2)]
        assert len(sb.hooks) == 4


async def test_concurrent_processors_deliver_each_event_once(sb: Sandbox) -> None:
    for i in range(3):
        await sb.customer(external_id=str(i))
    later = sb.now() + 1
    await asyncio.gather(*(process_due(sb.storage, sb.settings, now=later, client=sb.hook_client) for _ in range(4)))
    ids = [e["id"] for e in sb.events()]
    assert len(ids) == 6 and len(set(ids)) == 6
