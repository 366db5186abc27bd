"""Typed client of the broker-dealer's ATS (OAuth2 client credentials, docs/ats.md) with one shared token.

Token handling (issue 11 "Token refresh retries"):
- one access token per process and per ATS client id (`token_source`), shared by every caller and never put in a
  workflow payload;
- refreshed ahead of its expiry (a margin of `margin_seconds`, at most a quarter of its lifetime) by ONE caller
  while the others wait on the same lock and then use the new token;
- a 401 (`invalid_token`: expired early, revoked) drops that token, refreshes once and retries the call once;
- 429 and 503 (and 5xx, timeouts) raise `AtsUnavailable`: retryable, Temporal retries the activity with backoff;
- `invalid_client` (a wrong id or secret) raises `AtsInvalidClient`: list it in the retry policy's
  `non_retryable_error_types` (`NON_RETRYABLE`), a retry cannot fix configuration;
- any other 4xx raises `ProviderRejected` with the ATS's code as `error_type` (e.g. NO_ASK, ORDER_ALREADY_FILLED).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from clients.http import ProviderError, ProviderRejected, error_type_of, first_message
from config import Settings

NON_RETRYABLE = ["AtsInvalidClient"]


class AtsUnavailable(ProviderError):
    """The ATS is rate limiting (429), unavailable (5xx) or unreachable, or refused a fresh token: retry later."""

    def __init__(self, message: str, status: int | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status, self.retry_after = status, retry_after


class AtsInvalidClient(Exception):
    """The ATS does not know Vitrine's client id or secret: configuration, not worth retrying."""


@dataclass(frozen=True)
class _Token:
    value: str
    refresh_at: float  # on the source's clock


class TokenSource:
    """The process's access token for one ATS client: fetched once, shared, refreshed ahead of expiry."""

    def __init__(self, token_url: str, client_id: str, client_secret: str, *, margin_seconds: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._url, self._id, self._secret = token_url, client_id, client_secret
        self._margin, self._clock = margin_seconds, clock
        self._token: _Token | None = None
        # one lock per event loop: the process's source is shared, and a test process runs a served api in a loop
        # of its own beside the tests' (an asyncio.Lock waited on from two loops raises)
        self._locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()
        self.fetches = 0  # token requests made (for ops and tests)

    def _fresh(self) -> str | None:
        t = self._token
        return t.value if t is not None and self._clock() < t.refresh_at else None

    async def token(self, http: httpx.AsyncClient) -> str:
        if (value := self._fresh()) is not None:
            return value
        loop = asyncio.get_running_loop()
        lock = self._locks.get(loop) or self._locks.setdefault(loop, asyncio.Lock())
        async with lock:  # one caller refreshes; the others wait here and find the new token
            if (value := self._fresh()) is not None:
                return value
            self._token = await self._fetch(http)
            return self._token.value

    def drop(self, value: str) -> None:
        """Forget `value` after the ATS refused it (only if nobody replaced it meanwhile)."""
        if self._token is not None and self._token.value == value:
            self._token = None

    async def _fetch(self, http: httpx.AsyncClient) -> _Token:
        self.fetches += 1
        started = self._clock()
        try:
            r = await http.post(self._url, data={"grant_type": "client_credentials", "client_id": self._id,
                                                       "client_secret": self._secret})
        except httpx.HTTPError as exc:
            raise AtsUnavailable(f"ATS token endpoint unreachable: {exc}") from exc
        if r.status_code == 429 or r.status_code >= 500:
            raise AtsUnavailable(f"ATS token endpoint answered {r.status_code}", r.status_code, _retry_after(r))
        if r.status_code >= 400:
            raise AtsInvalidClient(f"{_oauth_error(r)}: {first_message(r)}")
        body = r.json()
        lifetime = float(body.get("expires_in") or 0)
        margin = min(self._margin, lifetime / 4)
        return _Token(str(body["access_token"]), started + lifetime - margin)


_sources: dict[tuple[str, str, str], TokenSource] = {}


def token_source(token_url: str, client_id: str, client_secret: str, *, margin_seconds: float = 60.0) -> TokenSource:
    """The process's one token source for this ATS and client (created on first use)."""
    key = (token_url, client_id, client_secret)
    if key not in _sources:
        _sources[key] = TokenSource(token_url, client_id, client_secret, margin_seconds=margin_seconds)
    return _sources[key]


def _retry_after(r: httpx.Response) -> float | None:
    try:
        return float(r.headers["Retry-After"])
    except (KeyError, ValueError):
        return None


def _oauth_error(r: httpx.Response) -> str:
    try:
        return str(r.json().get("error") or error_type_of(r) or r.status_code)
    except (ValueError, AttributeError):
        return str(r.status_code)


class AtsClient:
    """Calls `{base}{path}` with the shared Bearer token; answers the body's `data` (or the whole body)."""

    def __init__(self, http: httpx.AsyncClient, base_url: str, tokens: TokenSource) -> None:
        self._http, self._base, self.tokens = http, base_url.rstrip("/"), tokens

    async def call(self, method: str, path: str, *, json: dict[str, Any] | None = None,
                   params: dict[str, Any] | None = None, idempotency_key: str | None = None) -> dict[str, Any]:
        r = await self._send(method, path, json, params, idempotency_key)
        if r.status_code == 401:
            r = await self._send(method, path, json, params, idempotency_key)  # after one refresh
            if r.status_code == 401:
                raise AtsUnavailable("ATS refused a fresh token", 401)
        if r.status_code == 429 or r.status_code >= 500:
            raise AtsUnavailable(f"ATS answered {r.status_code}", r.status_code, _retry_after(r))
        if r.status_code >= 400:
            raise ProviderRejected(r.status_code, first_message(r), error_type_of(r))
        body: dict[str, Any] = r.json() if r.content else {}
        return body

    async def _send(self, method: str, path: str, json: dict[str, Any] | None, params: dict[str, Any] | None,
                    idempotency_key: str | None) -> httpx.Response:
        token = await self.tokens.token(self._http)
        headers = {"Authorization": f"Bearer {token}"}
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        try:
            r = await self._http.request(method, f"{self._base}{path}", json=json, params=params, headers=headers)
        except httpx.HTTPError as exc:
            raise AtsUnavailable(f"ATS unreachable: {exc}") from exc
        if r.status_code == 401:
            self.tokens.drop(token)
        return r

    # orders of one financial account (Vitrine's account id); the order's idempotency key is its business key
    async def create_order(self, account_id: str, order: dict[str, Any], idempotency_key: str) -> dict[str, Any]:
        return await self.call("POST", f"/financial-accounts/{account_id}/orders", json=order,
                               idempotency_key=idempotency_key)

    async def get_order(self, account_id: str, order_id: str) -> dict[str, Any]:
        return await self.call("GET", f"/financial-accounts/{account_id}/orders/{order_id}")

    async def replace_order(self, account_id: str, order_id: str, units: int, unit_price: str) -> dict[str, Any]:
        return await self.call("PUT", f"/financial-accounts/{account_id}/orders/{order_id}",
                               json={"units": units, "unitPrice": unit_price})

    async def cancel_order(self, account_id: str, order_id: str) -> dict[str, Any]:
        return await self.call("DELETE", f"/financial-accounts/{account_id}/orders/{order_id}")

    async def list_orders(self, *, active: bool = True, after: str | None = None, limit: int = 1000) -> dict[str, Any]:
        """Vitrine's orders across its accounts, a page at a time (`next`: the following page's cursor, or None)."""
        params: dict[str, Any] = {"active": "true" if active else "false", "limit": limit}
        if after:
            params["after"] = after
        return await self.call("GET", "/orders", params=params)

    async def order_book(self, instrument_id: str) -> dict[str, Any]:
        return await self.call("GET", f"/instruments/{instrument_id}/order-book")

    async def pricing(self, instrument_id: str) -> dict[str, Any]:
        return await self.call("GET", f"/instruments/{instrument_id}/pricing")

    async def window(self, window_id: str) -> dict[str, Any]:
        return await self.call("GET", f"/windows/{window_id}")

    async def list_executions(self, **filters: str) -> dict[str, Any]:
        """Filters: windowId, accountId, instrumentId, status."""
        return await self.call("GET", "/executions", params=filters)

    async def confirm_execution(self, execution_id: str, account_id: str) -> dict[str, Any]:
        return await self.call("POST", f"/executions/{execution_id}/confirm", json={"accountId": account_id})

    async def void_execution(self, execution_id: str, reason: str) -> dict[str, Any]:
        return await self.call("POST", f"/executions/{execution_id}/void", json={"reason": reason})


def ats_client(http: httpx.AsyncClient, settings: Settings) -> AtsClient:
    """The ATS of the providers sandbox with the process's shared token."""
    base = f"{settings.providers_url.rstrip('/')}/sandbox/ats"
    tokens = token_source(f"{base}/oauth/token", settings.ats_client_id, settings.ats_client_secret,
                          margin_seconds=settings.ats_token_margin_seconds)
    return AtsClient(http, base, tokens)
