"""The one error shape (docs/errors.md): {"errors": [{"message", "field"?}], "error_type"?} on every 4xx and 5xx —
never a 500 for bad input. Validation errors (a body or query the schema rejects, a rule a submitted field breaks) are
422 everywhere; the first message is the one a client shows, an entry with `field` belongs on that form field."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

import asyncpg.exceptions as pg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from temporalio.client import WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.service import RPCError, RPCStatusCode

log = logging.getLogger("vitrine.api")
SOMETHING_WENT_WRONG = "Something went wrong. Please try again."
RETRY_AFTER_SECONDS = 2
# raised by asyncpg while PostgreSQL restarts: the connection dropped, the server starting or shutting down
PG_UNREACHABLE = (pg.PostgresConnectionError, pg.CannotConnectNowError, pg.AdminShutdownError, pg.CrashShutdownError)


def unavailable(exc: BaseException) -> bool:
    """A backing service (PostgreSQL, Redis, Temporal) is unreachable or restarting — not a bug: the request may
    be sent again in a moment."""
    if isinstance(exc, DBAPIError):
        return exc.connection_invalidated or isinstance(exc, OperationalError | InterfaceError) or \
            (exc.orig is not None and unavailable(exc.orig))
    if isinstance(exc, WorkflowUpdateRPCTimeoutOrCancelledError):  # no worker took the step in time: send it again
        return True
    if isinstance(exc, RPCError):  # CANCELLED "Timeout expired": a call's own rpc_timeout (a query no worker took);
        # FAILED_PRECONDITION "no poller seen …": a query with no worker on its task queue; "Workflow Task in failed
        # state": still not ready when an order call's wait ran out (clients/temporal_updates.with_ready_retry)
        return exc.status in (RPCStatusCode.UNAVAILABLE, RPCStatusCode.DEADLINE_EXCEEDED, RPCStatusCode.CANCELLED) or \
            (exc.status == RPCStatusCode.UNKNOWN and "transport error" in exc.message) or \
            (exc.status == RPCStatusCode.FAILED_PRECONDITION and ("no poller seen" in exc.message or
                                                                  "Workflow Task in failed state" in exc.message))
    return isinstance(exc, (OSError, RedisConnectionError, RedisTimeoutError, *PG_UNREACHABLE))


INVALID = 422  # the one status of a validation error (docs/errors.md)


def _absent_or_string(schema: dict[str, Any]) -> None:
    """An optional key that is left out rather than null: documented as a plain string that may be absent."""
    schema.pop("anyOf", None)
    schema.pop("default", None)
    schema["type"] = "string"


class ErrorItem(BaseModel):
    """One message; `field` names the spec's field it belongs to (absent for the request as a whole)."""

    message: str
    field: str | None = Field(default=None, json_schema_extra=_absent_or_string)


class ErrorBody(BaseModel):
    """Every error answer: the first message is the one shown; error_type where the spec (or the api) names one."""

    errors: list[ErrorItem] = Field(min_length=1)
    error_type: str | None = Field(default=None, json_schema_extra=_absent_or_string)


def _described(description: str) -> dict[str, Any]:
    return {"model": ErrorBody, "description": description}


# every operation documents these answers in the one shape (app.py passes it to each router)
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: _described("Not signed in, or the session expired"),
    403: _described("Not allowed"),
    404: _described("Not found"),
    409: _described("The request conflicts with the current state (the flow moved on, the order ended, ...)"),
    422: _described("Validation error: the body, query or a submitted field breaks a rule; "
                    "entries with `field` belong on that field"),
    429: _described("Too many attempts; see Retry-After"),
    503: _described("A backing service is unavailable; send it again after Retry-After"),
}


class ApiError(Exception):
    """An error answer: one message (and its field), or several `items` (field errors of one form); a 503 always
    carries Retry-After."""

    def __init__(self, status: int, message: str, *, error_type: str | None = None, field: str | None = None,
                 headers: dict[str, str] | None = None, items: Iterable[ErrorItem] = ()) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.error_type = error_type
        self.field = field
        if status == 503:  # every 503 says when to send it again
            headers = {"Retry-After": str(RETRY_AFTER_SECONDS), **(headers or {})}
        self.headers = headers
        self.items = list(items) or [ErrorItem(message=message, field=field)]

    def response(self) -> JSONResponse:
        return error_response(self.status, self.items, error_type=self.error_type, headers=self.headers)


def errors_body(items: Iterable[ErrorItem], *, error_type: str | None = None) -> dict[str, Any]:
    """The one shape as JSON: `field` and `error_type` only when there is one."""
    body: dict[str, Any] = {"errors": [item.model_dump(exclude_none=True) for item in items]}
    if error_type:
        body["error_type"] = error_type
    return body


def error_body(message: str, *, field: str | None = None, error_type: str | None = None) -> dict[str, Any]:
    return errors_body([ErrorItem(message=message, field=field)], error_type=error_type)


def field_items(errors: Mapping[str, str]) -> list[ErrorItem]:
    """A form's field errors (field → message) as entries that name their field."""
    return [ErrorItem(message=str(message), field=name or None) for name, message in errors.items()]


def error_response(status: int, items: Iterable[ErrorItem], *, error_type: str | None = None,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(errors_body(items, error_type=error_type), status_code=status, headers=headers)


def _validation_message(err: dict[str, Any]) -> tuple[str, str | None]:
    loc = [str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path", "header")]
    field = ".".join(loc) or None
    kind = err.get("type", "")
    if kind == "json_invalid":
        return "Malformed JSON in the request body.", None
    if kind == "missing":
        return f"This field is required: {field}." if field else "The request body is required.", field
    if kind == "model_attributes_type" or (kind.endswith("_type") and not field):
        return "The request body must be a JSON object.", None
    return f"Invalid value for {field}: {err.get('msg', 'invalid')}." if field else str(err.get("msg")), field


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        return exc.response()

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        items = [ErrorItem(message=message, field=field)
                 for message, field in (_validation_message(dict(err)) for err in exc.errors())]
        return error_response(INVALID, items or [ErrorItem(message="Invalid request.")])

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else "Request failed."
        return JSONResponse(error_body(message), status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        if unavailable(exc):  # 503 + Retry-After: the browser (or a proxy) sends it again once the service is back
            log.warning("service unavailable on %s %s: %r", request.method, request.url.path, exc)
            return JSONResponse(error_body(SOMETHING_WENT_WRONG), status_code=503,
                                headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
        log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        return JSONResponse(error_body(SOMETHING_WENT_WRONG), status_code=500)
