"""The onboarding wizard (spec doc 2 §2.2): 21 steps, their order, skip rules and validators. Pure: the workflow,
the api and the tests all use this one definition.

Facts the rules read: passport_applied (at flow start), state_blocked, employmentStatus, isAssociated, isShareholder,
has_funding_source (before this flow), bank_method ("provider" | "manual"), confirmation_needed, migration_flag,
ssn_locked, today (ISO date)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from domain import profile_rules as r
from domain.flow import Facts, Step

Errors = dict[str, str]


def not_passport(f: Facts) -> bool:
    return not f.get("passport_applied")


def needs_bank(f: Facts) -> bool:
    return not f.get("has_funding_source")


def _name_phone(v: Mapping[str, Any], _: Facts) -> Errors:
    errors = r.required(v, {"first_name": r.FIRST_NAME_REQUIRED, "last_name": r.LAST_NAME_REQUIRED})
    if err := r.phone_error(r.text(v, "phone_number")):
        errors["phone_number"] = err
    return errors


def _dob(v: Mapping[str, Any], f: Facts) -> Errors:
    err = r.dob_error(r.text(v, "date_of_birth"), date.fromisoformat(str(f["today"])))
    return {"date_of_birth": err} if err else {}


def _ssn(v: Mapping[str, Any], f: Facts) -> Errors:
    errors: Errors = {}
    ssn = r.text(v, "ssn")
    if not (r.SSN_RE.match(ssn) or (f.get("ssn_locked") and r.MASKED_SSN_RE.match(ssn))):
        errors["ssn"] = r.SSN_FORMAT
    if f.get("migration_flag"):
        if v.get("agreeAndContinue") is not True:
            errors["agreeAndContinue"] = r.TERMS_REQUIRED
    else:
        for flag in ("agreedToCustodianTerms", "agreedToPaymentTerms"):
            if v.get(flag) is not True:
                errors[flag] = r.TERMS_REQUIRED
    return errors


def _choice(name: str, options: tuple[str, ...], message: str) -> Any:
    def check(v: Mapping[str, Any], _: Facts) -> Errors:
        return {} if v.get(name) in options else {name: message}
    return check


def _employer(v: Mapping[str, Any], _: Facts) -> Errors:
    return r.length_errors(v, {"employer": r.EMPLOYER_LABEL, "occupationOrJobTitle": r.OCCUPATION_LABEL})


def _means(v: Mapping[str, Any], _: Facts) -> Errors:
    return r.means_errors(v)[0]


def _risk(v: Mapping[str, Any], _: Facts) -> Errors:
    level = v.get("riskToleranceLevel")
    if level not in r.RISK_LEVELS:
        return {"riskToleranceLevel": r.RISK_REQUIRED}
    return {"riskToleranceLevel": r.RISK_ALERT_CONSERVATIVE} if level == "CONSERVATIVE" else {}


PROVIDER, MANUAL = "provider", "manual"
CONNECT_METHODS = (PROVIDER, MANUAL)  # the bank linked through the provider's page, or its numbers typed in


def _connect(v: Mapping[str, Any], _: Facts) -> Errors:
    method = v.get("method")
    if method == PROVIDER:
        return {} if r.text(v, "public_token") else {"public_token": r.LINK_BANK_REQUIRED}
    return {} if method in CONNECT_METHODS else {"method": r.BANK_METHOD_REQUIRED}


def _bank_info(v: Mapping[str, Any], _: Facts) -> Errors:
    return {**r.required(v, {"nameOnAccount": r.NAME_ON_ACCOUNT_REQUIRED}),
            **r.digits_errors(v, "routingNumber", r.ROUTING_NUMBER_LABEL, 9, 9),
            **r.digits_errors(v, "accountNumber", r.ACCOUNT_NUMBER_LABEL, 4, 17)}


STEPS: tuple[Step, ...] = (
    Step("intro"),
    Step("name-phone-info", not_passport, _name_phone, ("first_name", "last_name", "phone_number")),
    Step("date-of-birth", not_passport, _dob, ("date_of_birth",)),
    Step("home-address", not_passport, lambda v, f: r.address_errors(v),
         ("address", "apt", "city", "state", "postal_code")),
    Step("state-availability-issue", lambda f: bool(f.get("state_blocked")), lambda v, f: {}, ("notify",)),
    Step("ssn", not_passport, _ssn, ("ssn", "agreeAndContinue", "agreedToCustodianTerms", "agreedToPaymentTerms")),
    Step("accreditation-status", not_passport, _choice("accredited_status", r.ACCREDITED_STATUSES,
                                                       r.ACCREDITATION_REQUIRED), ("accredited_status",)),
    Step("employment-status", not_passport, _choice("employmentStatus", r.EMPLOYMENT_TYPES, r.EMPLOYMENT_REQUIRED),
         ("employmentStatus",)),
    Step("employer-information", lambda f: not_passport(f) and f.get("employmentStatus") in r.NEEDS_EMPLOYER,
         _employer, ("employer", "occupationOrJobTitle")),
    Step("employment-details", not_passport, _means, ("pretaxAnnualIncome", "liquidNetWorth")),
    Step("risk-profile", not_passport, _risk, ("riskToleranceLevel",)),
    Step("finra-or-sec", not_passport, lambda v, f: r.yes_no(v, "isAssociated"), ("isAssociated",)),
    Step("organization-name", lambda f: not_passport(f) and f.get("isAssociated") is True,
         lambda v, f: r.required(v, {"sec_or_finra_organization_name": r.ORGANIZATION_REQUIRED}),
         ("sec_or_finra_organization_name",)),
    Step("is-shareholder", not_passport, lambda v, f: r.yes_no(v, "isShareholder"), ("isShareholder",)),
    Step("company-ticker", lambda f: not_passport(f) and f.get("isShareholder") is True,
         lambda v, f: r.required(v, {"publicly_traded_company_tickers": r.TICKERS_REQUIRED}),
         ("publicly_traded_company_tickers",)),
    Step("share-purchase-info"),
    Step("connect-bank", needs_bank, _connect, ("method", "public_token", "account_id")),
    Step("bank-account-type", lambda f: needs_bank(f) and f.get("bank_method") != "provider",
         _choice("accountType", r.ACCOUNT_TYPES, r.ACCOUNT_TYPE_REQUIRED), ("accountType",)),
    Step("bank-info", lambda f: needs_bank(f) and f.get("bank_method") != "provider", _bank_info,
         ("nameOnAccount", "routingNumber", "accountNumber")),
    Step("confirmation", lambda f: bool(f.get("confirmation_needed"))),
    Step("fund-account"),
)

# a blocked state ends the wizard at the availability step: the user can explore but not invest or fund
TERMINAL_WHEN_BLOCKED = "state-availability-issue"
STEP_IDS = tuple(s.id for s in STEPS)


def blocked_message() -> str:
    return "Investing is not yet available in your state. We can let you know when it is."
