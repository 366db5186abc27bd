"""Payment-customer status popups (spec doc 2 §4): what the flow shows for each verification status. The browser's
frontend/src/domain/customerStatus.ts takes the texts from rules.gen.ts (scripts/gen_rules.py)."""

from __future__ import annotations

from dataclasses import dataclass

DOCUMENT_NEEDED = ("document", "document-required", "retry-document")
DOCUMENT_TITLE = "Upload a Photo ID"
DOCUMENT_MESSAGE = "To verify your identity, please upload a photo of your ID."
PENDING_TITLE = "Almost There"
PENDING_MESSAGE = "Your verification is in process; this usually takes 2-3 days."
RETRY_TITLE = "Please Verify Your Info"
RETRY_MESSAGE = "We could not verify your identity. Please check your details."
SUSPENDED_TITLE = "Account Locked"
SUSPENDED_MESSAGE = "Your account is locked for security. Please contact support."
FAILED_TITLE = "Something went wrong"
FAILED_MESSAGE = "Something went wrong. Please try again."


@dataclass(frozen=True)
class StatusPopup:
    title: str
    message: str
    action: str | None = None


def customer_status_error(status: str) -> StatusPopup | None:
    if status in ("verified", "not-created"):
        return None
    if status in DOCUMENT_NEEDED:
        return StatusPopup(DOCUMENT_TITLE, DOCUMENT_MESSAGE, action="/app/document")
    if status in ("pending", "document-pending"):
        return StatusPopup(PENDING_TITLE, PENDING_MESSAGE)
    if status in ("retry", "invalid-info"):
        return StatusPopup(RETRY_TITLE, RETRY_MESSAGE, action="/app/onboarding/name-phone-info")
    if status == "suspended":
        return StatusPopup(SUSPENDED_TITLE, SUSPENDED_MESSAGE)
    return StatusPopup(FAILED_TITLE, FAILED_MESSAGE)
