"""Signed ATS webhooks: order, execution and window events; retried with backoff; redelivered on request;
chaos doubles, delays and reorders them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest

from providers.ats import outbox
from providers.webhooks import SIGNATURE_HEADER, sign
from tests.providers.ats.ats_harness import KEY, POST, SECRET, harness


async def test_events_are_signed_retried_and_redelivered(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await h.instrument()
        await h.advance(POST)
        h.hooks.clear()
        h.answers = [503, 503]  # the receiver fails the first two deliveries
        ask = await h.placed("seller", "ASK", 2, "10.00")
        await h.advance(0)
        assert len(h.hooks) == 1  # the receiver said 503
        h.hooks.clear()
        await h.advance(0.5)
        assert h.hooks == []  # backing off (1 s, then 2 s)
        await h.advance(1)
        await h.advance(2)
        accepted = h.events("order.accepted")  # the second attempt (503 again) and the third (200)
        assert [e["data"]["id"] for e in accepted] == [ask["id"], ask["id"]] and accepted[0] == accepted[1]
        raw = h.hooks[-1].content
        assert h.hooks[-1].headers[SIGNATURE_HEADER] == sign(raw, SECRET)
        listed = (await h.http.get("/sandbox/ats/webhooks", params={"resourceId": ask["id"]},
                                   headers={"X-Provider-Key": KEY})).json()["data"]
        assert listed[0]["delivery"] == {"status": "delivered", "attempts": 3, "last_status": 200, "last_error": None}
        event_id = accepted[0]["id"]
        r = await h.http.post(f"/sandbox/ats/webhooks/{event_id}/redeliver", headers={"X-Provider-Key": KEY})
        assert r.status_code == 200 and r.json()["data"]["delivered"]
        assert h.hooks[-1].content == raw and h.hooks[-1].headers["X-Sandbox-Event-Id"] == event_id
        missing = await h.http.post("/sandbox/ats/webhooks/evt_nope/redeliver", headers={"X-Provider-Key": KEY})
        assert missing.status_code == 404 and missing.json()["errors"][0]["code"] == "WEBHOOK_NOT_FOUND"
        await h.placed("buyer", "BID", 2, "10.00")
        await h.advance(0)
        filled = {e["data"]["id"]: e["data"]["status"] for e in h.events("order.filled")}
        assert filled[ask["id"]] == "FILLED" and len(filled) == 2
        created = h.events("execution.created")
        assert len(created) == 1 and created[0]["data"]["seller"]["orderId"] == ask["id"]


async def test_chaos_duplicates_delays_and_reorders_webhooks(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await h.instrument()
        await h.advance(0)
        h.hooks.clear()
        chaos = {"webhook_duplicate": 1.0, "webhook_delay_seconds": 5, "webhook_reorder": True}
        assert (await h.http.post("/sandbox/ats/chaos", json=chaos, headers={"X-Provider-Key": KEY})).status_code == 200
        first = await h.placed("a", "BID", 1, "9.00")
        second = await h.placed("b", "BID", 1, "9.05")
        await h.advance(4)
        assert h.hooks == []
        await h.advance(1)
        ids = [json.loads(r.content)["data"]["id"] for r in h.hooks]
        assert ids == [second["id"], second["id"], first["id"], first["id"]]


async def test_deliveries_run_side_by_side_and_one_orders_events_stay_in_order(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await h.instrument()
        await h.advance(POST)  # OPEN: the bids below take the asks
        h.hooks.clear()
        in_flight, most = 0, 0

        async def slow_receiver(request: httpx.Request) -> httpx.Response:
            nonlocal in_flight, most
            in_flight += 1
            most = max(most, in_flight)
            await asyncio.sleep(0.02)
            h.hooks.append(request)
            in_flight -= 1
            return httpx.Response(200)

        h.app.state.webhook_transport = httpx.MockTransport(slow_receiver)
        asks = [await h.placed(f"seller{i}", "ASK", 1, "10.00") for i in range(4)]
        for i in range(4):
            await h.placed(f"buyer{i}", "BID", 1, "10.00")
        await h.advance(0)
        assert most > 1  # several deliveries were in flight at once
        for ask in asks:  # each ask's own events in the order they happened: accepted, then filled
            topics = [e["topic"] for e in h.events() if e["topic"].startswith("order.") and e["data"]["id"] == ask["id"]]
            assert topics == ["order.accepted", "order.filled"], topics
        assert len(h.events("execution.created")) == 4


async def test_one_round_delivers_every_due_event_batch_after_batch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outbox, "BATCH", 2)  # a busy ATS in small: more events due than one batch holds
    async with harness(tmp_path) as h:
        await h.instrument()
        await h.advance(0)
        h.hooks.clear()
        placed = [await h.placed(f"a{i}", "BID", 1, "9.00") for i in range(5)]
        sent = (await h.advance(0))["webhooksSent"]
        assert sent >= 5 and sorted(e["data"]["id"] for e in h.events("order.accepted")) == sorted(p["id"] for p in placed)
