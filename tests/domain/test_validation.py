"""Auth validation: e-mail addresses and new passwords, with the spec's messages."""

from __future__ import annotations

import pytest

from domain import validation as v


@pytest.mark.parametrize("email", ["ada@example.com", " Ada.Lovelace+x@mail.example.info ", "a@b.co"])
def test_valid_emails(email: str) -> None:
    assert v.email_error(email) is None


@pytest.mark.parametrize("email", ["", "ada", "ada@", "ada@example", "ada@example.museum", "a b@example.com",
                                   "x" * 250 + "@example.com"])
def test_invalid_emails(email: str) -> None:
    assert v.email_error(email) == v.ENTER_VALID_EMAIL


def test_emails_are_compared_trimmed_and_lower_cased() -> None:
    assert v.normalize_email(" Ada@Example.COM\u200b") == "ada@example.com"


def test_a_password_must_be_entered() -> None:
    assert v.password_error("") == v.ENTER_PASSWORD
    assert v.password_error("x") is None


@pytest.mark.parametrize(("p1", "p2", "message"), [
    ("", "", v.FILL_PASSWORD_FIELDS),
    ("Secret123", "", v.FILL_PASSWORD_FIELDS),
    ("Secret123", "Secret124", v.PASSWORDS_SHOULD_MATCH),
    ("Secret1", "Secret1", v.PASSWORD_HINT),
    ("secret123", "secret123", v.PASSWORD_HINT),
    ("SecretABC", "SecretABC", v.PASSWORD_HINT),
    ("Secret123", "Secret123", None),
])
def test_new_password_rules(p1: str, p2: str, message: str | None) -> None:
    assert v.new_password_error(p1, p2) == message
