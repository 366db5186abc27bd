"""The popup a payment-customer verification status shows (none when the customer may go on)."""

from __future__ import annotations

import pytest

from domain.customer_status import StatusPopup, customer_status_error


@pytest.mark.parametrize("status", ["verified", "not-created"])
def test_no_popup_when_the_customer_may_go_on(status: str) -> None:
    assert customer_status_error(status) is None


@pytest.mark.parametrize("status", ["document", "document-required", "retry-document"])
def test_a_document_request_sends_the_user_to_the_upload(status: str) -> None:
    popup = customer_status_error(status)
    assert popup is not None and popup.title == "Upload a Photo ID" and popup.action == "/app/document"


def test_retry_sends_the_user_back_to_their_details() -> None:
    assert customer_status_error("retry") == StatusPopup(
        "Please Verify Your Info", "We could not verify your identity. Please check your details.",
        action="/app/onboarding/name-phone-info")


def test_pending_suspended_and_unknown_statuses() -> None:
    pending, suspended, other = (customer_status_error(s) for s in ("document-pending", "suspended", "weird"))
    assert pending is not None and pending.title == "Almost There" and pending.action is None
    assert suspended is not None and suspended.title == "Account Locked"
    assert other is not None and other.title == "Something went wrong"
