"""The ATS's signed webhooks: stored in ``ats.webhook_events`` in the command's own transaction, then delivered.

Signing, the body encoding and the retry policy are the providers' (:mod:`providers.webhooks`,
:mod:`providers.webhook_outbox`): ``X-Sandbox-Signature`` = hex HMAC-SHA256 of the exact body under the
webhook secret, retried with doubling backoff on a transport error, 408/425/429/5xx, up to
``ats_webhook_max_attempts``; another 4xx is final. Events are ``{id, topic, created, data}``; only the events of
the webhook client (Vitrine) are stored (the demo market maker has no endpoint). Up to ``ats_webhook_concurrency``
deliveries are in flight at once, as real providers send them; one resource's (order's, execution's) events go one
after another, oldest first. Chaos may delay, double, reorder or drop deliveries (a dropped one is stored as
``dropped``, never sent: the receiver's reconciliation has to find what it said).
"""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any

import asyncpg

from providers.ats.poster import Poster
from providers.ats.runtime import Ats
from providers.ats.views import iso
from providers.webhook_outbox import backoff, retryable
from providers.webhooks import EVENT_ID_HEADER, SIGNATURE_HEADER, DeliveryResult, encode_events, sign

BATCH = 100


EventRow = tuple[str, str, str, str, str, float]
INSERT = "INSERT INTO webhook_events (id, topic, client_id, resource_id, body, due_at) VALUES ($1, $2, $3, $4, $5, $6)"


def event_row(ats: Ats, topic: str, resource_id: str, data: dict[str, Any], at: float) -> EventRow:
    """The stored form of the event ``{id, topic, created, data}`` (its body's exact bytes are what is signed)."""
    return event_rows(ats, [topic], resource_id, data, at)[0]


def event_rows(ats: Ats, topics: list[str], resource_id: str, data: dict[str, Any], at: float) -> list[EventRow]:
    """One event per topic about the same ``data`` at the same moment (an order accepted and filled at once):
    ``data`` encoded once for all of them."""
    ids = [f"evt_{uuid.uuid4().hex}" for _ in topics]
    created = iso(at)
    bodies = encode_events([{"id": i, "topic": t, "created": created} for i, t in zip(ids, topics, strict=True)], data)
    due = at + ats.chaos.config.webhook_delay_seconds
    return [(i, t, ats.webhook_client, resource_id, b.decode(), due) for i, t, b in zip(ids, topics, bodies, strict=True)]


async def emit(conn: asyncpg.Connection, ats: Ats, topic: str, resource_id: str, data: dict[str, Any], at: float) -> str:
    """Store one event in the caller's transaction; it is delivered when due."""
    row = event_row(ats, topic, resource_id, data, at)
    await conn.execute(INSERT, *row)
    return row[0]


async def emit_many(conn: asyncpg.Connection, rows: list[EventRow]) -> None:
    if rows:
        await conn.executemany(INSERT, rows)


async def post(ats: Ats, body: str, event_id: str, http: Poster) -> DeliveryResult:
    raw = body.encode()
    headers = {"Content-Type": "application/json", SIGNATURE_HEADER: sign(raw, ats.settings.webhook_secret),
               EVENT_ID_HEADER: event_id}
    try:
        status = await http.post(raw, headers)
    except Exception as exc:  # transport errors and malformed URLs: a failed attempt, retried up to the bound
        return DeliveryResult(False, 1, None, f"{type(exc).__name__}: {exc}")
    ok = 200 <= status < 300
    return DeliveryResult(ok, 1, status, None if ok else f"HTTP {status}")


async def _record(ats: Ats, event_id: str, result: DeliveryResult, now: float) -> None:
    async with ats.pool.acquire() as conn:
        attempts = await conn.fetchval(
            "UPDATE webhook_events SET attempts = attempts + 1, last_status = $2, last_error = $3,"
            " delivered_at = CASE WHEN $4 THEN $5 ELSE delivered_at END,"
            " status = CASE WHEN status = 'delivered' OR $4 THEN 'delivered' ELSE status END WHERE id = $1 RETURNING attempts",
            event_id, result.status_code, result.error, result.delivered, now,
        )
        if not result.delivered:
            again = retryable(result) and int(attempts or 0) < ats.settings.ats_webhook_max_attempts
            await conn.execute(
                "UPDATE webhook_events SET status = $2, due_at = $3 WHERE id = $1 AND status <> 'delivered'",
                event_id, "pending" if again else "failed", now + backoff(ats.settings, int(attempts or 0)),
            )


async def _record_batch(ats: Ats, delivered: list[tuple[str, int | None]], dropped: list[str], now: float) -> None:
    """The batch's delivered events (id, HTTP status) and dropped ones, in one statement each."""
    if not delivered and not dropped:
        return
    async with ats.pool.acquire() as conn:
        if delivered:
            await conn.execute(
                "UPDATE webhook_events w SET attempts = w.attempts + 1, last_status = r.code, last_error = NULL,"
                " delivered_at = $3, status = 'delivered' FROM unnest($1::text[], $2::int[]) AS r(id, code)"
                " WHERE w.id = r.id",
                [d[0] for d in delivered], [d[1] for d in delivered], now,
            )
        if dropped:
            await conn.execute("UPDATE webhook_events SET status = 'dropped' WHERE id = ANY($1::text[])"
                               " AND status = 'pending'", dropped)


async def deliver_due(ats: Ats, http: Poster, now: float | None = None) -> int:
    """Deliver every event due at ``now`` (oldest first, or newest first under chaos); returns how many were sent."""
    at = ats.now() if now is None else now
    async with ats.pool.acquire() as conn:
        rows = await conn.fetch(
            "UPDATE webhook_events SET due_at = $2 + 60 WHERE seq IN (SELECT seq FROM webhook_events"
            " WHERE status = 'pending' AND due_at <= $2 ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)"
            " RETURNING seq, id, body, resource_id",
            BATCH, at,
        )  # leased for a minute: a crash mid-delivery sends it again later
    ordered = sorted(rows, key=lambda r: r["seq"], reverse=ats.chaos.config.webhook_reorder)
    lanes: dict[str, list[asyncpg.Record]] = {}
    for r in ordered:  # one lane per resource: its events in order, the lanes side by side
        lanes.setdefault(r["resource_id"] or r["id"], []).append(r)
    gate = asyncio.Semaphore(max(1, ats.settings.ats_webhook_concurrency))
    delivered: list[tuple[str, int | None]] = []  # recorded together once the batch is sent (a failure at once)
    dropped: list[str] = []

    async def lane(events: list[asyncpg.Record]) -> None:
        async with gate:
            for r in events:
                if ats.chaos.drop():
                    dropped.append(r["id"])
                    continue
                result = await post(ats, r["body"], r["id"], http)
                if result.delivered and ats.chaos.duplicate():
                    await post(ats, r["body"], r["id"], http)
                if result.delivered:
                    delivered.append((r["id"], result.status_code))
                else:
                    await _record(ats, r["id"], result, at)

    try:
        await asyncio.gather(*(lane(events) for events in lanes.values()))
    finally:
        await _record_batch(ats, delivered, dropped, at)
    return len(ordered)


async def redeliver(ats: Ats, event_id: str, http: Poster) -> dict[str, Any] | None:
    """Send a stored event again now (same id, same bytes); None when there is no such event."""
    async with ats.pool.acquire() as conn:
        row = await conn.fetchrow("SELECT id, topic, body FROM webhook_events WHERE id = $1", event_id)
    if row is None:
        return None
    result = await post(ats, row["body"], row["id"], http)
    await _record(ats, row["id"], result, ats.now())
    return {"id": row["id"], "topic": row["topic"], "delivered": result.delivered, "status_code": result.status_code,
            "error": result.error}


async def events(ats: Ats, *, topic: str | None = None, resource_id: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
    async with ats.pool.acquire() as conn:
        rows = await conn.fetch(
            "SELECT * FROM (SELECT * FROM webhook_events WHERE ($1::text IS NULL OR topic = $1)"
            " AND ($2::text IS NULL OR resource_id = $2) ORDER BY seq DESC LIMIT $3) e ORDER BY seq",
            topic, resource_id, limit,
        )
    return [{**json.loads(r["body"]), "delivery": {"status": r["status"], "attempts": r["attempts"],
                                                    "last_status": r["last_status"], "last_error": r["last_error"]}}
            for r in rows]
