"""How the order workflow runs a step's activity (workflows/trading/order_steps.py): as a server activity, or one local
try first (patches SETTLE_LOCAL, HOLD_PLACE_LOCAL), and what a failure says. Deterministic workflow code."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError, FailureError

with workflow.unsafe.imports_passed_through():
    import activities.interfaces.trading as T
    import workflows.trading.order_types as O
    from workflows.trading.order_patches import OrderPatches
    from workflows.trading.order_retries import LEDGER_RETRY, LOCAL_TRY


# a local try's bound (`run_local_first`), as a share of the workflow task's timeout (10 s by default): the SDK
# heartbeats a task still open at 80 % of it, and the task's own activation comes first
LOCAL_SHARE = 0.4


def cause_of(exc: FailureError) -> tuple[str | None, list[Any]]:
    """The ApplicationError type and details an activity failed with: the ActivityError's cause, or the failure itself
    (a local activity's failure replayed from its marker comes without the ActivityError around it: temporalio 1.19)."""
    cause = exc.cause if isinstance(exc, ActivityError) else exc
    if isinstance(cause, ApplicationError):
        return cause.type, list(cause.details)
    return None, []


def ats_code(exc: ActivityError) -> str:
    kind, details = cause_of(exc)
    return str(details[0]) if kind == T.ATS_REJECTED and details else "ATS_UNAVAILABLE"


class OrderCalls:
    """The order's activity calls: the order's timings and its run's patch decisions."""

    def __init__(self, inp: O.OrderInput, patches: OrderPatches) -> None:
        self._inp = inp
        self._patches = patches

    async def run(self, name: str, arg: Any, result_type: type, retry: RetryPolicy = LEDGER_RETRY) -> Any:
        """One server activity. Not a local one: an Update handler runs its own steps beside the main loop, and a
        local activity resolved beside them replays in another order than it ran (a nondeterminism error found by
        the chaos test: "Update machine does not handle this event: ActivityTaskScheduled"). The exceptions (the
        settle pass, the first hold and placement: while no handler runs, bounded inside its task) go through
        `run_local_first`."""
        timeout = timedelta(seconds=self._inp.timings.activity_timeout_seconds)
        return await workflow.execute_activity(name, arg, start_to_close_timeout=timeout, retry_policy=retry,
                                               result_type=result_type)

    async def run_local_first(self, patch: str, name: str, arg: Any, result_type: type, final: tuple[str, ...],
                              retry: RetryPolicy = LEDGER_RETRY) -> Any:
        """One local try of the activity when no Update handler is running and `patch` is on (none starts beside it:
        bounded to LOCAL_SHARE of the workflow task's timeout, it ends inside the task that started it, before the SDK
        would heartbeat the task and let new events in); one that did not end in time or failed other than with a
        `final` type runs again as the server activity with `retry` (the activity idempotent on its business keys).
        A `final` failure is raised: an ActivityError, or replayed from the marker the ApplicationError alone."""
        if workflow.all_handlers_finished() and self._patches.on(patch):
            bound = min(timedelta(seconds=self._inp.timings.activity_timeout_seconds),
                        workflow.info().task_timeout * LOCAL_SHARE)
            try:
                return await workflow.execute_local_activity(name, arg, start_to_close_timeout=bound,
                                                             retry_policy=LOCAL_TRY, result_type=result_type)
            except FailureError as exc:  # an ActivityError; replayed from the marker, its cause alone (e.g. a timeout)
                if cause_of(exc)[0] in final:
                    raise
                workflow.logger.warning("order %s: the local %s did not end within %s (%s): run as an activity",
                                        self._inp.order_id, name, bound, exc)
        return await self.run(name, arg, result_type, retry)
