"""Patch `order-hold-place-local` (issue 32): a new order's first view, hold and placement run as a local activity in
the start's first workflow task when no Update handler is running there — the order is placed without an activity
task; the submit Update coming after it is answered at once from the next task."""

from __future__ import annotations

from decimal import Decimal

from temporalio.api.enums.v1 import EventType

import activities.interfaces.trading as T
from domain import ledger as L
from store.ledger import balance
from tests.trading.conftest import Sessions, investor
from tests.trading.order_harness import Market
from tests.trading.order_history import events, local_type, scheduled_activities
from tests.workflows.histories import record
from workflows.trading import order_types as O


async def test_a_new_order_is_held_and_placed_in_its_first_workflow_task(market: Market, sessions: Sessions) -> None:
    asset_id, ticker = await market.listing(sessions)
    await market.next_session()
    uid = await investor(sessions, "100.00")
    handle = await market.order(uid, asset_id, ticker, "BID", 2, "10.00")
    await market.until(handle, lambda v: v.ats_order_id is not None)  # placed before any Update came
    history = await events(handle)
    completed = [i for i, e in enumerate(history) if e.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED]
    marker = next(i for i, e in enumerate(history) if local_type(e) == T.HOLD_PLACE)
    assert completed[0] < marker and (len(completed) == 1 or marker < completed[1])  # the first task's command
    assert T.HOLD_PLACE not in await scheduled_activities(handle)
    view = await market.submit(handle)
    assert view.status == "SUBMITTED" and view.ats_order_id
    async with sessions() as db:
        assert await balance(db, L.held(uid, view.id)) == Decimal("20.00")
    result = await handle.execute_update(O.CANCEL, result_type=O.CancelResult)
    assert result.outcome == "CANCELED"
    assert await market.result(handle) == "CANCELED"
    async with sessions() as db:
        assert await balance(db, L.cash(uid)) == Decimal("100.00")
    await record(handle, "Order--placed-in-first-task")
