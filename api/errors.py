"""The spec's error shape: {"errors": [{"message", "field"?}], "error_type"?} — never a 500 for bad input."""

from __future__ import annotations

import logging
from typing import Any

import asyncpg.exceptions as pg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
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
    if isinstance(exc, RPCError):
        return exc.status in (RPCStatusCode.UNAVAILABLE, RPCStatusCode.DEADLINE_EXCEEDED) or \
            (exc.status == RPCStatusCode.UNKNOWN and "transport error" in exc.message)
    return isinstance(exc, (OSError, RedisConnectionError, RedisTimeoutError, *PG_UNREACHABLE))


class ApiError(Exception):
    def __init__(self, status: int, message: str, *, error_type: str | None = None, field: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.error_type = error_type
        self.field = field
        self.headers = headers


def error_body(message: str, *, field: str | None = None, error_type: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"message": message}
    if field:
        item["field"] = field
    body: dict[str, Any] = {"errors": [item]}
    if error_type:
        body["error_type"] = error_type
    return body


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
        return JSONResponse(error_body(exc.message, field=exc.field, error_type=exc.error_type),
                            status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = []
        for err in exc.errors():
            message, field = _validation_message(dict(err))
            errors.append({"message": message, **({"field": field} if field else {})})
        return JSONResponse({"errors": errors or [{"message": "Invalid request."}]}, status_code=400)

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
