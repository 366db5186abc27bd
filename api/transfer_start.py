"""Starting a transfer's workflow (`transfer-{id}`) with its search attributes and summary, and waiting until the
workflow has initiated the transfer (the ledger's pending entry, the withdrawal check under the user's lock)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.common import SearchAttributePair, TypedSearchAttributes, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from api.state import AppState
from store.ledger import lock_user
from store.models import Transfer
from store.transfers import REFUSED, REQUESTED, refuse
from workflows import search_attributes as sa
from workflows.transfer import TransferInput, TransferWorkflow, workflow_id

log = logging.getLogger("vitrine.api")
NOT_STARTED = "The transfer could not be started."


async def start_transfer_workflow(state: AppState, t: Transfer, *, initiate: bool = False) -> None:
    """Starts `transfer-{id}` once (a second start of the same transfer, even after it closed, starts nothing)."""
    client = await state.temporal()
    with contextlib.suppress(WorkflowAlreadyStartedError):
        await client.start_workflow(
            TransferWorkflow.run, TransferInput(t.id, t.user_id, state.settings.transfer_poll_seconds, initiate=initiate,
                                               activity_timeout_seconds=state.settings.activity_timeout_seconds),
            id=workflow_id(t.id), task_queue=state.settings.task_queue, id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE,
            static_summary=f"{t.direction.title()} of ${t.amount} for user {t.user_id}",
            search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(t.user_id)),
                                                     SearchAttributePair(sa.FLOW, "transfer"),
                                                     SearchAttributePair(sa.STEP, "submitting")]))


async def initiated(state: AppState, db: AsyncSession, t: Transfer) -> str | None:
    """Runs the requested transfer's workflow until it initiated the transfer: None then, or the spec's message
    when it was refused. A workflow that could not start or answer in time leaves the transfer refused (under the
    user's lock, so the workflow cannot initiate it afterwards) and raises TimeoutError."""
    if t.status == REQUESTED:
        try:
            await start_transfer_workflow(state, t, initiate=True)
            handle = (await state.temporal()).get_workflow_handle(workflow_id(t.id))
            await asyncio.wait_for(handle.execute_update(TransferWorkflow.opened),
                                   state.settings.money_workflow_wait_seconds)
        except (RPCError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError, TimeoutError) as exc:
            # closed already (refused at once), or not answering in time
            log.info("transfer %s: no answer from its workflow (%r); reading the row", t.id, exc)
        await lock_user(db, t.user_id)
        await db.refresh(t)
        if t.status == REQUESTED:
            await refuse(db, t, NOT_STARTED)
            raise TimeoutError(NOT_STARTED)
        await db.commit()
    return t.failure_reason if t.failure_code == REFUSED else None
