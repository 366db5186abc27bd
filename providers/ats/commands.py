"""One engine command, applied and persisted as a unit: the command log, the orders it touched, its executions,
its webhooks, all in one transaction. The caller holds the instrument's lock.

A command the engine rejects changed nothing and is not logged. If persisting fails, the book is rebuilt from the
command log (which does not hold the failed command), so memory and database never disagree.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from providers.ats import outbox
from providers.ats.engine import (
    Accepted,
    Canceled,
    CancelReason,
    CancelRejected,
    Command,
    Event,
    Fill,
    Rejected,
    Replaced,
    ReplaceRejected,
)
from providers.ats.runtime import OPEN, Ats
from providers.ats.views import (
    ACTIVE_STATUSES,
    EXEC_PENDING,
    FILLED,
    execution_view,
    order_status,
    order_view,
    split_account,
)

Hook = Callable[[asyncpg.Connection, int], Awaitable[None]]


@dataclass(frozen=True)
class NewOrder:
    id: str
    client_id: str
    account_id: str
    side: str
    term: str
    price_ticks: int
    units: int
    idempotency_key: str
    request_hash: str


@dataclass
class Outcome:
    events: list[Event]
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)  # touched orders, as they are now
    executions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def rejected(self) -> Rejected | None:
        return next((e for e in self.events if isinstance(e, Rejected)), None)


def _touched(events: list[Event]) -> dict[str, set[str]]:
    """Order id -> what happened to it (accepted, replaced, filled, canceled), in event order."""
    out: dict[str, set[str]] = {}
    for e in events:
        if isinstance(e, Accepted):
            out.setdefault(e.order_id, set()).add("accepted")
        elif isinstance(e, Replaced):
            out.setdefault(e.order_id, set()).add("replaced")
        elif isinstance(e, Canceled):
            out.setdefault(e.order_id, set()).add("canceled")
        elif isinstance(e, Fill):
            out.setdefault(e.bid_order_id, set()).add("filled")
            out.setdefault(e.ask_order_id, set()).add("filled")
    return out


def execution_id(instrument_id: str, engine_execution_id: int) -> str:
    return f"x-{instrument_id}-{engine_execution_id}"


PERSIST = """
WITH c AS (
    INSERT INTO commands (instrument_id, client_id, body, at) VALUES ($1, $2, $3::jsonb, $4) RETURNING seq
), n AS (
    INSERT INTO orders (id, client_id, account_id, instrument_id, side, term, price_ticks, units, filled, status, priority,
                        idempotency_key, request_hash, created, modified)
    SELECT r.id, r.client_id, r.account_id, r.instrument_id, r.side, r.term, r.price_ticks, r.units, r.filled, r.status,
           c.seq, r.idempotency_key, r.request_hash, r.created, r.modified
    FROM c, jsonb_to_recordset($5::jsonb) AS r(id text, client_id text, account_id text, instrument_id text, side text,
         term text, price_ticks bigint, units bigint, filled bigint, status text, idempotency_key text,
         request_hash text, created float8, modified float8)
    RETURNING 1
), u AS (
    UPDATE orders o SET filled = r.filled, units = r.units, price_ticks = r.price_ticks, status = r.status,
           modified = r.modified, priority = CASE WHEN r.lost THEN c.seq ELSE o.priority END
    FROM c, jsonb_to_recordset($6::jsonb) AS r(id text, filled bigint, units bigint, price_ticks bigint, status text,
         modified float8, lost boolean)
    WHERE o.id = r.id
    RETURNING 1
), x AS (
    INSERT INTO executions (id, instrument_id, window_id, bid_order_id, ask_order_id, buyer_client, buyer_account,
                            seller_client, seller_account, price_ticks, units, aggressor, status, created, modified)
    SELECT r.id, r.instrument_id, r.window_id, r.bid_order_id, r.ask_order_id, r.buyer_client, r.buyer_account,
           r.seller_client, r.seller_account, r.price_ticks, r.units, r.aggressor, r.status, r.created, r.modified
    FROM jsonb_to_recordset($7::jsonb) AS r(id text, instrument_id text, window_id text, bid_order_id text,
         ask_order_id text, buyer_client text, buyer_account text, seller_client text, seller_account text,
         price_ticks bigint, units bigint, aggressor text, status text, created float8, modified float8)
    RETURNING 1
), w AS (
    INSERT INTO webhook_events (id, topic, client_id, resource_id, body, due_at)
    SELECT r.id, r.topic, r.client_id, r.resource_id, r.body, r.due_at
    FROM jsonb_to_recordset($8::jsonb) AS r(id text, topic text, client_id text, resource_id text, body text,
         due_at float8)
    RETURNING 1
)
SELECT seq FROM c
"""


async def run(
    ats: Ats,
    instrument_id: str,
    command: Command,
    now: float,
    *,
    client_id: str | None = None,
    new: NewOrder | None = None,
    hook: Hook | None = None,
) -> Outcome:
    events = ats.book(instrument_id).apply(command)
    outcome = Outcome(events)
    changed = any(not isinstance(e, Rejected | CancelRejected | ReplaceRejected) for e in events)
    if not changed and hook is None:
        return outcome  # nothing changed (a rejected order; a cancel or replace refused by the engine)
    try:
        args = _effects(ats, instrument_id, command, now, client_id, new, outcome)
        async with ats.pool.acquire() as conn:
            if hook is None:  # one statement: atomic, one round trip
                seq = int(await conn.fetchval(PERSIST, *args))
            else:
                async with conn.transaction():
                    seq = int(await conn.fetchval(PERSIST, *args))
                    await hook(conn, seq)
    except BaseException:
        await ats.rebuild(instrument_id)
        raise
    _committed(ats, outcome, seq, new)
    return outcome


def _effects(
    ats: Ats,
    instrument_id: str,
    command: Command,
    now: float,
    client_id: str | None,
    new: NewOrder | None,
    outcome: Outcome,
) -> tuple[Any, ...]:
    """The PERSIST statement's arguments; fills ``outcome`` with the rows as they will be."""
    book = ats.book(instrument_id)
    reasons: dict[str, CancelReason] = {e.order_id: e.reason for e in outcome.events if isinstance(e, Canceled)}
    lost = {e.order_id for e in outcome.events if isinstance(e, Replaced) and not e.kept_priority}
    new_rows: list[dict[str, Any]] = []
    if new is not None and (view := book.order(new.id)) is not None:
        row = {"id": new.id, "client_id": new.client_id, "account_id": new.account_id, "instrument_id": instrument_id,
               "side": new.side, "term": new.term, "price_ticks": view.price_ticks, "units": view.units,
               "filled": view.filled, "status": order_status(view, reasons.get(new.id)), "priority": 0,
               "idempotency_key": new.idempotency_key, "request_hash": new.request_hash, "created": now, "modified": now}
        new_rows.append(row)
        outcome.orders[new.id] = row
    window = ats.window_in(instrument_id, OPEN)
    outcome.executions = [_execution(instrument_id, window.id if window else "", e, now)
                          for e in outcome.events if isinstance(e, Fill)]
    touched = _touched(outcome.events)
    updates: list[dict[str, Any]] = []
    for order_id in touched:
        view = book.order(order_id)
        if view is None or order_id in outcome.orders:
            continue
        status = order_status(view, reasons.get(order_id))
        change = {"filled": view.filled, "units": view.units, "price_ticks": view.price_ticks, "status": status,
                  "modified": now}
        updates.append({"id": order_id, **change, "lost": order_id in lost})
        outcome.orders[order_id] = {**ats.active[order_id], **change}
    events = [dict(zip(("id", "topic", "client_id", "resource_id", "body", "due_at"), r, strict=True))
              for r in _webhooks(ats, touched, outcome, now)]
    return (instrument_id, client_id, json.dumps(command.to_dict()), now, json.dumps(new_rows), json.dumps(updates),
            json.dumps(outcome.executions), json.dumps(events))


def _committed(ats: Ats, outcome: Outcome, seq: int, new: NewOrder | None) -> None:
    """Bring the caches up to the committed state: new orders' keys, the active orders (with their priority)."""
    lost = {e.order_id for e in outcome.events if isinstance(e, Replaced) and not e.kept_priority}
    for order_id, row in outcome.orders.items():
        if (new is not None and order_id == new.id) or order_id in lost:
            row["priority"] = seq
        if row["status"] in ACTIVE_STATUSES:
            ats.active[order_id] = row
        else:
            ats.active.pop(order_id, None)
    if new is not None:
        ats.keys[(new.client_id, new.idempotency_key)] = (new.id, new.request_hash)


def _execution(instrument_id: str, window_id: str, e: Fill, now: float) -> dict[str, Any]:
    buyer_client, buyer_account = split_account(e.buy_account)
    seller_client, seller_account = split_account(e.sell_account)
    return {"id": execution_id(instrument_id, e.execution_id), "instrument_id": instrument_id, "window_id": window_id,
            "bid_order_id": e.bid_order_id, "ask_order_id": e.ask_order_id, "buyer_client": buyer_client,
            "buyer_account": buyer_account, "seller_client": seller_client, "seller_account": seller_account,
            "price_ticks": e.price_ticks, "units": e.units, "aggressor": e.aggressor.value, "status": EXEC_PENDING,
            "buyer_confirmed": False, "seller_confirmed": False, "void_reason": None, "created": now, "modified": now}


def _webhooks(ats: Ats, touched: dict[str, set[str]], outcome: Outcome, now: float) -> list[outbox.EventRow]:
    """The events of the webhook client's orders and executions this command touched, in order."""
    me = ats.webhook_client
    rows: list[outbox.EventRow] = []
    for order_id, what in touched.items():
        row = outcome.orders.get(order_id)
        if row is None or row["client_id"] != me:
            continue
        view: dict[str, Any] = order_view(row)
        topics = [f"order.{kind}" for kind in ("accepted", "replaced") if kind in what]
        if "filled" in what:
            topics.append("order.filled" if row["status"] == FILLED else "order.partially_filled")
        if "canceled" in what:
            topics.append("order.canceled")
        rows += [outbox.event_row(ats, topic, order_id, view, now) for topic in topics]
    rows += [outbox.event_row(ats, "execution.created", ex["id"], execution_view(ex, me), now)
             for ex in outcome.executions if me in (ex["buyer_client"], ex["seller_client"])]
    return rows
