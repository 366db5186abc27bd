"""What every provider router shares: the error body, the provider-key check, app-state access, URL fields."""

from __future__ import annotations

import hmac
from typing import Annotated, Any, cast
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from providers.settings import ProvidersSettings
from providers.sqlite import Storage

PROVIDER_KEY_HEADER = "X-Provider-Key"


class ProviderError(Exception):
    """An error answered as ``{"errors": [{"message": ...}]}`` with the given status."""

    def __init__(self, status_code: int, message: str, error_type: str | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message
        self.error_type = error_type


def error_body(message: str, *, field: str | None = None, error_type: str | None = None) -> dict[str, Any]:
    error: dict[str, str] = {"message": message}
    if field:
        error["field"] = field
    body: dict[str, Any] = {"errors": [error]}
    if error_type:
        body["error_type"] = error_type
    return body


def get_settings(request: Request) -> ProvidersSettings:
    return cast(ProvidersSettings, request.app.state.settings)


def get_storage(request: Request) -> Storage:
    return cast(Storage, request.app.state.storage)


SettingsDep = Annotated[ProvidersSettings, Depends(get_settings)]
StorageDep = Annotated[Storage, Depends(get_storage)]


def require_provider_key(
    settings: SettingsDep,
    x_provider_key: Annotated[str | None, Header(alias=PROVIDER_KEY_HEADER)] = None,
) -> None:
    """Server-to-server calls must carry the shared provider key."""
    given = (x_provider_key or "").encode()
    if not x_provider_key or not hmac.compare_digest(given, settings.api_key.encode()):
        raise ProviderError(401, "Invalid provider key", error_type="authentication")


ProviderKey = Depends(require_provider_key)


def _http_url(value: str) -> str:
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError("must be an absolute http(s) URL")
    return value


# Where a hosted page sends the browser back to: an absolute http(s) URL (never ``javascript:`` or relative).
ReturnUrl = Annotated[str, Field(min_length=1, max_length=2000), AfterValidator(_http_url)]


def _field_name(loc: tuple[Any, ...]) -> str | None:
    parts = [str(p) for p in loc if p not in ("body", "query", "header", "path", "cookie")]
    return ".".join(parts) or None


async def _provider_error(_: Request, exc: Exception) -> JSONResponse:
    err = cast(ProviderError, exc)
    return JSONResponse(error_body(err.message, error_type=err.error_type), status_code=err.status_code)


async def _validation_error(_: Request, exc: Exception) -> JSONResponse:
    errors = cast(RequestValidationError, exc).errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return JSONResponse(error_body("Malformed JSON body"), status_code=400)
    items: list[dict[str, str]] = []
    for e in errors:
        field = _field_name(tuple(e.get("loc", ())))
        message = str(e.get("msg", "Invalid value"))
        item = {"message": f"{field}: {message}" if field else message}
        if field:
            item["field"] = field
        items.append(item)
    return JSONResponse({"errors": items or [{"message": "Invalid request"}]}, status_code=422)


async def _http_error(_: Request, exc: Exception) -> JSONResponse:
    err = cast(StarletteHTTPException, exc)
    return JSONResponse(error_body(str(err.detail)), status_code=err.status_code, headers=getattr(err, "headers", None))


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ProviderError, _provider_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
