"""The ATS's one error shape: ``{"errors": [{"message", "code", "field"?}], "error_type": code}``, never a 500.

:class:`AtsRoute` is the route class of every ATS router: it answers :class:`AtsError`, request-validation errors
(code ``INVALID_REQUEST``, 422) and unexpected exceptions (``ATS_UNAVAILABLE``, 503, logged) in that shape.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

log = logging.getLogger(__name__)

# codes (docs/ats.md lists every one with its status)
INVALID_REQUEST = "INVALID_REQUEST"
INVALID_UNITS = "INVALID_UNITS"
INVALID_PRICE = "INVALID_PRICE"
OFF_TICK_PRICE = "OFF_TICK_PRICE"
INSTRUMENT_NOT_FOUND = "INSTRUMENT_NOT_FOUND"
INSTRUMENT_CLOSED = "INSTRUMENT_CLOSED"
ORDER_NOT_FOUND = "ORDER_NOT_FOUND"
WINDOW_NOT_FOUND = "WINDOW_NOT_FOUND"
EXECUTION_NOT_FOUND = "EXECUTION_NOT_FOUND"
WEBHOOK_NOT_FOUND = "WEBHOOK_NOT_FOUND"
IDEMPOTENCY_KEY_REQUIRED = "IDEMPOTENCY_KEY_REQUIRED"
IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED"
IDEMPOTENCY_KEY_IN_USE = "IDEMPOTENCY_KEY_IN_USE"
WINDOW_CLOSED_FOR_IOC = "WINDOW_CLOSED_FOR_IOC"
NO_ASK = "NO_ASK"
CROSS_TRADING_PROHIBITED = "CROSS_TRADING_PROHIBITED"
ORDER_FINISHED = "ORDER_FINISHED"
ORDER_ALREADY_FILLED = "ORDER_ALREADY_FILLED"
ORDER_UPDATE_PENDING = "ORDER_UPDATE_PENDING"
UNITS_NOT_ABOVE_FILLED = "UNITS_NOT_ABOVE_FILLED"
WINDOW_NOT_IN_CONFIRMATION = "WINDOW_NOT_IN_CONFIRMATION"
EXECUTION_VOIDED = "EXECUTION_VOIDED"
EXECUTION_SETTLED = "EXECUTION_SETTLED"
NOT_A_PARTY = "NOT_A_PARTY"
INVALID_CLIENT = "invalid_client"
INVALID_TOKEN = "invalid_token"
UNSUPPORTED_GRANT_TYPE = "unsupported_grant_type"
RATE_LIMITED = "RATE_LIMITED"
ATS_UNAVAILABLE = "ATS_UNAVAILABLE"
FORBIDDEN = "FORBIDDEN"


class AtsError(Exception):
    def __init__(
        self,
        status_code: int,
        code: str,
        message: str,
        *,
        field: str | None = None,
        headers: Mapping[str, str] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.status_code, self.code, self.message, self.field = status_code, code, message, field
        self.headers = dict(headers or {})
        self.extra = dict(extra or {})


def error_response(err: AtsError) -> JSONResponse:
    item: dict[str, str] = {"message": err.message, "code": err.code}
    if err.field:
        item["field"] = err.field
    body: dict[str, Any] = {"errors": [item], "error_type": err.code, **err.extra}
    return JSONResponse(body, status_code=err.status_code, headers=err.headers)


def _validation_response(exc: RequestValidationError) -> JSONResponse:
    items: list[dict[str, str]] = []
    for e in exc.errors():
        loc = [str(p) for p in e.get("loc", ()) if p not in ("body", "query", "header", "path", "form")]
        field = ".".join(loc)
        message = str(e.get("msg", "Invalid value"))
        item = {"message": f"{field}: {message}" if field else message, "code": INVALID_REQUEST}
        if field:
            item["field"] = field
        items.append(item)
    body = {"errors": items or [{"message": "Invalid request", "code": INVALID_REQUEST}], "error_type": INVALID_REQUEST}
    return JSONResponse(body, status_code=422)


class AtsRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except AtsError as err:
                return error_response(err)
            except RequestValidationError as exc:
                return _validation_response(exc)
            except Exception:
                log.exception("ATS call %s %s failed", request.method, request.url.path)
                return error_response(AtsError(503, ATS_UNAVAILABLE, "The ATS could not process the request; retry"))

        return route
