"""One engine command, applied to the book and persisted as a unit: the command log entry, the orders it touched,
its executions, its webhooks (:mod:`providers.ats.group_commit` writes them in one statement with the commands
queued beside it). The caller holds the instrument's lock while applying.

A command the engine rejects changed nothing and is not logged. If persisting fails, the book is rebuilt from the
command log (which does not hold the failed commands), so memory and database never disagree.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from providers.ats import group_commit, outbox
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


@dataclass
class Effects:
    """What one applied command writes: the PERSIST statement's rows (merged per batch by the group commit)."""

    instrument_id: str  # the book it was applied to
    body: dict[str, Any]  # the command log entry {client_id, body, at}
    new_rows: dict[str, dict[str, Any]]  # order id -> the new order's row
    updates: dict[str, dict[str, Any]]  # order id -> {filled, units, price_ticks, status, modified, lost}
    executions: list[dict[str, Any]]
    events: list[outbox.EventRow]
    new_key: tuple[str, str] | None
    rows: dict[str, dict[str, Any]]  # the touched orders' rows (answers read them until the write is done)


def apply(ats: Ats, instrument_id: str, command: Command, now: float, *, client_id: str | None = None,
          new: NewOrder | None = None) -> tuple[Outcome, Effects | None]:
    """Apply ``command`` to the book (the caller holds the instrument's lock) and bring the caches of resting orders
    and idempotency keys up to it; the effects to persist, or None when the engine changed nothing."""
    events = ats.book(instrument_id).apply(command)
    outcome = Outcome(events)
    if not any(not isinstance(e, Rejected | CancelRejected | ReplaceRejected) for e in events):
        return outcome, None  # a rejected order; a cancel or replace refused by the engine
    effects = _effects(ats, instrument_id, command, now, client_id, new, outcome)
    for order_id, row in outcome.orders.items():
        ats.uncommitted[order_id] = row
        if row["status"] in ACTIVE_STATUSES:
            ats.active[order_id] = row
        else:
            ats.active.pop(order_id, None)
    if new is not None:
        ats.keys[(new.client_id, new.idempotency_key)] = (new.id, new.request_hash)
    return outcome, effects


async def run(ats: Ats, instrument_id: str, command: Command, now: float, *, client_id: str | None = None,
              new: NewOrder | None = None, hook: Hook | None = None) -> Outcome:
    """Apply and persist one command while holding the instrument's lock (window transitions, admin changes).

    With a ``hook`` (run in the same transaction) the commands queued before it are committed first.
    """
    await group_commit.repair(ats, instrument_id)
    outcome, effects = apply(ats, instrument_id, command, now, client_id=client_id, new=new)
    if effects is None and hook is None:
        return outcome
    if hook is None:
        await group_commit.commit(ats, effects)
        return outcome
    batch = [effects] if effects else []
    try:
        await group_commit.drain(ats, instrument_id)
        async with ats.pool.acquire() as conn, conn.transaction():
            seq = await group_commit.persist(conn, batch)
            await hook(conn, seq)
    except BaseException:
        await group_commit.recover(ats, instrument_id, batch)
        raise
    group_commit.written(ats, batch)
    return outcome


def _effects(
    ats: Ats,
    instrument_id: str,
    command: Command,
    now: float,
    client_id: str | None,
    new: NewOrder | None,
    outcome: Outcome,
) -> Effects:
    """What ``command`` writes; fills ``outcome`` with the touched orders' rows as they are now."""
    book = ats.book(instrument_id)
    reasons: dict[str, CancelReason] = {e.order_id: e.reason for e in outcome.events if isinstance(e, Canceled)}
    lost = {e.order_id for e in outcome.events if isinstance(e, Replaced) and not e.kept_priority}
    new_rows: dict[str, dict[str, Any]] = {}
    if new is not None and (view := book.order(new.id)) is not None:
        row = {"id": new.id, "client_id": new.client_id, "account_id": new.account_id, "instrument_id": instrument_id,
               "side": new.side, "term": new.term, "price_ticks": view.price_ticks, "units": view.units,
               "filled": view.filled, "status": order_status(view, reasons.get(new.id)), "priority": 0,
               "idempotency_key": new.idempotency_key, "request_hash": new.request_hash, "created": now, "modified": now}
        new_rows[new.id] = row
        outcome.orders[new.id] = row
    window = ats.window_in(instrument_id, OPEN)
    outcome.executions = [_execution(instrument_id, window.id if window else "", e, now)
                          for e in outcome.events if isinstance(e, Fill)]
    touched = _touched(outcome.events)
    updates: dict[str, dict[str, Any]] = {}
    for order_id in touched:
        view = book.order(order_id)
        if view is None or order_id in outcome.orders:
            continue
        status = order_status(view, reasons.get(order_id))
        change = {"filled": view.filled, "units": view.units, "price_ticks": view.price_ticks, "status": status,
                  "modified": now}
        updates[order_id] = {**change, "lost": order_id in lost}
        outcome.orders[order_id] = {**ats.active[order_id], **change}
    return Effects(instrument_id, {"client_id": client_id, "body": command.to_dict(), "at": now}, new_rows, updates,
                   outcome.executions, _webhooks(ats, instrument_id, touched, outcome, now),
                   None if new is None else (new.client_id, new.idempotency_key),
                   outcome.orders)


def _execution(instrument_id: str, window_id: str, e: Fill, now: float) -> dict[str, Any]:
    buyer_client, buyer_account = split_account(e.buy_account)
    seller_client, seller_account = split_account(e.sell_account)
    return {"id": execution_id(instrument_id, e.execution_id), "instrument_id": instrument_id, "window_id": window_id,
            "bid_order_id": e.bid_order_id, "ask_order_id": e.ask_order_id, "buyer_client": buyer_client,
            "buyer_account": buyer_account, "seller_client": seller_client, "seller_account": seller_account,
            "price_ticks": e.price_ticks, "units": e.units, "aggressor": e.aggressor.value, "status": EXEC_PENDING,
            "buyer_confirmed": False, "seller_confirmed": False, "void_reason": None, "created": now, "modified": now}


def _webhooks(ats: Ats, instrument_id: str, touched: dict[str, set[str]], outcome: Outcome,
              now: float) -> list[outbox.EventRow]:
    """The events of the webhook client's orders and executions this command touched, in order; then one
    `market.changed` when another participant's order moved the book (the client hears of its own orders' changes
    through their events, not of anyone else's: its pages would go stale)."""
    me = ats.webhook_client
    rows: list[outbox.EventRow] = []
    others = False
    for order_id, what in touched.items():
        row = outcome.orders.get(order_id)
        if row is None or row["client_id"] != me:
            others = others or row is not None
            continue
        view: dict[str, Any] = order_view(row)
        topics = [f"order.{kind}" for kind in ("accepted", "replaced") if kind in what]
        if "filled" in what:
            topics.append("order.filled" if row["status"] == FILLED else "order.partially_filled")
        if "canceled" in what:
            topics.append("order.canceled")
        rows += outbox.event_rows(ats, topics, order_id, view, now)
    rows += [outbox.event_row(ats, "execution.created", ex["id"], execution_view(ex, me), now)
             for ex in outcome.executions if me in (ex["buyer_client"], ex["seller_client"])]
    if others:
        rows.append(outbox.event_row(ats, "market.changed", instrument_id, {
            "financialInstrumentId": instrument_id, "traded": bool(outcome.executions)}, now))
    return rows
