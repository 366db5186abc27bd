"""The settings page's password change (spec doc 3 §2.7, §8): current, new and confirmation, each field with the
spec's messages, the first broken rule of each field shown on it. The api checks the same rules
(`POST /api/auth/password/change/`); the browser mirrors them from frontend/src/domain/rules.gen.ts."""

from __future__ import annotations

import re

# imported here so rules.gen.ts has every message of the form under one name (passwordChangeRules)
from domain.validation import (  # noqa: F401
    CURRENT_PASSWORD_REQUIRED,
    PASSWORDS_SHOULD_MATCH,
    SAME_PASSWORD,
    WRONG_CURRENT_PASSWORD,
)

NEW_PASSWORD_REQUIRED = "New password is required"
CONFIRM_PASSWORD_REQUIRED = "Confirm password is required"
UPPERCASE_REQUIRED = "One uppercase character is required"
DIGIT_REQUIRED = "One digit is required"
MIN_LENGTH = 8
TOO_SHORT = "Password should be at least 8 characters long"
SAVE_FAILED = "Oops - Something went wrong. Please try again."
# the api's field names
CURRENT, NEW, CONFIRM = "old_password", "new_password1", "new_password2"


def new_password_problem(new: str, current: str | None) -> str | None:
    if not new:
        return NEW_PASSWORD_REQUIRED
    if not re.search(r"[A-Z]", new):
        return UPPERCASE_REQUIRED
    if not re.search(r"\d", new):
        return DIGIT_REQUIRED
    if len(new) < MIN_LENGTH:
        return TOO_SHORT
    if current and new == current:
        return SAME_PASSWORD
    return None


def password_change_errors(current: str | None, new: str, confirm: str, *, current_required: bool = True) -> dict[str, str]:
    """Field → message for every field that breaks a rule; empty when the change may be sent. The api may accept no
    current password when the caller logged in with it moments before (`current_required=False`)."""
    errors: dict[str, str] = {}
    if current_required and not current:
        errors[CURRENT] = CURRENT_PASSWORD_REQUIRED
    if problem := new_password_problem(new, current):
        errors[NEW] = problem
    if not confirm:
        errors[CONFIRM] = CONFIRM_PASSWORD_REQUIRED
    elif confirm != new:
        errors[CONFIRM] = PASSWORDS_SHOULD_MATCH
    return errors
