"""Reading the api's one error shape (docs/errors.md) in tests: {"errors": [{"message", "field"?}], "error_type"?}."""

from __future__ import annotations

from typing import Any

from api.errors import ErrorBody


def error_body(body: Any) -> ErrorBody:
    """The body as the one error shape; a body in any other shape fails the test. `field` and `error_type` are left
    out when absent, never null."""
    assert isinstance(body, dict) and set(body) <= {"errors", "error_type"}, body
    assert all(set(item) <= {"message", "field"} and item.get("message") for item in body.get("errors") or []), body
    assert "error_type" not in body or isinstance(body["error_type"], str), body
    return ErrorBody.model_validate(body)


def field_errors(body: Any) -> dict[str, str]:
    """The entries that name their field, field → message."""
    return {e.field: e.message for e in error_body(body).errors if e.field}


def first_message(body: Any) -> str:
    """The message a client shows."""
    return error_body(body).errors[0].message
