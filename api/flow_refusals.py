"""A flow's refusal of a step (workflows/flow_core.py REFUSALS) in the one error shape (docs/errors.md): 422 with the
step's field errors when the fields break its rules, 409 when the flow moved on, ended or is still starting."""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse
from temporalio.exceptions import ApplicationError

from api.errors import INVALID, ErrorItem, error_response, field_items

MOVED_ON = 409


def refusal_items(message: str, errors: dict[str, Any]) -> list[ErrorItem]:
    """The step's summary first (the message a client shows) unless a field already says it, then one entry per
    field that names it."""
    fields = field_items({str(k): str(v) for k, v in errors.items()})
    summary = [ErrorItem(message=message)] if message and message not in {f.message for f in fields} else []
    return summary + fields or [ErrorItem(message="Invalid request.")]


def refusal_response(cause: ApplicationError) -> JSONResponse:
    details = cause.details[0] if cause.details and isinstance(cause.details[0], dict) else {}
    if cause.type == "InvalidStep":
        return error_response(INVALID, refusal_items(cause.message, details))
    return error_response(MOVED_ON, [ErrorItem(message=cause.message)], error_type=cause.type)
