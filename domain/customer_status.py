"""Payment-customer status popups (spec doc 2 §4): what the flow shows for each verification status."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StatusPopup:
    title: str
    message: str
    action: str | None = None


def customer_status_error(status: str) -> StatusPopup | None:
    if status in ("verified", "not-created"):
        return None
    if status in ("document", "document-required", "retry-document"):
        return StatusPopup("Upload a Photo ID", "To verify your identity, please upload a photo of your ID.",
                         action="/app/document")
    if status in ("pending", "document-pending"):
        return StatusPopup("Almost There", "Your verification is in process; this usually takes 2-3 days.")
    if status in ("retry", "invalid-info"):
        return StatusPopup("Please Verify Your Info", "We could not verify your identity. Please check your details.",
                         action="/app/onboarding/name-phone-info")
    if status == "suspended":
        return StatusPopup("Account Locked", "Your account is locked for security. Please contact support.")
    return StatusPopup("Something went wrong", "Something went wrong. Please try again.")
