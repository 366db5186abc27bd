"""Is the investing passport applied? (spec doc 2 §5): the whole profile is there, so profile steps can be skipped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.profile_rules import MEANS_THRESHOLD, money_amount


def passport_applied(user: Mapping[str, Any], investment_info: Mapping[str, Any], employment: Mapping[str, Any],
                     risk_level: str | None, has_funding_source: bool) -> bool:
    basics = all(user.get(k) for k in ("first_name", "last_name", "phone_number", "date_of_birth", "address", "city",
                                        "state", "ssn_last4", "terms_agreed_at"))
    info = (isinstance(investment_info.get("accredited_status"), int)
            and isinstance(investment_info.get("sec_or_finra_organization_name"), str)
            and isinstance(investment_info.get("publicly_traded_company_tickers"), str))
    means = max(money_amount(employment.get("liquidNetWorth")) or 0,
                money_amount(employment.get("pretaxAnnualIncome")) or 0) >= MEANS_THRESHOLD
    return basics and info and has_funding_source and risk_level not in (None, "", "CONSERVATIVE") and means
