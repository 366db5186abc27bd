"""Group commit: the commands applied to the books while a write is in flight are persisted together, many
instruments' in one statement (atomic without a transaction block), each instrument's in the order its book applied
them.

The instruments are dealt to ``ats_commit_lanes`` writers (an instrument stays with its writer for the life of the
process). A command is applied to its book under the instrument's lock, which is released before its write; the
caller then awaits :func:`commit`: the first waiter writes everything queued on its writer so far (whatever the
instruments), the others find their command written (or wait for the next write). A writer has one statement in
flight at a time, so an instrument's commands reach the log in its book's order, and a busy ATS writes many orders
per round trip (8 busy books on 2 writers: about three times as many as a write per book). An answer always follows
the commit of its command. If a write fails,
every command it carried fails with it, and so does every command queued behind it on one of its instruments (each
was applied on top of the failed ones): those books are rebuilt from the command log and the caches from the
tables, under each instrument's lock. Commands of other instruments stay queued and are written next.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import asyncpg

from providers.ats.runtime import Ats

if TYPE_CHECKING:
    from providers.ats.commands import Effects

PERSIST = """
WITH c AS (
    INSERT INTO commands (instrument_id, client_id, body, at)
    SELECT r.instrument_id, r.client_id, r.body, r.at
    FROM jsonb_to_recordset($1::jsonb) AS r(i int, instrument_id text, client_id text, body jsonb, at float8)
    ORDER BY r.i
    RETURNING seq
), m AS (
    SELECT max(seq) AS seq FROM c
), n AS (
    INSERT INTO orders (id, client_id, account_id, instrument_id, side, term, price_ticks, units, filled, status, priority,
                        idempotency_key, request_hash, created, modified)
    SELECT r.id, r.client_id, r.account_id, r.instrument_id, r.side, r.term, r.price_ticks, r.units, r.filled, r.status,
           m.seq, r.idempotency_key, r.request_hash, r.created, r.modified
    FROM m, jsonb_to_recordset($2::jsonb) AS r(id text, client_id text, account_id text, instrument_id text, side text,
         term text, price_ticks bigint, units bigint, filled bigint, status text, idempotency_key text,
         request_hash text, created float8, modified float8)
    RETURNING 1
), u AS (
    UPDATE orders o SET filled = r.filled, units = r.units, price_ticks = r.price_ticks, status = r.status,
           modified = r.modified, priority = CASE WHEN r.lost THEN m.seq ELSE o.priority END
    FROM m, jsonb_to_recordset($3::jsonb) AS r(id text, filled bigint, units bigint, price_ticks bigint, status text,
         modified float8, lost boolean)
    WHERE o.id = r.id
    RETURNING 1
), x AS (
    INSERT INTO executions (id, instrument_id, window_id, bid_order_id, ask_order_id, buyer_client, buyer_account,
                            seller_client, seller_account, price_ticks, units, aggressor, status, created, modified)
    SELECT r.id, r.instrument_id, r.window_id, r.bid_order_id, r.ask_order_id, r.buyer_client, r.buyer_account,
           r.seller_client, r.seller_account, r.price_ticks, r.units, r.aggressor, r.status, r.created, r.modified
    FROM jsonb_to_recordset($4::jsonb) AS r(id text, instrument_id text, window_id text,
         bid_order_id text, ask_order_id text, buyer_client text, buyer_account text, seller_client text,
         seller_account text, price_ticks bigint, units bigint, aggressor text, status text, created float8,
         modified float8, i int)
    ORDER BY r.i
    RETURNING 1
), w AS (
    INSERT INTO webhook_events (id, topic, client_id, resource_id, body, due_at)
    SELECT r.id, r.topic, r.client_id, r.resource_id, r.body, r.due_at
    FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::float8[])
         WITH ORDINALITY AS r(id, topic, client_id, resource_id, body, due_at, i)
    ORDER BY r.i
    RETURNING 1
)
SELECT seq FROM m
"""


@dataclass
class _Queued:
    effects: Effects
    done: asyncio.Future[int]


@dataclass
class Writer:
    queue: list[_Queued] = field(default_factory=list)
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)
    last: dict[str, asyncio.Future[int]] = field(default_factory=dict)  # instrument -> its last command's write
    broken: dict[str, BaseException] = field(default_factory=dict)  # instrument -> the failed write to repair it from
    failed: dict[str, list[Effects]] = field(default_factory=dict)  # instrument -> its commands that failed
    writes: int = 0  # statements written, and the commands they carried (the group size is their ratio)
    commands: int = 0


def _writer(ats: Ats, instrument_id: str) -> Writer:
    """The instrument's writer: dealt in turn on its first command, and kept for the life of the process (one
    instrument's statements are never in flight at once)."""
    writers: list[Writer] = ats.__dict__.setdefault("writers", [])
    dealt: dict[str, Writer] = ats.__dict__.setdefault("dealt", {})
    writer = dealt.get(instrument_id)
    if writer is None:
        if len(writers) < max(1, ats.settings.ats_commit_lanes):
            writers.append(Writer())
        writer = dealt[instrument_id] = writers[len(dealt) % len(writers)]
    return writer


def stats(ats: Ats) -> dict[str, int]:
    writers: list[Writer] = ats.__dict__.get("writers", [])
    return {"writes": sum(w.writes for w in writers), "commands": sum(w.commands for w in writers)}


def merge(batch: Sequence[Effects]) -> tuple[Any, ...]:
    """One statement's arguments for ``batch`` (in order): an order created and then changed inside the batch is
    inserted as it ends; an order changed twice is updated once, to its last state. The webhook events go as one
    array per column (their bodies are JSON text already: inside a JSON document they would be escaped and parsed
    again)."""
    commands = [{"i": i, "instrument_id": e.instrument_id, **e.body} for i, e in enumerate(batch)]
    new_rows: dict[str, dict[str, Any]] = {}
    updates: dict[str, dict[str, Any]] = {}
    for e in batch:
        new_rows.update(e.new_rows)
        for order_id, change in e.updates.items():
            if order_id in new_rows:
                new_rows[order_id] = {**new_rows[order_id], **{k: v for k, v in change.items() if k != "lost"}}
            else:
                lost = change["lost"] or updates.get(order_id, {}).get("lost", False)
                updates[order_id] = {"id": order_id, **change, "lost": lost}
    executions = [{**x, "i": i} for i, x in enumerate(x for e in batch for x in e.executions)]
    events = [w for e in batch for w in e.events]
    columns = [list(c) for c in zip(*events, strict=True)] if events else [[] for _ in range(6)]
    return (json.dumps(commands), json.dumps(list(new_rows.values())), json.dumps(list(updates.values())),
            json.dumps(executions), *columns)


async def persist(conn: asyncpg.Connection, batch: Sequence[Effects]) -> int:
    """Write ``batch`` (any instruments) with ``conn``; the statement's last log sequence number (0 for none)."""
    if not batch:
        return 0
    seq = await conn.fetchval(PERSIST, *merge(batch))
    return int(seq or 0)


async def commit(ats: Ats, effects: Effects | None) -> None:
    """Queue ``effects`` (already applied to the book) and return once they are committed (or raise if not)."""
    if effects is None:
        return
    writer = _writer(ats, effects.instrument_id)
    broken = writer.broken.get(effects.instrument_id)
    if broken is not None:  # applied on top of commands that failed to persist: it fails with them
        writer.failed[effects.instrument_id].append(effects)
        _forget(ats, [effects])
        raise broken
    done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    writer.queue.append(_Queued(effects, done))
    writer.last[effects.instrument_id] = done
    await _write_until(ats, writer, done)


async def drain(ats: Ats, instrument_id: str) -> None:
    """Commit everything queued or being written for the instrument (the caller holds its lock, so nothing new is
    queued for it)."""
    writer = _writer(ats, instrument_id)
    last = writer.last.get(instrument_id)
    if last is not None and not last.done():
        await _write_until(ats, writer, last)


async def _write_until(ats: Ats, writer: Writer, done: asyncio.Future[int]) -> None:
    while not done.done():
        async with writer.writing:
            if done.done():
                break
            batch, writer.queue = writer.queue, []
            try:
                async with ats.pool.acquire() as conn:
                    seq = await persist(conn, [q.effects for q in batch])
            except BaseException as exc:
                _fail(ats, writer, batch, exc)
                raise
            _written(ats, batch)
            writer.writes += 1
            writer.commands += len(batch)
            for q in batch:
                if not q.done.done():
                    q.done.set_result(seq)
    done.result()


def _written(ats: Ats, batch: list[_Queued]) -> None:
    written(ats, [q.effects for q in batch])


def written(ats: Ats, batch: Sequence[Effects]) -> None:
    """The batch's rows are in the tables now (or never will be): reads go to the caches and tables again."""
    for e in batch:
        for order_id, row in e.rows.items():
            if ats.uncommitted.get(order_id) is row:
                del ats.uncommitted[order_id]


def _fail(ats: Ats, writer: Writer, batch: list[_Queued], exc: BaseException) -> None:
    """Fail the batch and what is queued behind it on its instruments; the next holder of each of those instruments'
    lock repairs its book. Other instruments' commands stay queued."""
    instruments = {q.effects.instrument_id for q in batch}
    behind = [q for q in writer.queue if q.effects.instrument_id in instruments]
    writer.queue = [q for q in writer.queue if q.effects.instrument_id not in instruments]
    failed = batch + behind
    _forget(ats, [q.effects for q in failed])
    for instrument_id in instruments:
        writer.broken[instrument_id] = exc
    for q in failed:
        writer.failed.setdefault(q.effects.instrument_id, []).append(q.effects)
        if not q.done.done():
            q.done.set_exception(exc)
            q.done.exception()  # retrieved: each waiter re-raises it


def _forget(ats: Ats, failed: Sequence[Effects]) -> None:
    """Drop what failed commands put in the caches (their keys, their new orders, their unwritten rows)."""
    written(ats, failed)
    for e in failed:
        if e.new_key is not None:
            ats.keys.pop(e.new_key, None)
        for order_id in e.new_rows:
            ats.active.pop(order_id, None)


async def repair(ats: Ats, instrument_id: str) -> None:
    """If a write of the instrument's commands failed, rebuild its book and caches (the caller holds its lock)."""
    writer = _writer(ats, instrument_id)
    if instrument_id not in writer.broken:
        return
    await recover(ats, instrument_id, writer.failed.get(instrument_id, []))
    del writer.broken[instrument_id]
    writer.failed.pop(instrument_id, None)


async def recover(ats: Ats, instrument_id: str, failed: Sequence[Effects]) -> None:
    """After a failed write: the book from the command log, the resting orders and keys from the tables."""
    await ats.rebuild(instrument_id)
    _forget(ats, failed)
    for order_id in [oid for oid, row in ats.active.items() if row["instrument_id"] == instrument_id]:
        del ats.active[order_id]
    async with ats.pool.acquire() as conn:
        for r in await conn.fetch(
            "SELECT * FROM orders WHERE instrument_id = $1 AND status IN ('SUBMITTED', 'PARTIALLY_FILLED')", instrument_id
        ):
            ats.active[r["id"]] = dict(r)
