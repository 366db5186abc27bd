"""The onboarding wizard: 21 steps, which apply for which answers, and the rules of a few of them."""

from __future__ import annotations

from typing import Any

from domain import onboarding as o
from domain import profile_rules as r
from domain.flow import Facts, by_id, next_step, previous_step

TODAY = {"today": "2026-03-01"}


def errors(step_id: str, values: dict[str, Any], facts: Facts = TODAY) -> dict[str, str]:
    step = by_id(o.STEPS, step_id)
    assert step is not None
    return step.validate(values, facts)


def test_twenty_one_steps_from_intro_to_funding() -> None:
    assert len(o.STEP_IDS) == 21 and len(set(o.STEP_IDS)) == 21
    assert (o.STEP_IDS[0], o.STEP_IDS[-1]) == ("intro", "fund-account")
    assert o.TERMINAL_WHEN_BLOCKED in o.STEP_IDS


def test_an_applied_passport_skips_the_profile() -> None:
    assert next_step(o.STEPS, "intro", {"passport_applied": True}) == "share-purchase-info"
    assert next_step(o.STEPS, "intro", {}) == "name-phone-info"


def test_answers_decide_the_follow_up_steps() -> None:
    assert next_step(o.STEPS, "employment-status", {"employmentStatus": "EMPLOYED"}) == "employer-information"
    assert next_step(o.STEPS, "employment-status", {"employmentStatus": "RETIRED"}) == "employment-details"
    assert next_step(o.STEPS, "finra-or-sec", {"isAssociated": True}) == "organization-name"
    assert next_step(o.STEPS, "finra-or-sec", {"isAssociated": False}) == "is-shareholder"
    assert next_step(o.STEPS, "home-address", {"state_blocked": True}) == "state-availability-issue"
    assert next_step(o.STEPS, "home-address", {}) == "ssn"


def test_bank_steps_only_without_a_bank_and_only_manual_asks_for_numbers() -> None:
    assert next_step(o.STEPS, "share-purchase-info", {"has_funding_source": True}) == "fund-account"
    assert next_step(o.STEPS, "connect-bank", {"bank_method": "provider"}) == "fund-account"
    assert next_step(o.STEPS, "connect-bank", {"bank_method": "manual"}) == "bank-account-type"
    assert previous_step(o.STEPS, "fund-account", {"has_funding_source": True}) == "share-purchase-info"


def test_name_phone_and_date_of_birth() -> None:
    assert errors("name-phone-info", {"first_name": "Ada", "last_name": "L", "phone_number": "123"}) == {
        "phone_number": r.PHONE_DIGITS}
    assert errors("date-of-birth", {"date_of_birth": "01/01/2015"}) == {"date_of_birth": r.DOB_UNDER_18}


def test_ssn_and_terms() -> None:
    ok = {"ssn": "123-45-6789", "agreedToCustodianTerms": True, "agreedToPaymentTerms": True}
    assert errors("ssn", ok) == {}
    assert errors("ssn", {**ok, "ssn": "***-**-6789"}) == {"ssn": r.SSN_FORMAT}
    assert errors("ssn", {**ok, "ssn": "***-**-6789"}, {"ssn_locked": True}) == {}
    assert errors("ssn", {"ssn": "123-45-6789"}, {"migration_flag": True}) == {"agreeAndContinue": r.TERMS_REQUIRED}


def test_risk_conservative_is_an_alert_and_choices_must_be_offered() -> None:
    assert errors("risk-profile", {"riskToleranceLevel": "CONSERVATIVE"}) == {
        "riskToleranceLevel": r.RISK_ALERT_CONSERVATIVE}
    assert errors("risk-profile", {"riskToleranceLevel": "GROWTH"}) == {}
    assert errors("accreditation-status", {"accredited_status": "4"}) == {"accredited_status": r.ACCREDITATION_REQUIRED}


def test_connecting_a_bank() -> None:
    assert errors("connect-bank", {"method": "provider"}) == {"public_token": "Link your bank to continue"}
    assert errors("connect-bank", {"method": "provider", "public_token": "tok"}) == {}
    assert errors("connect-bank", {}) == {"method": "Choose how to connect your bank"}
    assert errors("bank-info", {"nameOnAccount": "Ada", "routingNumber": "123456789", "accountNumber": "1234"}) == {}
