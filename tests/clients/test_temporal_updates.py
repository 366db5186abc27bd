"""An Update sent while the workflow is not ready (its task failed, or the task carrying the Update failed under it)
is sent again, with the same id, until it is answered; any other refusal reaches the caller at once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from google.protobuf.any_pb2 import Any as AnyProto
from temporalio.api.common.v1 import GrpcStatus
from temporalio.api.errordetails.v1 import WorkflowNotReadyFailure
from temporalio.service import RPCError, RPCStatusCode

from clients.temporal_updates import SEND_SECONDS, answer_by, update_once, with_answer_by, with_ready_retry


def _not_ready(message: str) -> RPCError:
    detail = AnyProto()
    detail.Pack(WorkflowNotReadyFailure())
    status = GrpcStatus(code=RPCStatusCode.FAILED_PRECONDITION, message=message, details=[detail])
    return RPCError(message, RPCStatusCode.FAILED_PRECONDITION, status.SerializeToString())


class Flaky:
    def __init__(self, *errors: RPCError) -> None:
        self.errors = list(errors)
        self.calls = 0

    async def __call__(self) -> str:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return "done"


@pytest.mark.parametrize("message", [
    "Unable to perform workflow execution update due to unexpected workflow task failure.",  # seen in CI under load
    "Workflow Task in failed state.",
])
async def test_a_not_ready_workflow_gets_the_update_again(message: str) -> None:
    call = Flaky(_not_ready(message), _not_ready(message))
    assert await with_ready_retry(call, delay=0.01) == "done"
    assert call.calls == 3


async def test_an_old_server_without_details_is_judged_by_its_message() -> None:
    bare = RPCError("Workflow Task in failed state.", RPCStatusCode.FAILED_PRECONDITION, b"")
    call = Flaky(bare)
    assert await with_ready_retry(call, delay=0.01) == "done"


async def test_other_refusals_are_not_retried() -> None:
    other = RPCError("namespace rate limit", RPCStatusCode.FAILED_PRECONDITION, b"")
    call = Flaky(other)
    with pytest.raises(RPCError, match="rate limit"):
        await with_ready_retry(call, delay=0.01)
    assert call.calls == 1


async def test_an_update_nobody_answers_ends_at_its_wait_with_its_id_unchanged() -> None:
    """The SDK waits without a deadline for an accepted Update's answer: the wait ends it (the api: 503)."""
    sent: list[tuple[str, float]] = []

    async def never(update_id: str, rpc_timeout: timedelta) -> str:
        sent.append((update_id, rpc_timeout.total_seconds()))
        await asyncio.Event().wait()
        return "never"

    with pytest.raises(TimeoutError):
        await update_once(never, 0.2)
    assert len(sent) == 1 and sent[0][1] <= SEND_SECONDS, sent
    by = answer_by(sent[0][0])
    assert by is not None and by <= datetime.now(UTC), sent  # taken later by a worker: refused (too late)


def test_an_id_of_the_callers_own_carries_no_answer_by() -> None:
    assert answer_by("submit-3efb7f4c-e7f0-5d34-953c-59b3bb8feeeb") is None
    stamp = datetime(2026, 11, 27, 12, 0, 0, 250000, tzinfo=UTC)
    assert answer_by(with_answer_by("abc", stamp)) == stamp
