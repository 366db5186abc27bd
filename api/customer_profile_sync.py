"""Starting the payment customer's profile sync from the api (workflows/customer_profile_sync.py): a new workflow
per investor, or — when one is running — a `changed` signal to it (signal-with-start), so the newest details win."""

from __future__ import annotations

from temporalio.common import SearchAttributePair, TypedSearchAttributes, WorkflowIDConflictPolicy, WorkflowIDReusePolicy

from api.state import AppState
from workflows import search_attributes as sa
from workflows.customer_profile_sync import FLOW, CustomerProfileSyncWorkflow, ProfileSyncInput, workflow_id


async def sync_customer_profile(state: AppState, user_id: int) -> None:
    client = await state.temporal()
    await client.start_workflow(
        CustomerProfileSyncWorkflow.run, ProfileSyncInput(user_id), id=workflow_id(user_id),
        task_queue=state.settings.task_queue,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE, id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        start_signal=CustomerProfileSyncWorkflow.changed.__name__,
        search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(user_id)),
                                                 SearchAttributePair(sa.FLOW, FLOW),
                                                 SearchAttributePair(sa.STEP, "sending-1")]),
        static_summary=f"Payment customer profile sync of user {user_id}")
