"""The statement schedules, created or updated at worker start (idempotent: the same ids, the same specs):
`statements-monthly` fires at 06:00 UTC on days 1-5 of every month (the first business day is always among them),
`tax-documents-yearly` on days 1-5 of March; each run of workflows/statements.py makes its period's documents only
on the first business day (`only_when_due`). Then, once, last month's statements when none exist yet (a fresh
`make dev`, or a worker that was down on the first business day)."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleCalendarSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleRange,
    ScheduleSpec,
    ScheduleUpdate,
    ScheduleUpdateInput,
)
from temporalio.common import SearchAttributePair, TypedSearchAttributes, WorkflowIDConflictPolicy, WorkflowIDReusePolicy

from config import Settings
from domain.statements import STATEMENT, TAX_DOCUMENT, TAX_MONTH, Month
from store.models import FinancialDocument
from workflows import search_attributes as sa
from workflows.statements import FLOWS, StatementsInput, StatementsWorkflow, workflow_id

MONTHLY, YEARLY = "statements-monthly", "tax-documents-yearly"
FIRST_DAYS = ScheduleRange(1, 5)  # the first business day of a month is one of these (a Monday the 4th at the latest)


def _input(settings: Settings, kind: str) -> StatementsInput:
    return StatementsInput(kind=kind, only_when_due=True, batch_size=settings.statements_batch_size,
                           activity_timeout_seconds=settings.statement_activity_timeout_seconds)


def _schedule(settings: Settings, kind: str, months: ScheduleRange) -> Schedule:
    return Schedule(
        action=ScheduleActionStartWorkflow(
            StatementsWorkflow.run, _input(settings, kind), id=FLOWS[kind], task_queue=settings.task_queue,
            typed_search_attributes=TypedSearchAttributes([SearchAttributePair(sa.FLOW, FLOWS[kind])])),
        spec=ScheduleSpec(calendars=[ScheduleCalendarSpec(hour=[ScheduleRange(6)], day_of_month=[FIRST_DAYS],
                                                          month=[months])]),
        policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP))


async def ensure_schedule(client: Client, schedule_id: str, schedule: Schedule) -> None:
    try:
        await client.create_schedule(schedule_id, schedule)
    except ScheduleAlreadyRunningError:
        def replace(_: ScheduleUpdateInput) -> ScheduleUpdate:
            return ScheduleUpdate(schedule=schedule)

        await client.get_schedule_handle(schedule_id).update(replace)


async def ensure_statement_schedules(client: Client, settings: Settings) -> None:
    await ensure_schedule(client, MONTHLY, _schedule(settings, STATEMENT, ScheduleRange(1, 12)))
    await ensure_schedule(client, YEARLY, _schedule(settings, TAX_DOCUMENT, ScheduleRange(TAX_MONTH)))


async def catch_up_last_month(client: Client, sessions: async_sessionmaker[AsyncSession], settings: Settings,
                              this_month: Month) -> bool:
    """Starts last month's statements when there are none at all (True), else nothing (False)."""
    period = this_month.previous().key
    async with sessions() as db:
        made = await db.scalar(select(func.count()).select_from(FinancialDocument).where(
            col(FinancialDocument.kind) == STATEMENT, col(FinancialDocument.period) == period))
    if made:
        return False
    inp = _input(settings, STATEMENT)
    inp.period, inp.only_when_due = period, False
    await client.start_workflow(
        StatementsWorkflow.run, inp, id=workflow_id(STATEMENT, period), task_queue=settings.task_queue,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING, id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
        static_summary=f"Statements of {period} (catch-up)",
        search_attributes=TypedSearchAttributes([SearchAttributePair(sa.FLOW, FLOWS[STATEMENT])]))
    return True
