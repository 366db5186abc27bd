"""An Update the api stopped waiting for is refused when a worker takes it later (its id says by when:
clients/temporal_updates.answer_by). The api answered that request 503 + Retry-After ("nothing happened, send it
again"): applied when the worker came back, it would take effect behind the person's back, and their next try a
second time (a step back twice) or be refused as the wrong step. Refused before it is accepted where the Update has
a validator (nothing in the history), else as it starts, before its handler changes anything; workflow time decides,
so a replay decides the same."""

from __future__ import annotations

from typing import Any

from temporalio import workflow
from temporalio.exceptions import ApplicationError
from temporalio.worker import (
    HandleUpdateInput,
    Interceptor,
    WorkflowInboundInterceptor,
    WorkflowInterceptorClassInput,
)

from clients.temporal_updates import TOO_LATE, answer_by

REFUSED = "No answer in time: the request was not applied. Please send it again."


def _refuse_if_late(update_id: str) -> None:
    by = answer_by(update_id)
    if by is not None and workflow.now() > by:
        raise ApplicationError(REFUSED, type=TOO_LATE, non_retryable=True)


class _Inbound(WorkflowInboundInterceptor):
    def handle_update_validator(self, input: HandleUpdateInput) -> None:
        _refuse_if_late(input.id)
        super().handle_update_validator(input)

    async def handle_update_handler(self, input: HandleUpdateInput) -> Any:
        _refuse_if_late(input.id)
        return await super().handle_update_handler(input)


class StaleUpdates(Interceptor):
    def workflow_interceptor_class(self, input: WorkflowInterceptorClassInput) -> type[WorkflowInboundInterceptor]:
        return _Inbound
