"""Shared plumbing of the provider clients: the key header, idempotency keys, error mapping, and one TLS context."""

from __future__ import annotations

import functools
import ssl
from typing import Any

import httpx


@functools.cache
def tls_context() -> ssl.SSLContext:
    """httpx's own default verification (certifi's CA bundle, or SSL_CERT_FILE / SSL_CERT_DIR), built once per process.

    An `httpx.AsyncClient` made without `verify=` builds this context anew, loading the CA bundle each time (≈ 40–80 ms
    of CPU); every client of the process shares this one instead (`httpx.AsyncClient(verify=tls_context(), …)`).
    Verification of https stays as it was: certificates checked against the same CAs, host names checked."""
    return httpx.create_ssl_context()


class ProviderError(Exception):
    """A provider could not be reached or answered 5xx: worth retrying."""


class ProviderRejected(Exception):
    """A provider refused the request (4xx) with a message meant for the user: retrying will not help.

    ``error_type`` is the body's ``error_type`` when it has one (e.g. ``NoFreePromocodesException``).
    """

    def __init__(self, status: int, message: str, error_type: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.error_type = status, message, error_type


class ProviderClient:
    def __init__(self, http: httpx.AsyncClient, base_url: str, api_key: str) -> None:
        self._http, self._base, self._key = http, base_url.rstrip("/"), api_key

    async def call(self, method: str, path: str, *, json: dict[str, Any] | None = None,
                   idempotency_key: str | None = None) -> dict[str, Any]:
        headers = {"X-Provider-Key": self._key}
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        try:
            r = await self._http.request(method, f"{self._base}{path}", json=json, headers=headers)
        except httpx.HTTPError as exc:
            raise ProviderError(f"provider unreachable: {exc}") from exc
        if r.status_code >= 500:
            raise ProviderError(f"provider answered {r.status_code}")
        if r.status_code >= 400:
            raise ProviderRejected(r.status_code, first_message(r), error_type_of(r))
        if r.status_code == 204 or not r.content:
            return {}
        body: dict[str, Any] = r.json()
        return body


def first_message(r: httpx.Response) -> str:
    try:
        errors = r.json().get("errors") or []
        return str(errors[0]["message"]) if errors else r.text[:200]
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return r.text[:200] or f"provider answered {r.status_code}"


def error_type_of(r: httpx.Response) -> str | None:
    try:
        value = r.json().get("error_type")
    except (ValueError, AttributeError):
        return None
    return str(value) if value else None
