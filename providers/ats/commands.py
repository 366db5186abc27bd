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
    EXEC_PENDING,
    FILLED,
    SUBMITTED,
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
    orders: dict[str, asyncpg.Record] = field(default_factory=dict)  # touched orders, as they are now
    executions: list[asyncpg.Record] = field(default_factory=list)

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
        async with ats.pool.acquire() as conn, conn.transaction():
            seq = await _persist(ats, conn, instrument_id, command, now, client_id, new, outcome)
            if hook is not None:
                await hook(conn, seq)
    except BaseException:
        await ats.rebuild(instrument_id)
        raise
    return outcome


async def _persist(
    ats: Ats,
    conn: asyncpg.Connection,
    instrument_id: str,
    command: Command,
    now: float,
    client_id: str | None,
    new: NewOrder | None,
    outcome: Outcome,
) -> int:
    seq: int = await conn.fetchval(
        "INSERT INTO commands (instrument_id, client_id, body, at) VALUES ($1, $2, $3::jsonb, $4) RETURNING seq",
        instrument_id, client_id, json.dumps(command.to_dict()), now,
    )
    if new is not None:
        await conn.execute(
            "INSERT INTO orders (id, client_id, account_id, instrument_id, side, term, price_ticks, units, status, priority,"
            " idempotency_key, request_hash, created, modified)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)",
            new.id, new.client_id, new.account_id, instrument_id, new.side, new.term, new.price_ticks, new.units,
            SUBMITTED, seq, new.idempotency_key, new.request_hash, now,
        )
    book = ats.book(instrument_id)
    reasons: dict[str, CancelReason] = {e.order_id: e.reason for e in outcome.events if isinstance(e, Canceled)}
    lost_priority = {e.order_id for e in outcome.events if isinstance(e, Replaced) and not e.kept_priority}
    window = ats.window_in(instrument_id, OPEN)
    for e in outcome.events:
        if isinstance(e, Fill):
            outcome.executions.append(await _insert_execution(conn, instrument_id, window.id if window else "", e, now))
    touched = _touched(outcome.events)
    for order_id in touched:
        view = book.order(order_id)
        if view is None:
            continue
        row = await conn.fetchrow(
            "UPDATE orders SET filled = $2, units = $3, price_ticks = $4, status = $5, modified = $6,"
            " priority = CASE WHEN $7 THEN $8 ELSE priority END WHERE id = $1 RETURNING *",
            order_id, view.filled, view.units, view.price_ticks, order_status(view, reasons.get(order_id)), now,
            order_id in lost_priority, seq,
        )
        if row is not None:
            outcome.orders[order_id] = row
    await _webhooks(ats, conn, touched, outcome, now)
    return seq


async def _insert_execution(conn: asyncpg.Connection, instrument_id: str, window_id: str, e: Fill, now: float) -> asyncpg.Record:
    buyer_client, buyer_account = split_account(e.buy_account)
    seller_client, seller_account = split_account(e.sell_account)
    row = await conn.fetchrow(
        "INSERT INTO executions (id, instrument_id, window_id, bid_order_id, ask_order_id, buyer_client, buyer_account,"
        " seller_client, seller_account, price_ticks, units, aggressor, status, created, modified)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING *",
        execution_id(instrument_id, e.execution_id), instrument_id, window_id, e.bid_order_id, e.ask_order_id,
        buyer_client, buyer_account, seller_client, seller_account, e.price_ticks, e.units, e.aggressor.value,
        EXEC_PENDING, now,
    )
    assert row is not None
    return row


async def _webhooks(ats: Ats, conn: asyncpg.Connection, touched: dict[str, set[str]], outcome: Outcome, now: float) -> None:
    me = ats.webhook_client
    for order_id, what in touched.items():
        row = outcome.orders.get(order_id)
        if row is None or row["client_id"] != me:
            continue
        view: dict[str, Any] = order_view(row)
        for kind in ("accepted", "replaced"):
            if kind in what:
                await outbox.emit(conn, ats, f"order.{kind}", order_id, view, now)
        if "filled" in what:
            topic = "order.filled" if row["status"] == FILLED else "order.partially_filled"
            await outbox.emit(conn, ats, topic, order_id, view, now)
        if "canceled" in what:
            await outbox.emit(conn, ats, "order.canceled", order_id, view, now)
    for ex in outcome.executions:
        if me in (ex["buyer_client"], ex["seller_client"]):
            await outbox.emit(conn, ats, "execution.created", ex["id"], execution_view(ex, me), now)
