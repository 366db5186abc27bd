"""The settings page's personal information (spec doc 3 §2.7, §8): the fields, the completion percentage over the
required ones, an empty edit reverting to what is saved, and the checks of the onboarding steps (domain/profile_rules:
phone, date of birth, address without a P.O. box, state, ZIP, SSN) on every filled field — with 'Date is invalid' on a
date of birth that cannot be saved. The SSN is shown masked; a masked value sent back keeps the saved one."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from domain import profile_rules as r

FIELDS = ("first_name", "last_name", "address", "apt", "city", "state", "postal_code", "date_of_birth", "ssn",
          "phone_number")
OPTIONAL = frozenset({"apt"})
REQUIRED = tuple(f for f in FIELDS if f not in OPTIONAL)
DATE_INVALID = "Date is invalid"
PO_BOX_BANNER = "P.O. boxes are not accepted as a home address. Please enter the street address where you live."
SAVED = "Your personal information is saved."

Values = dict[str, str]


def completion(values: Mapping[str, Any]) -> int:
    """Percent of the required fields filled (whole percent, rounded down)."""
    filled = sum(1 for f in REQUIRED if r.text(values, f))
    return filled * 100 // len(REQUIRED)


def merged(saved: Mapping[str, str], submitted: Mapping[str, Any]) -> Values:
    """What to save: each submitted field, except an empty one (an empty edit reverts) and a masked SSN (kept)."""
    out = {f: saved.get(f, "") for f in FIELDS}
    for f in FIELDS:
        value = r.text(submitted, f)
        if f == "address":  # the text before the first comma, as the onboarding's address step takes it
            value = value.split(",")[0].strip()
        if f == "ssn" and r.MASKED_SSN_RE.match(value):
            continue
        if value or (f in OPTIONAL and f in submitted):
            out[f] = value
    return out


def errors(values: Mapping[str, str], today: date) -> r.Errors:
    """Field → message for a filled field that may not be saved (the values after `merged`). An empty field is not an
    error here: the completion percentage counts it, and an investor saves what they have."""
    found: r.Errors = {}
    if err := r.phone_error(r.text(values, "phone_number")):
        found["phone_number"] = err
    if r.dob_error(r.text(values, "date_of_birth"), today):
        found["date_of_birth"] = DATE_INVALID
    found |= r.address_errors(values)
    if not r.SSN_RE.match(r.text(values, "ssn")):
        found["ssn"] = r.SSN_FORMAT
    return {f: m for f, m in found.items() if r.text(values, f)}
