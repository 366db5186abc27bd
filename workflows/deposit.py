"""A deposit started from a flow step (fund-account's transfer, a purchase's shortfall): the deposit is opened
(ledger + payment provider, idempotent on `key`) and its transfer workflow started as an abandoned child, findable
as `transfer-{id}`."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import ActivityError, ApplicationError, WorkflowAlreadyStartedError
from temporalio.workflow import ParentClosePolicy

with workflow.unsafe.imports_passed_through():
    import workflows.search_attributes as sa
    from activities.interfaces.funding import FundingActivities, OpenDeposit
    from workflows.flow_core import FlowCore, FlowError
    from workflows.transfer import TransferInput, TransferWorkflow
    from workflows.transfer import workflow_id as transfer_id

# The purchase's shortfall deposit is opened through `flow.call` (a local activity once SERVE_V2 applies); purchases
# that reached it before this patch opened it as a server activity and replay that way. Fund-account always used
# `flow.call` and asks nothing.
PURCHASE_DEPOSIT_LOCAL = "purchase-deposit-local"


async def start_deposit(flow: FlowCore, user_id: int, amount: str, key: str, poll_seconds: int, retry: RetryPolicy,
                        summary: str, *, activity_timeout_seconds: float = 30.0,
                        server_activity: bool = False) -> workflow.ChildWorkflowHandle[Any, str] | None:
    """The transfer workflow's handle, and `flow.facts["transfer"]`; None when the deposit was refused
    (`flow.error` says why) or when its transfer workflow is running already (no error: a Reset replayed the step;
    the key found the deposit opened before, so nothing is opened twice). `server_activity`: the purchase's
    commands before PURCHASE_DEPOSIT_LOCAL."""
    request, timeout = OpenDeposit(user_id, amount, key), timedelta(seconds=activity_timeout_seconds)
    try:
        if server_activity:
            transfer: int = await workflow.execute_activity_method(
                FundingActivities.open_deposit, request, start_to_close_timeout=timeout, retry_policy=retry)
        else:
            transfer = await flow.call(FundingActivities.open_deposit, request, timeout, retry)
    except ApplicationError as exc:
        flow.error = FlowError("Transfer not started", exc.message or "Something went wrong")
        return None
    except ActivityError as exc:
        flow.error = FlowError("Transfer not started", str(getattr(exc.cause, "message", "")) or "Something went wrong")
        return None
    flow.facts["transfer"] = {"id": transfer, "amount": amount}
    try:
        return await workflow.start_child_workflow(
            TransferWorkflow.run, TransferInput(transfer, user_id, poll_seconds,
                                                activity_timeout_seconds=activity_timeout_seconds), id=transfer_id(transfer),
            parent_close_policy=ParentClosePolicy.ABANDON, static_summary=summary,
            search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(user_id)),
                                                     SearchAttributePair(sa.FLOW, "transfer")]))
    except WorkflowAlreadyStartedError:
        return None
