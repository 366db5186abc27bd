"""What every flow workflow shares: its FlowState, steps bookkeeping, search attributes and current details.
Composition, not inheritance: each flow workflow owns a FlowCore and declares its own Temporal handlers.
Live updates (docs/flows.md "Live updates"): the api publishes the FlowState an Update returns to the flow's Redis
channel; a change the workflow makes by itself (a signal, a timer, a child's or an activity's result, the idle close)
it publishes itself, `publish` (PUBLISH), to the same channel: every change reaches the open SSE streams."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    import workflows.keys as keys
    import workflows.search_attributes as sa
    from activities.interfaces.live import FlowPublication, LiveActivities
    from domain.flow import Step, by_id, first_step, next_step, previous_step, step_views

ACTIVE, WAITING, COMPLETED, CLOSED, FAILED = "active", "waiting", "completed", "closed", "failed"
STATE_QUERY = "state"  # every flow workflow answers it with its FlowState
SERVE_V2 = "flow-serve-v2"  # one idle timer per idle period; the step search attribute follows within a moment
STEP_SHOWN_AFTER = timedelta(seconds=2)
SERIAL = "flow-serial-updates"  # one Update at a time; a step submitted again while it runs is refused
CONTINUE_AS_NEW = "flow-continue-as-new"  # after `updates_per_run` Updates (or when the server suggests it)
PUBLISH = "publish-flow-state"  # the workflow publishes the changes it makes by itself (and the idle close is one)
PUBLISH_LIMIT = timedelta(seconds=5)
PUBLISH_RETRY = RetryPolicy(initial_interval=timedelta(milliseconds=200), maximum_interval=timedelta(seconds=1),
                            maximum_attempts=3)
CALL_FAILED = "We could not save this step just now. Please try again in a moment."
REFUSALS = ("InvalidStep", "WrongStep", "FlowEnded", "NotReady")  # what the api answers with 422 / 409
FLOW_ENDED = "This flow has ended."  # a step sent to an ended flow, its workflow running or closed (api/routes/flows.py)


@dataclass
class FlowError:
    title: str
    message: str
    action: str | None = None  # where the browser should go to fix it (e.g. /app/document)


@dataclass
class FlowState:
    flow_id: str
    kind: str
    status: str
    step: str
    steps: list[dict[str, str]]
    values: dict[str, Any]
    context: dict[str, Any]
    waiting_for: str | None
    result: dict[str, Any] | None
    error: FlowError | None
    version: int


@dataclass
class StepSubmission:
    step: str
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass
class FlowSnapshot:
    """What a flow carries into its next run when it continues as new (the rest is in the workflow's input)."""

    instance: str
    facts: dict[str, Any]
    values: dict[str, dict[str, Any]]
    context: dict[str, Any]
    done: list[str]
    step: str
    status: str
    waiting_for: str | None
    result: dict[str, Any] | None
    error: FlowError | None
    version: int
    shown: str
    last_change: str  # ISO 8601
    extra: dict[str, Any] = field(default_factory=dict)  # the workflow's own (e.g. the chosen bank account type)


def wrong_step(expected: str) -> ApplicationError:
    return ApplicationError("This step is no longer the current one; the flow moved on.", {"step": expected},
                            type="WrongStep", non_retryable=True)


def invalid(errors: dict[str, str], message: str = "Please correct the highlighted fields.") -> ApplicationError:
    return ApplicationError(message, errors, type="InvalidStep", non_retryable=True)


class FlowCore:
    def __init__(self, kind: str, steps: Sequence[Step]) -> None:
        self.kind, self.steps = kind, steps
        self.facts: dict[str, Any] = {}
        self.values: dict[str, dict[str, Any]] = {}
        self.context: dict[str, Any] = {}
        self.done: set[str] = set()
        self.step = ""
        self.status = ACTIVE
        self.waiting_for: str | None = None
        self.result: dict[str, Any] | None = None
        self.error: FlowError | None = None
        self.version = 0
        self.ready = False
        self._v2: bool | None = None  # SERVE_V2, asked once per run
        self.shown = ""  # the step the search attribute shows
        self.last_change = datetime.min.replace(tzinfo=UTC)
        self.lock = asyncio.Lock()
        self.busy: str | None = None  # the step whose submission is running now
        self.updates = 0  # Updates handled in this run
        self.cap: int | None = None  # continue as new after this many Updates
        self._serial: bool | None = None  # SERIAL, asked once per run
        self._instance = ""

    @property
    def instance(self) -> str:
        """This flow execution's business identity, the stem of its idempotency keys (workflows/keys.py)."""
        if not self._instance:
            self._instance = keys.execution()
        return self._instance

    def key(self, purpose: str) -> str:
        """An idempotency key for one request of this flow: the same for a retry, a replay or after a Reset."""
        return f"{self.instance}:{purpose}"

    def begin(self) -> None:
        self.step = first_step(self.steps, self.facts)

    def check(self, sub: StepSubmission) -> None:
        """Update validator: the flow is ready, this is the current step, and its rules (domain/) pass."""
        if not self.ready:
            raise ApplicationError("The flow is starting, try again.", type="NotReady")
        if self.status in (COMPLETED, FAILED):
            raise ApplicationError(FLOW_ENDED, type="FlowEnded", non_retryable=True)
        if sub.step != self.step or sub.step == self.busy:  # the same step again while it runs: it runs once
            raise wrong_step(self.step)
        spec = by_id(self.steps, sub.step)
        assert spec is not None
        errors = spec.validate(sub.fields, self.facts)
        if errors:
            raise invalid(errors)

    def fields_of(self, sub: StepSubmission) -> dict[str, Any]:
        spec = by_id(self.steps, sub.step)
        assert spec is not None
        return {k: sub.fields[k] for k in spec.fields if k in sub.fields}

    def advance(self) -> None:
        self.done.add(self.step)
        nxt = next_step(self.steps, self.step, self.facts)
        if nxt is not None:
            self.step = nxt

    def back(self) -> None:
        """To the previous step that applies, never into one whose effect cannot be undone (a linked bank)."""
        locked = set(self.facts.get("locked_steps", ()))
        prev = previous_step(self.steps, self.step, self.facts)
        while prev is not None and prev in locked:
            prev = previous_step(self.steps, prev, self.facts)
        if prev is not None:
            self.step = prev

    def state(self) -> FlowState:
        return FlowState(
            flow_id=workflow.info().workflow_id, kind=self.kind, status=self.status, step=self.step,
            steps=step_views(self.steps, self.step, self.facts, self.done), values=self.values.get(self.step, {}),
            context=self.context.get(self.step, {}) if isinstance(self.context.get(self.step), dict) else {},
            waiting_for=self.waiting_for, result=self.result, error=self.error, version=self.version)

    async def changed(self) -> FlowState:
        """After every change: bump the version and tell ops (current details at once; the step search attribute
        at once when the flow comes to rest or ends, else once the investor has stayed on the step a moment)."""
        self.version += 1
        self.last_change = workflow.now()
        if not self.v2 or self.status != ACTIVE or not self.shown:
            self._show_step()
        waits = f"; waiting for {self.waiting_for}" if self.waiting_for else "; waiting for the investor"
        workflow.set_current_details(f"Step **{self.step}** ({self.status}){waits}. Version {self.version}.")
        return self.state()

    def _show_step(self) -> None:
        if not self.v2 or self.shown != self.step:  # before the patch: an upsert after every change
            workflow.upsert_search_attributes([sa.STEP.value_set(self.step)])
            self.shown = self.step

    @property
    def v2(self) -> bool:
        """Whether this run follows SERVE_V2 (runs started before it replay the old commands)."""
        if self._v2 is None:
            self._v2 = workflow.patched(SERVE_V2)
        return self._v2

    @contextlib.asynccontextmanager
    async def turn(self, step: str | None = None) -> AsyncIterator[None]:
        """One Update at a time (SERIAL): a handler waits for the one before it to finish (an activity it awaits
        included), and a submission of a step that is running already, or that is no longer current once its turn
        comes, is refused as the wrong step — so a step runs once however many times it is submitted."""
        self.updates += 1
        if not self.serial:  # runs started before the patch replay as they ran
            yield
            return
        if step is not None:
            if step == self.busy:
                raise wrong_step(self.step)
            self.busy = step
        try:
            async with self.lock:
                if step is not None and step != self.step:
                    raise wrong_step(self.step)
                yield
        finally:
            if step is not None:
                self.busy = None

    async def guard(self, body: Awaitable[FlowState],
                    changed: Callable[[], Awaitable[FlowState]] | None = None) -> FlowState:
        """A step whose call gave up after its bounded retries (database or provider down) stays where it was with
        an error the investor sees ("Something went wrong", submit again); refusals pass through to the api.
        (Part of SERIAL: runs from before it replay their failed Update as it failed.)"""
        if not self.serial:
            return await body
        try:
            return await body
        except ActivityError:
            pass
        except ApplicationError as exc:
            if exc.type in REFUSALS:
                raise
        workflow.logger.warning("flow %s: step %s failed after its retries", workflow.info().workflow_id, self.step)
        self.error = FlowError("Something went wrong", CALL_FAILED)
        return await (changed or self.changed)()

    @property
    def serial(self) -> bool:
        if self._serial is None:
            self._serial = workflow.patched(SERIAL)
        return self._serial

    def snapshot(self, extra: dict[str, Any] | None = None) -> FlowSnapshot:
        return FlowSnapshot(self.instance, self.facts, self.values, self.context, sorted(self.done), self.step,
                            self.status, self.waiting_for, self.result, self.error, self.version, self.shown,
                            self.last_change.isoformat(), extra or {})

    def restore(self, s: FlowSnapshot) -> None:
        """The state the previous run continued as new with."""
        self._instance, self.facts, self.values, self.context = s.instance, s.facts, s.values, s.context
        self.done, self.step, self.status, self.waiting_for = set(s.done), s.step, s.status, s.waiting_for
        self.result, self.error, self.version, self.shown = s.result, s.error, s.version, s.shown
        self.last_change = datetime.fromisoformat(s.last_change)

    def continue_due(self, updates_per_run: int | None) -> bool:
        """Time to continue as new: this run handled `updates_per_run` Updates (the server refuses more than 2000 in
        one run) or its history grew large enough for the server to suggest it."""
        return updates_per_run is not None and (self.updates >= updates_per_run
                                                or workflow.info().is_continue_as_new_suggested())

    async def call(self, method: Any, arg: Any, limit: timedelta, retry: RetryPolicy) -> Any:
        """A short call (a database read or write, a provider request): a local activity, run by this worker within
        the same workflow task, no round trip through the server; before SERVE_V2 it was a server activity.
        A failure is raised as an ApplicationError carrying the activity's message and type, whichever way it ran."""
        try:
            if self.v2:
                return await workflow.execute_local_activity_method(method, arg, start_to_close_timeout=limit,
                                                                    retry_policy=retry)
            return await workflow.execute_activity_method(method, arg, start_to_close_timeout=limit, retry_policy=retry)
        except ActivityError as exc:
            cause = exc.cause
            if isinstance(cause, ApplicationError):
                raise ApplicationError(cause.message, *cause.details, type=cause.type, non_retryable=True) from None
            raise ApplicationError(str(cause or exc), type="CallFailed", non_retryable=True) from None

    async def serve(self, idle_timeout_seconds: int, updates_per_run: int | None = None) -> dict[str, Any] | None:
        """The body of every flow's run(): wait for the person until the flow ends or sits idle too long.
        One idle timer per idle period, not one per step: it is re-armed only when it fires early.
        None: continue as new (`updates_per_run` reached), every handler finished; the caller carries `snapshot()`."""
        self.ready = True
        await self.changed()
        if not self.v2:
            return await self._serve_v1(idle_timeout_seconds)
        idle = timedelta(seconds=idle_timeout_seconds)
        self.cap = updates_per_run
        while not self._ended():
            if self.continue_due(self.cap):
                await workflow.wait_condition(workflow.all_handlers_finished)
                if self._ended():
                    break
                if workflow.patched(CONTINUE_AS_NEW):
                    return None
                self.cap = None  # a run from before the patch replays as it ran
                continue
            if self.shown != self.step:  # the investor moved on: show the step once they stay on it a moment
                await self._quiet(STEP_SHOWN_AFTER)
                self._show_step()
                continue
            remaining = self.last_change + idle - workflow.now()
            if remaining <= timedelta(0):
                self.status, self.result = CLOSED, {"outcome": "idle"}
                self._show_step()
                if workflow.patched(PUBLISH):  # before it, an idle close was no new version and reached no stream
                    await self.publish(await self.changed())
                break
            await self._quiet(remaining, lambda: self.shown != self.step or self.continue_due(self.cap))
        await workflow.wait_condition(workflow.all_handlers_finished)
        return self.result or {"outcome": self.status}

    def _ended(self) -> bool:
        return self.status in (COMPLETED, FAILED)

    async def publish(self, state: FlowState) -> None:
        """A FlowState the workflow changed by itself, not in an Update (whose answer the api publishes), to the
        flow's open SSE streams through Redis: a local activity, a few short attempts, best-effort — a stream that
        missed it reads the state again when it reconnects, and a failed publish never fails the flow. Runs from
        before PUBLISH publish nothing (their histories replay without it)."""
        if not workflow.patched(PUBLISH):
            return
        try:
            await workflow.execute_local_activity_method(
                LiveActivities.publish_flow, FlowPublication(state.flow_id, asdict(state)),
                start_to_close_timeout=PUBLISH_LIMIT, retry_policy=PUBLISH_RETRY)
        except ActivityError:
            workflow.logger.warning("flow %s: version %s not published", state.flow_id, state.version)

    async def _quiet(self, period: timedelta, wake: Callable[[], bool] = lambda: False) -> None:
        with contextlib.suppress(TimeoutError):
            await workflow.wait_condition(lambda: self._ended() or wake(), timeout=period)

    async def _serve_v1(self, idle_timeout_seconds: int) -> dict[str, Any]:
        """Flows started before SERVE_V2 (their histories replay through this): a new idle timer after every change."""
        while not self._ended():
            try:
                await workflow.wait_condition(self._moved(self.version), timeout=timedelta(seconds=idle_timeout_seconds))
            except TimeoutError:
                self.status, self.result = CLOSED, {"outcome": "idle"}
                break
        await workflow.wait_condition(workflow.all_handlers_finished)
        return self.result or {"outcome": self.status}

    def _moved(self, version: int) -> Callable[[], bool]:
        return lambda: self.version != version or self.status in (COMPLETED, FAILED)

    async def go_back(self) -> FlowState:
        self.back()
        self.error = None
        return await self.changed()

    async def reopen(self) -> FlowState:
        """The browser (re)opens the flow: it continues where it was."""
        await workflow.wait_condition(lambda: self.ready)
        if self.status == CLOSED:
            self.status = ACTIVE
            return await self.changed()
        return self.state()

    async def close(self) -> FlowState:
        if self.status == ACTIVE:
            self.status = CLOSED
        return await self.changed()


class FlowWorkflow:
    """The handlers every flow workflow has in common (a workflow class inherits them; it owns `self.flow`)."""

    flow: FlowCore

    @workflow.update
    async def back(self) -> FlowState:
        async with self.flow.turn():
            return await self.flow.go_back()

    @workflow.update
    async def open(self) -> FlowState:
        async with self.flow.turn():
            return await self.flow.reopen()

    @workflow.update
    async def close(self) -> FlowState:
        async with self.flow.turn():
            return await self.flow.close()

    @workflow.query(name=STATE_QUERY)
    def state(self) -> FlowState:
        return self.flow.state()
