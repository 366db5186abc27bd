"""The fund-account wizard: bank steps from onboarding, the transfer when the bank is verified."""

from __future__ import annotations

from domain import fund_account as F
from domain import transfer_rules as T
from domain.flow import by_id, next_step

VERIFIED = {"source_created": True, "funding_source": {"status": "verified"}}


def test_the_transfer_steps_need_a_verified_bank() -> None:
    assert next_step(F.STEPS, "bank-info", VERIFIED) == "transfer"
    assert next_step(F.STEPS, "transfer", VERIFIED) == "transfer-initiated"
    assert next_step(F.STEPS, "bank-info", {"source_created": True, "funding_source": {"status": "unverified"}}) == "success"


def test_an_existing_unverified_bank_asks_for_confirmation() -> None:
    facts = {"has_funding_source": True, "funding_source_status": "unverified"}
    assert next_step(F.STEPS, "intro", facts) == "confirmation"


def test_the_transfer_amount_rules() -> None:
    step = by_id(F.STEPS, "transfer")
    assert step is not None
    assert step.validate({"transfer_amount": "250"}, VERIFIED) == {}
    assert step.validate({"transfer_amount": "5001"}, VERIFIED) == {"transfer_amount": T.LIMIT_MESSAGE}
    assert step.validate({}, VERIFIED) == {"transfer_amount": T.AMOUNT_REQUIRED}
