"""A deposit started from a flow step (fund-account's transfer, a purchase's shortfall): the deposit is opened
(ledger + payment provider, idempotent on `key`) and its transfer workflow started as an abandoned child, findable
as `transfer-{id}`."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import ApplicationError
from temporalio.workflow import ParentClosePolicy

with workflow.unsafe.imports_passed_through():
    from activities.funding import FundingActivities, OpenDeposit
    from workflows import search_attributes as sa
    from workflows.flow_core import FlowCore, FlowError
    from workflows.transfer import TransferInput, TransferWorkflow
    from workflows.transfer import workflow_id as transfer_id


async def start_deposit(flow: FlowCore, user_id: int, amount: str, key: str, poll_seconds: int, retry: RetryPolicy,
                        summary: str) -> workflow.ChildWorkflowHandle[Any, str] | None:
    """The transfer workflow's handle, and `flow.facts["transfer"]`; None when the deposit was refused
    (`flow.error` says why)."""
    try:
        transfer: int = await flow.call(FundingActivities.open_deposit, OpenDeposit(user_id, amount, key),
                                        timedelta(seconds=30), retry)
    except ApplicationError as exc:
        flow.error = FlowError("Transfer not started", exc.message or "Something went wrong")
        return None
    handle = await workflow.start_child_workflow(
        TransferWorkflow.run, TransferInput(transfer, user_id, poll_seconds), id=transfer_id(transfer),
        parent_close_policy=ParentClosePolicy.ABANDON, static_summary=summary,
        search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(user_id)),
                                                 SearchAttributePair(sa.FLOW, "transfer")]))
    flow.facts["transfer"] = {"id": transfer, "amount": amount}
    return handle
