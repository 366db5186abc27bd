"""Event-driven resting orders (issue 32): a resting order costs nothing while nothing happens — no ATS read, no
history event over several reconciliation periods — and a webhook the ATS lost still reaches the order's view through
the reconciliation (workflows/trading/order_reconcile.py, the `orders-reconcile` schedule); an order with no event
at all still reads the ATS when its safety timer fires."""

from __future__ import annotations

import contextlib
from typing import Any

from temporalio.api.enums.v1 import EventType
from temporalio.client import WorkflowHandle
from temporalio.service import RPCError

import activities.interfaces.trading as T
from tests.trading.conftest import Sessions, investor
from tests.trading.order_harness import Market
from tests.waiting import eventually
from tests.workflows.histories import record
from worker.order_reconcile import ensure_reconcile_schedule
from workflows.trading import order_types as O
from workflows.trading.order_reconcile import SCHEDULE_ID, ReconcileResult

Handle = WorkflowHandle[Any, Any]


async def history(handle: Handle) -> list[Any]:
    return [e async for e in handle.fetch_history_events()]


def reads(events: list[Any]) -> int:
    return len([e for e in events if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
                and e.activity_task_scheduled_event_attributes.activity_type.name == T.READ])


async def test_a_lost_webhook_reaches_the_order_through_the_reconciliation(market: Market, sessions: Sessions) -> None:
    asset_id, ticker = await market.listing(sessions)
    start = await market.next_session()
    await market.to_open(start)
    uid = await investor(sessions, "100.00")
    handle = await market.order(uid, asset_id, ticker, "BID", 2, "10.00")
    view = await market.submit(handle)
    assert view.status == "SUBMITTED" and view.units_filled == 0
    await market.chaos(webhook_drop=1.0)  # every webhook from now on is lost in transit
    try:
        await market.maker(ticker, "ASK", 2, "10.00")  # fills the bid at the ATS
        await market.advance(0.1)  # the ATS's webhooks fall due: dropped
        view = await handle.query(O.VIEW, result_type=O.OrderView)
        assert view.status == "SUBMITTED" and view.units_filled == 0  # the order has not heard of its fill
        assert reads(await history(handle)) == 0
        run = await market.reconcile()
    finally:
        await market.chaos()
    result: ReconcileResult = await run.result()
    assert result.signaled >= 1 and result.calls >= 1
    view = await market.until(handle, lambda v: v.status == "FILLED" and v.units_filled == 2 and len(v.executions) == 1)
    assert any(e.event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED
               and e.workflow_execution_signaled_event_attributes.signal_name == O.RECONCILE for e in await history(handle))
    await market.past_confirmation(start)  # the settlement's webhook comes through: the order settles and ends
    assert await market.result(handle) == "FILLED"
    view = await handle.query(O.VIEW, result_type=O.OrderView)
    assert view.pricing_debited == "20.00"
    await record(handle, "Order--reconcile-signal")
    await record(run, "OrderReconcile--signaled")


async def test_a_resting_order_reads_nothing_and_adds_no_history_over_several_reconciliations(
        market: Market, sessions: Sessions) -> None:
    asset_id, ticker = await market.listing(sessions)
    await market.next_session()
    uid = await investor(sessions, "100.00")
    handle = await market.order(uid, asset_id, ticker, "BID", 2, "9.00")  # nobody asks that low: it rests
    view = await market.submit(handle)
    assert view.status == "SUBMITTED" and view.ats_order_id
    settled = len(await history(handle))
    every = market.settings.model_copy(update={"order_reconcile_seconds": 1.0})
    schedule = market.client.get_schedule_handle(SCHEDULE_ID)
    # a schedule of the same id that a worker process of an earlier test made on this Temporal server (test_faults'
    # `python -m worker`) may still have a run going on a queue nobody polls now, and its overlap policy (SKIP)
    # would skip every run of ours: this test's schedule is a fresh one
    with contextlib.suppress(RPCError):
        await schedule.delete()
    await ensure_reconcile_schedule(market.client, every)
    try:
        async def reconciled() -> int:
            runs = (await schedule.describe()).info.num_actions
            assert runs >= 4, runs
            return runs

        await eventually(reconciled)
    finally:
        await schedule.delete()
    events = await history(handle)
    assert len(events) == settled and reads(events) == 0  # four reconciliations: not one event, not one ATS read
    view = await handle.query(O.VIEW, result_type=O.OrderView)
    assert view.status == "SUBMITTED" and view.units_filled == 0
    assert (await handle.execute_update(O.CANCEL, result_type=O.CancelResult)).outcome == "CANCELED"
    assert await market.result(handle) == "CANCELED"


async def test_an_order_nothing_wakes_reads_the_ats_when_its_safety_timer_fires(market: Market,
                                                                                 sessions: Sessions) -> None:
    asset_id, ticker = await market.listing(sessions)
    start = await market.next_session()
    uid = await investor(sessions, "100.00")
    safety = O.OrderTimings(poll_seconds=3600, queued_after_seconds=2, polls_per_run=500, safety_seconds=0.5)
    handle = await market.order(uid, asset_id, ticker, "BID", 1, "10.00", timings=safety)  # webhooks not forwarded
    assert (await market.submit(handle)).status == "SUBMITTED"
    await market.maker(ticker, "ASK", 1, "10.00")
    await market.to_open(start)  # filled at the open; no webhook reaches the order

    view = await market.until(handle, lambda v: v.status == "FILLED" and len(v.executions) == 1)
    assert reads(await history(handle)) >= 1  # it learned of the fill by its own read
    assert view.units_filled == 1
    await market.past_confirmation(start)
    assert await market.result(handle) == "FILLED"
    assert (await handle.query(O.VIEW, result_type=O.OrderView)).pricing_debited == "10.00"
    await record(handle, "Order--safety-timer-read")

