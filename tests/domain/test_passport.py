"""The investing passport is applied only when the whole profile is there."""

from __future__ import annotations

from typing import Any

import pytest

from domain.passport import passport_applied

USER = {"first_name": "Ada", "last_name": "Lovelace", "phone_number": "5551234567", "date_of_birth": "1990-01-01",
        "address": "1 Main St", "city": "Springfield", "state": "CA", "ssn_last4": "1234", "terms_agreed_at": "2026-01-01"}
INFO = {"accredited_status": 1, "sec_or_finra_organization_name": "", "publicly_traded_company_tickers": ""}
MEANS = {"liquidNetWorth": "$20,000", "pretaxAnnualIncome": "0"}


def applied(**changes: Any) -> bool:
    args: dict[str, Any] = {"user": USER, "investment_info": INFO, "employment": MEANS, "risk_level": "GROWTH",
                            "has_funding_source": True}
    return passport_applied(**{**args, **changes})


def test_a_complete_profile_applies_the_passport() -> None:
    assert applied()


@pytest.mark.parametrize("missing", sorted(USER))
def test_each_basic_field_is_needed(missing: str) -> None:
    assert not applied(user={**USER, missing: ""})


@pytest.mark.parametrize("changes", [
    {"has_funding_source": False},
    {"risk_level": "CONSERVATIVE"},
    {"risk_level": None},
    {"employment": {"liquidNetWorth": "10000", "pretaxAnnualIncome": "10000"}},
    {"investment_info": {**INFO, "accredited_status": "1"}},
    {"investment_info": {**INFO, "publicly_traded_company_tickers": None}},
])
def test_no_bank_a_conservative_profile_low_means_or_missing_answers_do_not(changes: dict[str, Any]) -> None:
    assert not applied(**changes)
