"""The settings page's password change rules: the spec's eight messages, each on its field (doc 3 §8)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import password_change as pc


@pytest.mark.parametrize(("current", "new", "confirm", "errors"), [
    ("", "", "", {pc.CURRENT: "Current password is required", pc.NEW: "New password is required",
                  pc.CONFIRM: "Confirm password is required"}),
    ("Old12345", "lower123", "lower123", {pc.NEW: "One uppercase character is required"}),
    ("Old12345", "Lowercase", "Lowercase", {pc.NEW: "One digit is required"}),
    ("Old12345", "Ab1", "Ab1", {pc.NEW: "Password should be at least 8 characters long"}),
    ("Old12345", "Old12345", "Old12345", {pc.NEW: "The current password and new password should be different"}),
    ("Old12345", "New12345", "New1234", {pc.CONFIRM: "Passwords should match"}),
    ("Old12345", "New12345", "New12345", {}),
])
def test_each_rule_says_the_specs_message_on_its_field(current: str, new: str, confirm: str,
                                                       errors: dict[str, str]) -> None:
    assert pc.password_change_errors(current, new, confirm) == errors


def test_the_api_may_take_a_recent_login_instead_of_the_current_password() -> None:
    assert pc.password_change_errors(None, "New12345", "New12345", current_required=False) == {}


@given(st.text(max_size=12), st.text(max_size=12))
def test_a_change_with_no_error_has_a_strong_new_password_confirmed_and_different(current: str, new: str) -> None:
    if not pc.password_change_errors(current, new, new):
        assert len(new) >= pc.MIN_LENGTH and any(c.isupper() for c in new) and any(c.isdigit() for c in new)
        assert new != current and current
