"""Field rules of the profile steps and their messages (spec doc 2 §5). The browser's frontend/src/domain/profile.ts
takes them from rules.gen.ts (scripts/gen_rules.py)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import Any

from domain.states import STATES
from domain.text import clean_text

PRODUCT = "Vitrine"
DOB_INVALID = "Enter a valid date: MM/DD/YYYY"
DOB_UNDER_18 = f"In order to invest on {PRODUCT} you must be above the age of 18."
DOB_FUTURE = "Birth year should be in the past: MM/DD/YYYY"
DOB_TOO_OLD = "You aren't that old. Check your birthday: MM/DD/YYYY"
PO_BOX = "PO Boxes are not permitted"
PHONE_DIGITS = "Phone number must have 10 to 11 digits"
SSN_FORMAT = "Enter a valid SSN: 000-00-0000"
TERMS_REQUIRED = "You must agree to the terms to continue"
ACCREDITATION_REQUIRED = "Please choose your accreditation status"
EMPLOYMENT_REQUIRED = "Employment status is required"
INCOME_REQUIRED = "Annual income is required"
NET_WORTH_REQUIRED = "Individual net worth is required"
RISK_ALERT_TITLE = "Risk Profile Alert"
RISK_ALERT_LOW_MEANS = ("Trading involves risk that may not be suitable for investors with less than $10,000 in annual "
                        "income or net worth.")
RISK_ALERT_CONSERVATIVE = ("Trading involves a degree of risk that may not suit a conservative profile. You may edit "
                           "your answer, or close this screen and continue later.")
RISK_REQUIRED = "Please choose your risk tolerance"
ANSWER_REQUIRED = "Please answer this question"
ORGANIZATION_REQUIRED = "Organization name is required"
TICKERS_REQUIRED = "Company ticker is required"
ACCOUNT_TYPE_REQUIRED = "Account type is required"
FIRST_NAME_REQUIRED = "First name is required"
LAST_NAME_REQUIRED = "Last name is required"
ADDRESS_REQUIRED = "Address is required"
CITY_REQUIRED = "City is required"
STATE_REQUIRED = "State is required"
ZIP_REQUIRED = "ZIP code is required"
ZIP_DIGITS = "ZIP code must have 5 digits"
NAME_ON_ACCOUNT_REQUIRED = "Name on account is required"
LINK_BANK_REQUIRED = "Link your bank to continue"
BANK_METHOD_REQUIRED = "Choose how to connect your bank"
# a field's label ("Employer", "Routing number") goes in {label}; {span} is "9" or "4 to 17"
LABEL_TOO_SHORT = "{label} should have at least 3 characters"
LABEL_TOO_LONG = "{label} should have less than 64 characters"
LABEL_REQUIRED = "{label} is required"
LABEL_DIGITS = "{label} must have {span} digits"
EMPLOYER_LABEL = "Employer"
OCCUPATION_LABEL = "Occupation"
ROUTING_NUMBER_LABEL = "Routing number"
ACCOUNT_NUMBER_LABEL = "Account number"
MEANS_THRESHOLD = 10001
EMPLOYMENT_TYPES = ("EMPLOYED", "SELF_EMPLOYED", "UNEMPLOYED", "RETIRED", "STUDENT")
NEEDS_EMPLOYER = frozenset({"EMPLOYED", "SELF_EMPLOYED"})
RISK_LEVELS = ("CONSERVATIVE", "MODERATE", "GROWTH")
ACCREDITED_STATUSES = ("1", "2", "3")
ACCOUNT_TYPES = ("SAVINGS", "CHECKING")
SSN_RE = re.compile(r"^\d{3}-\d{2}-\d{4}$")
MASKED_SSN_RE = re.compile(r"^\*{3}-\*{2}-\d{4}$")

Errors = dict[str, str]


def text(fields: Mapping[str, Any], name: str) -> str:
    value = fields.get(name)
    return clean_text(value) if isinstance(value, str) else ""


def required(fields: Mapping[str, Any], names: Mapping[str, str]) -> Errors:
    return {n: m for n, m in names.items() if not text(fields, n)}


def phone_error(phone: str) -> str | None:
    digits = re.sub(r"\D", "", phone)
    return None if 10 <= len(digits) <= 11 else PHONE_DIGITS


def parse_dob(value: str) -> date | None:
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", value)
    if len(value) < 8 or m is None:
        return None
    try:
        return date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    except ValueError:
        return None


def age_on(born: date, today: date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def dob_error(value: str, today: date) -> str | None:
    born = parse_dob(value)
    if born is None:
        return DOB_INVALID
    age = age_on(born, today)
    if age <= 0:
        return DOB_FUTURE
    if age < 18:
        return DOB_UNDER_18
    if age > 150:
        return DOB_TOO_OLD
    return None


def is_po_box(value: str) -> bool:
    """Spaces, dots and digits are stripped, then 'pobox' or 'pob' anywhere rejects it (the spec's rule, literally)."""
    squashed = re.sub(r"[\s.\d]", "", value.lower())
    return "pobox" in squashed or "pob" in squashed


def address_errors(fields: Mapping[str, Any]) -> Errors:
    errors = required(fields, {"address": ADDRESS_REQUIRED, "city": CITY_REQUIRED})
    for name in ("address", "apt"):
        if text(fields, name) and is_po_box(text(fields, name)):
            errors[name] = PO_BOX
    if text(fields, "state") not in STATES:
        errors["state"] = STATE_REQUIRED
    zip_code = text(fields, "postal_code")
    if not zip_code:
        errors["postal_code"] = ZIP_REQUIRED
    elif not re.fullmatch(r"\d{5}", zip_code):
        errors["postal_code"] = ZIP_DIGITS
    return errors


def length_errors(fields: Mapping[str, Any], names: Mapping[str, str]) -> Errors:
    errors: Errors = {}
    for name, label in names.items():
        value = text(fields, name)
        if len(value) < 3:
            errors[name] = LABEL_TOO_SHORT.format(label=label)
        elif len(value) > 64:
            errors[name] = LABEL_TOO_LONG.format(label=label)
    return errors


def money_amount(value: Any) -> int | None:
    """Whole dollars from a digits-only money input ('$52,000' → 52000), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    digits = re.sub(r"[$,\s]", "", value) if isinstance(value, str) else ""
    return int(digits) if digits.isdigit() else None


def means_errors(fields: Mapping[str, Any]) -> tuple[Errors, str | None]:
    income, worth = money_amount(fields.get("pretaxAnnualIncome")), money_amount(fields.get("liquidNetWorth"))
    errors: Errors = {}
    if income is None:
        errors["pretaxAnnualIncome"] = INCOME_REQUIRED
    if worth is None:
        errors["liquidNetWorth"] = NET_WORTH_REQUIRED
    if errors:
        return errors, None
    assert income is not None and worth is not None
    if income < MEANS_THRESHOLD and worth < MEANS_THRESHOLD:
        return {"pretaxAnnualIncome": RISK_ALERT_LOW_MEANS, "liquidNetWorth": RISK_ALERT_LOW_MEANS}, RISK_ALERT_TITLE
    return {}, None


def yes_no(fields: Mapping[str, Any], name: str) -> Errors:
    return {} if isinstance(fields.get(name), bool) else {name: ANSWER_REQUIRED}


def digits_errors(fields: Mapping[str, Any], name: str, label: str, low: int, high: int) -> Errors:
    value = text(fields, name)
    if not value:
        return {name: LABEL_REQUIRED.format(label=label)}
    if not value.isdigit() or not low <= len(value) <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        return {name: LABEL_DIGITS.format(label=label, span=span)}
    return {}
