"""Which errors are a backing service not answering (503 + Retry-After, api/errors.unavailable) rather than a bug
(500): the Temporal answers an order call gets when no worker answers in time. No server: the SDK's exceptions."""

from __future__ import annotations

from temporalio.client import WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.service import RPCError, RPCStatusCode

from api.errors import RETRY_AFTER_SECONDS, ApiError, unavailable


def test_a_workflow_no_worker_answers_is_unavailable() -> None:
    assert unavailable(WorkflowUpdateRPCTimeoutOrCancelledError())  # an Update past its deadline
    assert unavailable(RPCError("Timeout expired", RPCStatusCode.CANCELLED, b""))  # a query past its rpc_timeout
    assert unavailable(RPCError("context deadline exceeded", RPCStatusCode.DEADLINE_EXCEEDED, b""))
    assert unavailable(RPCError("no poller seen for task queue recently, worker may be down",
                                RPCStatusCode.FAILED_PRECONDITION, b""))
    assert unavailable(RPCError("Workflow Task in failed state.", RPCStatusCode.FAILED_PRECONDITION, b""))


def test_other_temporal_refusals_are_not() -> None:
    assert not unavailable(RPCError("workflow not found", RPCStatusCode.NOT_FOUND, b""))
    assert not unavailable(RPCError("bad argument", RPCStatusCode.INVALID_ARGUMENT, b""))
    assert not unavailable(RPCError("some other precondition", RPCStatusCode.FAILED_PRECONDITION, b""))


def test_every_503_says_when_to_send_it_again() -> None:
    assert ApiError(503, "The store is not available right now.").headers == {"Retry-After": str(RETRY_AFTER_SECONDS)}
    assert ApiError(503, "ATS down", headers={"Retry-After": "5"}).headers == {"Retry-After": "5"}
    assert ApiError(409, "moved on").headers is None
