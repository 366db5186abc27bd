"""Sending an Update to a workflow whose last task failed (e.g. its worker crashed) is refused until the task is
retried, and an Update no worker took in time (the worker holding the workflow was killed) times out; callers wait
a little and send it again — with the same Update id, so the server treats the re-send as the same Update, never a
second one — instead of showing the person an error. All of it within one wait: no worker answering by then, the
api answers 503 + Retry-After (api/errors.unavailable; docs/errors.md "While no worker answers"). The Update's id
says by when it must be taken (`answer_by`): a worker that comes back later refuses it (worker/stale_updates.py), so
a 503 means nothing happened and the person's next try is the one that takes effect."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from temporalio.client import WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode
from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_incrementing

T = TypeVar("T")
TIMEOUT_RESENDS = 5  # without a deadline: each waits for the server's own, together longer than a task's timeout
# one send's RPC deadline: below the server's 20 s long poll, so the RPC's own deadline ends it (past the long poll the
# server answers "not yet" and the SDK sends it again by itself, forever)
SEND_SECONDS = 15.0
# an Update must be taken this long before the api stops waiting (at most), so one taken in time reaches the api
ANSWER_MARGIN_SECONDS = 1.0
TOO_LATE = "TooLate"  # the ApplicationError type of an Update refused for coming after its answer_by
_BY = "-by-"


async def with_ready_retry(call: Callable[[], Awaitable[T]], attempts: int = 40, delay: float = 0.25,
                           resend_timeouts: bool = False, deadline: float | None = None) -> T:
    """`call` again, after `delay`, `2 × delay` … (at most 2 s) while the workflow is not ready (and, with
    `resend_timeouts`, while no worker took the Update in time), `attempts` tries at most. `deadline`
    (time.monotonic()): no re-send after it. The last error is raised."""
    timeouts = 0

    def again(exc: BaseException) -> bool:
        nonlocal timeouts
        if _past(deadline):
            return False
        if isinstance(exc, WorkflowUpdateRPCTimeoutOrCancelledError):
            timeouts += 1
            return resend_timeouts and (deadline is not None or timeouts <= TIMEOUT_RESENDS)
        return isinstance(exc, RPCError) and _not_ready(exc)

    async for attempt in AsyncRetrying(retry=retry_if_exception(again), stop=stop_after_attempt(attempts),
                                       wait=wait_incrementing(start=delay, increment=delay, max=2.0), reraise=True):
        with attempt:
            return await call()
    raise AssertionError("unreachable: the last attempt's error is raised")


def _not_ready(exc: RPCError) -> bool:
    """The server's WorkflowNotReadyFailure: the workflow's last task failed ("Workflow Task in failed state"), or
    the task carrying this Update failed or timed out under it ("unexpected workflow task failure", e.g. its worker
    answered a task the server had already given up on). Both pass once the task is retried."""
    if exc.status != RPCStatusCode.FAILED_PRECONDITION:
        return False
    try:
        types = [d.type_url for d in exc.grpc_status.details]
    except Exception:  # noqa: BLE001 - an unparsable status: judge by the message alone
        types = []
    return (any(t.endswith("WorkflowNotReadyFailure") for t in types)
            or "Workflow Task in failed state" in exc.message)


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.monotonic() >= deadline


def with_answer_by(update_id: str, answer_by: datetime) -> str:
    """The Update id that carries by when a worker must take it (milliseconds since the epoch)."""
    return f"{update_id}{_BY}{int(answer_by.timestamp() * 1000)}"


def answer_by(update_id: str) -> datetime | None:
    """By when the Update must be taken, if its id says so (`with_answer_by`)."""
    _, by, ms = update_id.rpartition(_BY)
    return datetime.fromtimestamp(int(ms) / 1000, UTC) if by and ms.isdigit() else None


async def update_once(call: Callable[[str, timedelta], Awaitable[T]], wait: float, update_id: str | None = None) -> T:
    """`call(update_id, rpc_timeout)` sends the Update with that id and RPC deadline; it is sent again (same id) while
    the workflow is not ready or no worker took it in time, for `wait` seconds in all. Then the last timeout is raised
    (WorkflowUpdateRPCTimeoutOrCancelledError, or TimeoutError where the SDK itself waits without a deadline: the
    answer of an accepted Update, an update-with-start) — both answered 503 + Retry-After by the api. Without an
    `update_id` of the caller's (a business key, the same for the person's next try), the id is new and carries its
    answer_by: a worker that takes it later refuses it."""
    deadline = time.monotonic() + wait
    uid = update_id or with_answer_by(uuid.uuid4().hex, datetime.now(UTC) + timedelta(
        seconds=wait - min(ANSWER_MARGIN_SECONDS, wait / 4)))

    def left() -> timedelta:
        return timedelta(seconds=min(SEND_SECONDS, max(0.5, deadline - time.monotonic())))

    try:
        async with asyncio.timeout(wait):
            return await with_ready_retry(lambda: call(uid, left()), resend_timeouts=True, deadline=deadline)
    except WorkflowUpdateFailedError as exc:
        if isinstance(exc.cause, ApplicationError) and exc.cause.type == TOO_LATE:  # clocks apart: as no answer
            raise TimeoutError(exc.cause.message) from None
        raise
