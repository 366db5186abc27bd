"""Auth validation rules and their messages (spec doc 1 §5). The browser's frontend/src/domain/validation.ts takes the
messages and the e-mail pattern from rules.gen.ts (scripts/gen_rules.py)."""

from __future__ import annotations

import re

from domain.text import clean_text

ENTER_VALID_EMAIL = "Enter a valid email address"
ENTER_PASSWORD = "Enter a password"
FILL_PASSWORD_FIELDS = "Please fill in password fields"
PASSWORDS_SHOULD_MATCH = "Passwords should match"
PASSWORD_HINT = "Password must have an uppercase letter, a number and at least 8 characters"
# password change (spec doc 3 §7, §8 Settings)
CURRENT_PASSWORD_REQUIRED = "Current password is required"
WRONG_CURRENT_PASSWORD = "Oops - Something went wrong. Please verify your password and try again."
SAME_PASSWORD = "The current password and new password should be different"
UNABLE_TO_LOGIN = "Unable to login with provided credentials"
EMAIL_TAKEN = "A user is already registered with this e-mail address."
# the auth service did not answer (a 503 here, a failed request in the browser)
NETWORK_FAILURE = "Something went wrong. Please, try again later."

# a standard address whose top-level domain has 2-4 letters; the browser builds its RegExp from the same text
EMAIL_PATTERN = r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,4}$"  # noqa: E501
EMAIL_MAX_LENGTH = 254
_EMAIL = re.compile(EMAIL_PATTERN)


def normalize_email(value: str) -> str:
    return clean_text(value).lower()


def email_error(value: str) -> str | None:
    email = clean_text(value)
    if len(email) > EMAIL_MAX_LENGTH or not _EMAIL.match(email):
        return ENTER_VALID_EMAIL
    return None


def password_error(value: str) -> str | None:
    return ENTER_PASSWORD if not value else None


def new_password_error(password1: str, password2: str) -> str | None:
    """Rules for a new password (reset confirm, change): both filled, equal, and the strength hint."""
    if not password1 or not password2:
        return FILL_PASSWORD_FIELDS
    if password1 != password2:
        return PASSWORDS_SHOULD_MATCH
    if len(password1) < 8 or not re.search(r"[A-Z]", password1) or not re.search(r"\d", password1):
        return PASSWORD_HINT
    return None
