"""Starting and addressing the e-mail verification workflow from the api."""

from __future__ import annotations

import logging

from temporalio.common import SearchAttributePair, TypedSearchAttributes, WorkflowIDConflictPolicy, WorkflowIDReusePolicy

from api.state import AppState
from workflows import search_attributes as sa
from workflows.email_verification import EmailVerificationInput, EmailVerificationWorkflow, workflow_id

log = logging.getLogger("vitrine.api")


async def start_email_verification(state: AppState, user_id: int, email_id: int, *, resend: bool = False) -> None:
    """Starts the verification (or, if one is running, asks it to send the mail again)."""
    client = await state.temporal()
    s = state.settings
    await client.start_workflow(
        EmailVerificationWorkflow.run,
        EmailVerificationInput(user_id, email_id, s.email_reminder_after_seconds, s.email_key_expires_after_seconds,
                               activity_timeout_seconds=s.activity_timeout_seconds),
        id=workflow_id(email_id),
        task_queue=s.task_queue,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
        id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        start_signal="resend" if resend else None,
        search_attributes=TypedSearchAttributes([
            SearchAttributePair(sa.USER_ID, str(user_id)),
            SearchAttributePair(sa.FLOW, "email-verification"),
            SearchAttributePair(sa.STEP, "sending"),
        ]),
        static_summary=f"E-mail verification of user {user_id} (e-mail #{email_id})",
    )
