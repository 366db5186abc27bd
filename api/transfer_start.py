"""Starting a transfer's workflow (`transfer-{id}`) with its search attributes and summary."""

from __future__ import annotations

from temporalio.common import SearchAttributePair, TypedSearchAttributes

from api.state import AppState
from store.models import Transfer
from workflows import search_attributes as sa
from workflows.transfer import TransferInput, TransferWorkflow, workflow_id


async def start_transfer_workflow(state: AppState, t: Transfer) -> None:
    client = await state.temporal()
    await client.start_workflow(
        TransferWorkflow.run, TransferInput(t.id, t.user_id, state.settings.transfer_poll_seconds), id=workflow_id(t.id),
        task_queue=state.settings.task_queue, static_summary=f"{t.direction.title()} of ${t.amount} for user {t.user_id}",
        search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(t.user_id)),
                                                 SearchAttributePair(sa.FLOW, "transfer"),
                                                 SearchAttributePair(sa.STEP, "submitting")]))
