"""One reconciliation of the resting orders (`OrderReconcile`, issue 32): instead of every open order polling the ATS,
a Temporal Schedule (`orders-reconcile`, every `order_reconcile_seconds`, created at worker start by
worker/order_reconcile.py; overlapping runs skipped) runs this workflow: one activity compares the order list's open
orders with Vitrine's open orders at the ATS in as few calls as the ATS allows (activities/trading/reconcile.py),
then a `reconcile` signal goes only to the orders whose ATS state differs from their view (a lost or late webhook),
which read themselves at the ATS. Nothing differing: one activity, no signal, no order woken. An order that ended
meanwhile (its workflow closed) is skipped. Bounded: `max_signals` a run (the rest at the next run)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    import activities.interfaces.trading as T
    import workflows.trading.order_types as O

WORKFLOW_TYPE = "OrderReconcile"
SCHEDULE_ID = "orders-reconcile"
FLOW = "orders-reconcile"
# reads only: a few retries within the interval, the next run tries again; a refusal or wrong credentials not
RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=10), maximum_attempts=4,
                    non_retryable_error_types=[T.ATS_REJECTED, T.ATS_INVALID_CLIENT])


@dataclass
class ReconcileRun:
    page_size: int = 1000
    max_signals: int = 1000
    activity_timeout_seconds: float = 30.0


@dataclass
class ReconcileResult:
    held: int = 0
    open_at_ats: int = 0
    signaled: int = 0
    gone: int = 0        # differing orders whose workflow had closed meanwhile
    calls: int = 0


@workflow.defn(name=WORKFLOW_TYPE)
class OrderReconcileWorkflow:
    @workflow.run
    async def run(self, inp: ReconcileRun) -> ReconcileResult:
        answer: T.ReconcileAnswer = await workflow.execute_activity(
            T.RECONCILE_ORDERS, T.ReconcileInput(page_size=inp.page_size), result_type=T.ReconcileAnswer,
            start_to_close_timeout=timedelta(seconds=inp.activity_timeout_seconds), retry_policy=RETRY)
        targets = answer.differing[:inp.max_signals]
        sent = await asyncio.gather(*(self._tell(O.workflow_id(order_id)) for order_id in targets))
        result = ReconcileResult(answer.held, answer.open_at_ats, sum(sent), len(sent) - sum(sent), answer.calls)
        workflow.set_current_details(f"{result.held} held, {result.open_at_ats} open at the ATS, "
                                     f"{result.signaled} told to read themselves")
        return result

    @staticmethod
    async def _tell(workflow_id: str) -> bool:
        try:
            await workflow.get_external_workflow_handle(workflow_id).signal(O.RECONCILE)
        except Exception:  # noqa: BLE001 - the order's workflow closed meanwhile (ended): nothing to reconcile
            return False
        return True
