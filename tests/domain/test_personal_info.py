"""The settings page's personal information rules (spec doc 3 §2.7, §8)."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from domain import personal_info as p

TODAY = date(2026, 11, 27)
FULL = {"first_name": "Ada", "last_name": "Lovelace", "address": "12 Main St", "apt": "", "city": "Albany",
        "state": "NY", "postal_code": "12207", "date_of_birth": "12/10/1985", "ssn": "123-45-6789",
        "phone_number": "(555) 555-5555"}


def test_completion_counts_the_required_fields_only() -> None:
    assert p.completion(FULL) == 100
    assert p.completion({**FULL, "apt": ""}) == 100  # apt # is optional
    assert p.completion({**FULL, "ssn": "", "phone_number": ""}) == 77  # 7 of 9
    assert p.completion({}) == 0


def test_an_empty_edit_reverts_and_a_masked_ssn_keeps_the_saved_one() -> None:
    saved = {**FULL, "ssn": ""}
    out = p.merged(saved, {"city": "", "address": "1 Broadway, New York", "ssn": "***-**-6789", "apt": ""})
    assert out["city"] == "Albany"
    assert out["address"] == "1 Broadway"  # the text before the first comma
    assert out["ssn"] == ""  # nothing new to encrypt
    assert p.merged(saved, {"ssn": "987-65-4321"})["ssn"] == "987-65-4321"


def test_the_messages_a_person_sees() -> None:
    assert p.errors(FULL, TODAY) == {}
    assert p.errors({**FULL, "date_of_birth": "02/30/1990"}, TODAY) == {"date_of_birth": "Date is invalid"}
    assert p.errors({**FULL, "address": "P.O. Box 12"}, TODAY) == {"address": "PO Boxes are not permitted"}
    assert p.errors({**FULL, "ssn": "12345"}, TODAY) == {"ssn": "Enter a valid SSN: 000-00-0000"}
    assert p.errors({**FULL, "postal_code": "1220"}, TODAY) == {"postal_code": "ZIP code must have 5 digits"}
    assert p.errors({**FULL, "phone_number": "555"}, TODAY) == {"phone_number": "Phone number must have 10 to 11 digits"}


def test_an_incomplete_profile_saves_what_it_has() -> None:
    """Missing fields lower the completion; they do not stop a save (an investor fills them one at a time)."""
    assert p.errors({"first_name": "Ada", "city": "Albany"}, TODAY) == {}
    assert p.errors({}, TODAY) == {}


@given(st.dictionaries(st.sampled_from(p.FIELDS), st.text(max_size=20)))
def test_merging_never_empties_a_saved_required_field(submitted: dict[str, str]) -> None:
    out = p.merged(FULL, submitted)
    assert all(out[f] for f in p.REQUIRED if f != "ssn") and set(out) == set(p.FIELDS)
