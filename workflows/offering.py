"""One asset's offering (`offering-{asset_id}`): Coming Soon → Open ICO at offering_starts → Closed ICO at offering_ends
or when sold out. Each round loads the asset, works out its next transition (domain/offering.py) and sleeps until it is
due — at most `recheck_seconds`, so edited dates are picked up, and woken early by `sold_out` — then applies it. It
returns once the asset is Closed ICO or later, and continues as new every `rounds_per_run` rounds to keep its history
short. Opening the offering starts the `AssetNotices` of its notify-me subscribers (workflows/asset_notices.py, patch
`offering-notices`)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError

with workflow.unsafe.imports_passed_through():
    import domain.offering as rules
    import workflows.asset_notices as notices
    import workflows.search_attributes as sa
    from activities.interfaces.offering import NOT_FOUND, OfferingActivities, OfferingFacts, Transition
    from domain.asset_status import OPEN_ICO, progress_bar
    from domain.notices import OFFERING_OPEN

KIND = "offering"
# bounded (~4 minutes): an offering whose calls still fail fails, and the next worker start starts it again
RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=10, non_retryable_error_types=[NOT_FOUND])
TIMEOUT = timedelta(seconds=30)
MIN_SLEEP = timedelta(seconds=1)
# an offering moved to Open ICO starts the AssetNotices of its notify-me subscribers (a child it leaves running)
NOTICES_PATCH = "offering-notices"


@dataclass
class OfferingInput:
    asset_id: int
    recheck_seconds: int = 3600
    rounds_per_run: int = 100
    notices: notices.NoticeTuning = field(default_factory=notices.NoticeTuning)


@dataclass
class OfferingStatus:
    asset_status: str
    next_status: str | None = None
    next_at: str | None = None  # ISO 8601
    reason: str | None = None


def workflow_id(asset_id: int) -> str:
    return f"{KIND}-{asset_id}"


def summary(ticker: str) -> str:
    return f"Offering of {ticker}"


def _at(iso: str | None) -> datetime | None:
    return datetime.fromisoformat(iso) if iso else None


def _when(t: datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


@workflow.defn(name="Offering")
class OfferingWorkflow:
    def __init__(self) -> None:
        self._woken = False
        self._status = OfferingStatus("loading")
        self._step = ""

    @workflow.run
    async def run(self, inp: OfferingInput) -> str:
        for _ in range(inp.rounds_per_run):
            facts: OfferingFacts = await workflow.execute_activity_method(
                OfferingActivities.load, inp.asset_id, start_to_close_timeout=TIMEOUT, retry_policy=RETRY)
            now = workflow.now()
            nxt = rules.next_transition(facts.status, _at(facts.starts), _at(facts.ends), facts.shares_sold,
                                        facts.number_of_shares, now)
            self._show(facts, nxt, inp.recheck_seconds)
            if rules.finished(facts.status):
                return facts.status
            if nxt is not None and nxt.due <= now:
                await workflow.execute_activity_method(
                    OfferingActivities.transition, Transition(inp.asset_id, nxt.from_status, nxt.to_status),
                    start_to_close_timeout=TIMEOUT, retry_policy=RETRY)
                # moved now or by an earlier attempt (False then); moved elsewhere meanwhile (an early-access sale sold
                # it out: Closed ICO), the notices find it not due and send nothing
                if nxt.to_status == OPEN_ICO and workflow.patched(NOTICES_PATCH):
                    await self._notify_subscribers(inp, facts.ticker)
                continue  # re-load: the next round shows (and schedules from) what the database now says
            await self._sleep(nxt, now, inp.recheck_seconds)
        workflow.continue_as_new(inp)

    async def _notify_subscribers(self, inp: OfferingInput, ticker: str) -> None:
        """The notify-me subscribers are told by their own workflow, left running (it may mail thousands): this one
        only waits for it to start. One already running (the api's notice check came first) answers them all."""
        with contextlib.suppress(WorkflowAlreadyStartedError):
            await workflow.start_child_workflow(
                notices.AssetNoticesWorkflow.run, notices.AssetNoticesInput(inp.asset_id, OFFERING_OPEN, inp.notices),
                id=notices.workflow_id(inp.asset_id, OFFERING_OPEN), parent_close_policy=workflow.ParentClosePolicy.ABANDON,
                id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE, static_summary=notices.summary(ticker, OFFERING_OPEN),
                search_attributes=notices.search_attributes(ticker))

    @workflow.signal
    def sold_out(self) -> None:
        """A purchase sold the last share (and closed the offering in its own transaction): re-load now."""
        self._woken = True

    @workflow.query
    def status(self) -> OfferingStatus:
        return self._status

    async def _sleep(self, nxt: rules.Transition | None, now: datetime, recheck_seconds: int) -> None:
        """Until the transition is due, a signal arrives or it is time to re-check; a signal that came in while loading
        is not lost (the flag is only cleared after waking)."""
        wait = timedelta(seconds=recheck_seconds)
        if nxt is not None:
            wait = min(wait, nxt.due - now)
        label = f"until {nxt.to_status}" if nxt is not None and nxt.due - now <= wait else "re-check"
        with contextlib.suppress(TimeoutError):
            await workflow.wait_condition(lambda: self._woken, timeout=max(wait, MIN_SLEEP), timeout_summary=label)
        self._woken = False

    def _show(self, facts: OfferingFacts, nxt: rules.Transition | None, recheck_seconds: int) -> None:
        """The query answer, the Web UI's current details, and the search attributes (upserted only on change)."""
        self._status = OfferingStatus(facts.status, nxt.to_status if nxt else None,
                                      nxt.due.isoformat() if nxt else None, nxt.reason if nxt else None)
        if facts.status != self._step:
            self._step = facts.status
            pairs = [sa.STEP.value_set(facts.status)]
            if workflow.info().typed_search_attributes.get(sa.ASSET_TICKER) is None:
                pairs += [sa.ASSET_TICKER.value_set(facts.ticker), sa.FLOW.value_set(KIND)]
            workflow.upsert_search_attributes(pairs)
        funded = progress_bar(facts.shares_sold, facts.number_of_shares)
        text = (f"{summary(facts.ticker)}: **{facts.status}**, {funded}% funded "
                f"({facts.shares_sold}/{facts.number_of_shares} shares).")
        if rules.finished(facts.status):
            text += " The offering is over."
        elif nxt is None:
            text += f" Nothing scheduled yet (no offering date); re-checked every {recheck_seconds} s."
        else:
            text += f" Next: **{nxt.to_status}** at {_when(nxt.due)} ({nxt.reason})."
        workflow.set_current_details(text)
