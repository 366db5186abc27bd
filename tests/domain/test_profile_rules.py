"""The profile steps' field rules and messages: phone, date of birth, address, means, yes/no, digits."""

from __future__ import annotations

from datetime import date

import pytest

from domain import profile_rules as r

TODAY = date(2026, 3, 1)


def test_text_fields_are_cleaned_and_required() -> None:
    assert r.text({"a": " x\u200b "}, "a") == "x"
    assert r.text({"a": 5}, "a") == ""
    assert r.required({"first_name": "  "}, {"first_name": "First name is required"}) == {
        "first_name": "First name is required"}


@pytest.mark.parametrize(("phone", "ok"), [("(555) 123-4567", True), ("1 555 123 4567", True), ("555-1234", False),
                                           ("123456789012", False)])
def test_phone_has_10_or_11_digits(phone: str, ok: bool) -> None:
    assert r.phone_error(phone) == (None if ok else r.PHONE_DIGITS)


@pytest.mark.parametrize(("dob", "message"), [
    ("03/01/2008", None),  # 18 today
    ("03/02/2008", r.DOB_UNDER_18),
    ("02/30/1990", r.DOB_INVALID),
    ("1990-01-01", r.DOB_INVALID),
    ("01/01/2027", r.DOB_FUTURE),
    ("01/01/1850", r.DOB_TOO_OLD),
])
def test_date_of_birth(dob: str, message: str | None) -> None:
    assert r.dob_error(dob, TODAY) == message


@pytest.mark.parametrize("line", ["PO Box 12", "P.O. Box 5", "p o b 3", "POB 7"])
def test_po_boxes_are_refused(line: str) -> None:
    errors = r.address_errors({"address": line, "city": "Springfield", "state": "CA", "postal_code": "90210"})
    assert errors == {"address": r.PO_BOX}


def test_address_errors_name_each_field() -> None:
    assert r.address_errors({"state": "XX", "postal_code": "9021"}) == {
        "address": "Address is required", "city": "City is required", "state": "State is required",
        "postal_code": "ZIP code must have 5 digits"}
    assert r.address_errors({"address": "1 Main", "city": "X", "state": "CA"})["postal_code"] == "ZIP code is required"


def test_lengths() -> None:
    names = {"employer": "Employer"}
    assert r.length_errors({"employer": "ab"}, names) == {"employer": "Employer should have at least 3 characters"}
    assert r.length_errors({"employer": "x" * 65}, names) == {"employer": "Employer should have less than 64 characters"}
    assert r.length_errors({"employer": "Acme"}, names) == {}


@pytest.mark.parametrize(("raw", "amount"), [("$52,000", 52000), (7, 7), ("0", 0), (-1, None), (True, None),
                                             ("12.5", None), (None, None)])
def test_money_amounts_are_whole_dollars(raw: object, amount: int | None) -> None:
    assert r.money_amount(raw) == amount


def test_low_means_raise_the_risk_alert() -> None:
    low = {"pretaxAnnualIncome": "10000", "liquidNetWorth": "$10,000"}
    assert r.means_errors(low) == ({"pretaxAnnualIncome": r.RISK_ALERT_LOW_MEANS,
                                    "liquidNetWorth": r.RISK_ALERT_LOW_MEANS}, r.RISK_ALERT_TITLE)
    assert r.means_errors({**low, "liquidNetWorth": "10001"}) == ({}, None)
    assert r.means_errors({}) == ({"pretaxAnnualIncome": r.INCOME_REQUIRED, "liquidNetWorth": r.NET_WORTH_REQUIRED},
                                  None)


def test_yes_no_and_digits() -> None:
    assert r.yes_no({"q": False}, "q") == {}
    assert r.yes_no({"q": "no"}, "q") == {"q": r.ANSWER_REQUIRED}
    assert r.digits_errors({"n": "123456789"}, "n", "Routing number", 9, 9) == {}
    assert r.digits_errors({"n": "12345"}, "n", "Routing number", 9, 9) == {"n": "Routing number must have 9 digits"}
    assert r.digits_errors({"n": "12a4"}, "n", "Account number", 4, 17) == {"n": "Account number must have 4 to 17 digits"}
    assert r.digits_errors({}, "n", "Account number", 4, 17) == {"n": "Account number is required"}
