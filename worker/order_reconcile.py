"""The order reconciliation's Temporal Schedule (issue 32), created or updated at worker start like the statement
schedules (worker/statement_schedules.py; idempotent: the same id, the same spec): every `order_reconcile_seconds`
it runs workflows/trading/order_reconcile.py, which signals `reconcile` only to the orders whose ATS state differs from
their view. A run still going when the next is due is skipped (overlap SKIP)."""

from __future__ import annotations

from datetime import timedelta

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
)
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from config import Settings
from worker.statement_schedules import ensure_schedule
from workflows import search_attributes as sa
from workflows.trading.order_reconcile import FLOW, SCHEDULE_ID, OrderReconcileWorkflow, ReconcileRun


def reconcile_schedule(settings: Settings) -> Schedule:
    return Schedule(
        action=ScheduleActionStartWorkflow(
            OrderReconcileWorkflow.run, ReconcileRun(activity_timeout_seconds=settings.activity_timeout_seconds),
            id=SCHEDULE_ID, task_queue=settings.task_queue,
            execution_timeout=timedelta(seconds=max(60.0, 5 * settings.order_reconcile_seconds)),
            typed_search_attributes=TypedSearchAttributes([SearchAttributePair(sa.FLOW, FLOW)])),
        spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=timedelta(seconds=settings.order_reconcile_seconds))]),
        policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP))


async def ensure_reconcile_schedule(client: Client, settings: Settings) -> None:
    await ensure_schedule(client, SCHEDULE_ID, reconcile_schedule(settings))
