"""The order reconciliation's activity (issue 32, workflows/trading/order_reconcile.py): the orders the order list
holds as open (or still settling) against Vitrine's open orders at the ATS — one listing call per page of 1,000
(`GET /sandbox/ats/orders?active=true`), and one executions call (`status=PENDING_CONFIRMATION`) only when an order
waits on an execution — and the ids of the orders whose ATS state differs from their view: another status or filled
units, a newer `modified`, no longer open there, an execution settled, voided or confirmed since. Reads only: safe
to retry. The ATS's final refusals are the non-retryable AtsRejected; 429/503 are retried by Temporal."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity

from activities.interfaces import trading as T
from activities.trading.order import ats_answer
from clients.ats import AtsClient
from store.trading.orders import HeldOrder, held_orders
from workflows.trading import order_types as O
from workflows.trading.order_types import ENDED


def _time(value: str) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if value else None
    except ValueError:
        return None


def differs(held: HeldOrder, there: T.AtsOrder | None) -> bool:
    """True when the ATS's state of the order is not what its view says: no longer open there while the view shows it
    open, another status or filled units, a newer `modified`."""
    if there is None:
        return held.status not in ENDED
    if there.status != held.status or there.units_filled != held.units_filled:
        return True
    if held.ats_order_id is None:  # the view written before the ATS answered: its times are not the ATS's
        return False
    ours, theirs = _time(held.modified), _time(there.modified)
    return ours is not None and theirs is not None and theirs > ours


class ReconcileActivities:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], ats: AtsClient) -> None:
        self._sessions, self._ats = sessions, ats

    @activity.defn(name=T.RECONCILE_ORDERS)
    async def reconcile_orders(self, inp: T.ReconcileInput) -> T.ReconcileAnswer:
        async with self._sessions() as db:
            held = await held_orders(db)
        answer = T.ReconcileAnswer(held=len(held))
        if not held:
            return answer
        open_there: dict[str, T.AtsOrder] = {}  # by the ATS's order id, and by its idempotency key (our workflow id)
        after: str | None = None
        for _ in range(max(1, inp.max_pages)):
            page: dict[str, Any] = await ats_answer(self._ats.list_orders(active=True, after=after, limit=inp.page_size))
            answer.calls += 1
            for data in page.get("data") or []:
                order = T.order_of(data)
                open_there[order.id] = order
                if key := data.get("idempotencyKey"):
                    open_there[str(key)] = order
            after = page.get("next")
            if not after:
                break
        answer.open_at_ats = len({o.id for o in open_there.values()})
        pending: dict[str, dict[str, Any]] = {}
        if any(h.pending for h in held):
            listing = await ats_answer(self._ats.list_executions(status="PENDING_CONFIRMATION"))
            answer.calls += 1
            pending = {str(x.get("id")): x for x in listing.get("data") or []}
        for h in held:
            there = open_there.get(h.ats_order_id or "") or open_there.get(O.workflow_id(h.order_id))
            if differs(h, there) or _executions_moved(h, pending):
                answer.differing.append(h.order_id)
        activity.logger.info("reconciliation: %d held, %d open at the ATS, %d differing (%d calls)", answer.held,
                             answer.open_at_ats, len(answer.differing), answer.calls)
        return answer


def _executions_moved(h: HeldOrder, pending: dict[str, dict[str, Any]]) -> bool:
    """An execution the view shows waiting that the ATS settled or voided, or confirmed on our side since."""
    for execution_id, confirmed in h.pending.items():
        x = pending.get(execution_id)
        if x is None:
            return True
        mine = T.execution_of(x, h.ats_order_id or "")
        if mine is not None and mine.confirmed and not confirmed:
            return True
    return False
