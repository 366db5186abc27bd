"""The flow kinds the browser can drive, and how each maps to its workflow (id, input, search attributes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from config import Settings
from store.models import User
from workflows import document_upload, fund_account, onboarding
from workflows.bank_steps import BankLinkTimings


@dataclass(frozen=True)
class FlowKind:
    name: str
    workflow: Any  # the workflow class
    workflow_type: str
    make_id: Callable[[User], str]
    make_input: Callable[[User, Settings], Any]
    summary: Callable[[User], str]


KINDS: dict[str, FlowKind] = {
    "onboarding": FlowKind(
        "onboarding", onboarding.OnboardingWorkflow, "Onboarding", lambda u: onboarding.workflow_id(u.id),
        lambda u, s: onboarding.OnboardingInput(u.id, s.enabled_states, s.migration_flag, BankLinkTimings(
            s.micro_deposit_poll_seconds, s.micro_deposit_reminder_seconds, s.micro_deposit_expiry_seconds)),
        lambda u: f"Onboarding wizard of user {u.id}"),
    "fund-account": FlowKind(
        "fund-account", fund_account.FundAccountWorkflow, "FundAccount", lambda u: fund_account.workflow_id(u.id),
        lambda u, s: fund_account.FundAccountInput(u.id, s.transfer_poll_seconds, BankLinkTimings(
            s.micro_deposit_poll_seconds, s.micro_deposit_reminder_seconds, s.micro_deposit_expiry_seconds)),
        lambda u: f"Fund-account wizard of user {u.id}"),
    "document-upload": FlowKind(
        "document-upload", document_upload.DocumentUploadWorkflow, "DocumentUpload",
        lambda u: document_upload.workflow_id(u.id), lambda u, s: document_upload.DocumentUploadInput(u.id),
        lambda u: f"Identity document upload of user {u.id}"),
}
