"""Making investors' documents for one period (`Statements`): every investor's account statement for a month, or the
tax document of a year for those who sold — or one investor's (ops: `user_ids`). The investors are read once, then
made in batches of `batch_size` at once, each by the idempotent `statements.make` (one row per investor, kind and
period: a re-run or a retry makes nothing new; `remake` renders the file again in place).

Started by two Temporal Schedules (workflows/statement_schedules.py): daily on the first days of each month with
`only_when_due` (the run works out from its start day whether it is the month's first business day, for the month
before — domain/statements.py — and ends at once otherwise), and likewise on the first days of March for the tax
documents of the year before. Ops start it from the Web UI with an explicit `period` (README runbook)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import date, timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    import workflows.search_attributes as sa
    from activities.interfaces.statements import BAD_PERIOD, STATEMENT, Investors, Made, MakeDocument, StatementActivities
    from domain.statements import Month, statement_month_due, tax_year_due

FLOWS = {STATEMENT: "statements", "tax": "tax-documents"}
# bounded (~10 minutes): an investor whose document still cannot be made fails the run; a re-run makes the rest
RETRY = RetryPolicy(maximum_interval=timedelta(seconds=60), maximum_attempts=12, non_retryable_error_types=[BAD_PERIOD])


@dataclass
class StatementsInput:
    kind: str = STATEMENT  # statement | tax
    period: str = ""  # YYYY-MM (statement) or YYYY (tax); empty: worked out from the day the run starts
    user_ids: list[int] = field(default_factory=list)  # empty: every investor due one
    only_when_due: bool = False  # the schedules: end at once unless today is the first business day of the period
    remake: bool = False
    batch_size: int = 10
    activity_timeout_seconds: int = 120


@dataclass
class StatementsResult:
    period: str
    investors: int = 0
    created: int = 0
    kept: int = 0
    skipped: int = 0


def workflow_id(kind: str, period: str, user_id: int | None = None) -> str:
    """Readable, no PII: `statements-2026-10`, `statements-2026-10-user-42`, `tax-documents-2026`."""
    return f"{FLOWS[kind]}-{period}" + (f"-user-{user_id}" if user_id is not None else "")


def due_period(kind: str, only_when_due: bool, today: date) -> str | None:
    """The period a run without one makes: the month (or, for tax, the year) before `today`; None when the run is
    from a schedule and today is not the period's first business day."""
    if kind == STATEMENT:
        month = statement_month_due(today) if only_when_due else Month.of(today).previous()
        return month.key if month else None
    year = tax_year_due(today) if only_when_due else today.year - 1
    return str(year) if year else None


@workflow.defn(name="Statements")
class StatementsWorkflow:
    @workflow.run
    async def run(self, inp: StatementsInput) -> StatementsResult:
        # the holidays library (domain/trading/market_calendar.py) imports lazily and reads the locale for its holidays' names:
        # fixed dates, so deterministic; run outside the sandbox's restrictions
        with workflow.unsafe.sandbox_unrestricted(), workflow.unsafe.imports_passed_through():
            period = inp.period or due_period(inp.kind, inp.only_when_due, workflow.now().date())
        if period is None:
            workflow.set_current_details("Not the first business day of the period: nothing to make today.")
            return StatementsResult("")
        pairs = [sa.FLOW.value_set(FLOWS[inp.kind]), sa.STEP.value_set(period)]
        if len(inp.user_ids) == 1:
            pairs.append(sa.USER_ID.value_set(str(inp.user_ids[0])))
        workflow.upsert_search_attributes(pairs)
        timeout = timedelta(seconds=inp.activity_timeout_seconds)
        users = inp.user_ids or await workflow.execute_activity_method(
            StatementActivities.investors, Investors(inp.kind, period), start_to_close_timeout=timeout,
            retry_policy=RETRY)
        result = StatementsResult(period, investors=len(users))
        size = max(1, inp.batch_size)
        for start in range(0, len(users), size):
            made: list[Made] = list(await asyncio.gather(*(
                workflow.execute_activity_method(
                    StatementActivities.make, MakeDocument(u, inp.kind, period, inp.remake),
                    start_to_close_timeout=timeout, retry_policy=RETRY, summary=f"user {u}")
                for u in users[start:start + size])))
            result.created += sum(m.created for m in made)
            result.skipped += sum(m.skipped for m in made)
            result.kept += sum(not m.created and not m.skipped for m in made)
            workflow.set_current_details(
                f"{FLOWS[inp.kind]} {period}: {start + len(made)}/{len(users)} investors done "
                f"({result.created} made, {result.kept} already there, {result.skipped} with nothing to report).")
        return result
