"""Sending an Update to a workflow whose last task failed (e.g. its worker crashed) is refused until the task is
retried, and an Update no worker took in time (the worker holding the workflow was killed) times out; callers wait
a little and send it again — with the same Update id, so the server treats the re-send as the same Update, never a
second one — instead of showing the person an error."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import TypeVar

from temporalio.client import WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.service import RPCError, RPCStatusCode

T = TypeVar("T")
TIMEOUT_RESENDS = 5  # each waits for the server's own deadline: together longer than a workflow task's timeout


async def with_ready_retry(call: Callable[[], Awaitable[T]], attempts: int = 40, delay: float = 0.25,
                           resend_timeouts: bool = False, deadline: float | None = None) -> T:
    """`deadline` (time.monotonic()): no re-send after it; the last error is raised."""
    timeouts = 0
    for attempt in range(attempts):
        try:
            return await call()
        except WorkflowUpdateRPCTimeoutOrCancelledError:
            timeouts += 1
            if not resend_timeouts or timeouts > TIMEOUT_RESENDS or _past(deadline):
                raise
        except RPCError as exc:
            if not _not_ready(exc) or attempt == attempts - 1 or _past(deadline):
                raise
        await asyncio.sleep(min(delay * (attempt + 1), 2.0))
    raise AssertionError("unreachable")


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


async def update_once(call: Callable[[str], Awaitable[T]]) -> T:
    """`call(update_id)` sends the Update with that id; it is sent again (same id) while the workflow is not ready
    or no worker took it in time."""
    update_id = uuid.uuid4().hex
    return await with_ready_retry(lambda: call(update_id), resend_timeouts=True)
