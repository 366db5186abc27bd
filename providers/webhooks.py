"""Signed webhooks from the sandbox providers to the api.

The body is compact JSON; ``X-Sandbox-Signature`` carries the hex HMAC-SHA256 of the exact body bytes
under the shared webhook secret. The api verifies with :func:`verify` (constant-time) before trusting it,
and should de-duplicate by the event's ``id`` since deliveries are retried (at least once).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import httpx

SIGNATURE_HEADER = "X-Sandbox-Signature"
EVENT_ID_HEADER = "X-Sandbox-Event-Id"
RETRYABLE_STATUS = frozenset({408, 425, 429, 500, 502, 503, 504})

log = logging.getLogger(__name__)


def sign(body: bytes, secret: str) -> str:
    """Hex HMAC-SHA256 of ``body`` under ``secret``."""
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def verify(body: bytes, secret: str, signature: str | None) -> bool:
    """Whether ``signature`` (the header's value) is the signature of ``body`` under ``secret``."""
    if not signature:
        return False
    return hmac.compare_digest(sign(body, secret), signature.strip().lower())


def encode_event(event: dict[str, Any]) -> bytes:
    return json.dumps(event, separators=(",", ":"), sort_keys=True, default=str).encode()


def encode_events(heads: Sequence[dict[str, Any]], data: dict[str, Any]) -> list[bytes]:
    """``encode_event({**head, "data": data})`` for each head (flat: strings and numbers), ``data`` encoded once:
    the same bytes. Each envelope is encoded with a 0 in data's place, then that 0 replaced (outside a JSON string,
    ``"data":0`` can only be the key of a flat head's envelope)."""
    if len(heads) == 1:
        return [encode_event({**heads[0], "data": data})]
    encoded = b'"data":' + encode_event(data)
    return [encode_event({**head, "data": 0}).replace(b'"data":0', encoded, 1) for head in heads]


@dataclass(frozen=True)
class DeliveryResult:
    delivered: bool
    attempts: int
    status_code: int | None  # of the last attempt; None when it never got an answer
    error: str | None = None


async def send_webhook(
    url: str,
    event: dict[str, Any],
    secret: str,
    *,
    attempts: int = 5,
    base_delay: float = 0.5,
    max_delay: float = 10.0,
    request_timeout: float = 10.0,
    client: httpx.AsyncClient | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> DeliveryResult:
    """POST ``event`` signed to ``url``; retry transport errors and 408/425/429/5xx with exponential backoff.

    Any 2xx is delivered; another 4xx is final (retrying will not help). The same body bytes, signature
    and event id are sent on every attempt.
    """
    body = encode_event(event)
    headers = {"Content-Type": "application/json", SIGNATURE_HEADER: sign(body, secret)}
    if "id" in event:
        headers[EVENT_ID_HEADER] = str(event["id"])
    own_client = client is None
    http = client or httpx.AsyncClient(timeout=request_timeout)
    status: int | None = None
    error: str | None = None
    try:
        for attempt in range(1, max(1, attempts) + 1):
            delay = min(max_delay, base_delay * 2 ** (attempt - 1))
            try:
                response = await http.post(url, content=body, headers=headers)
            except httpx.HTTPError as exc:
                status, error = None, f"{type(exc).__name__}: {exc}"
            else:
                status, error = response.status_code, None
                if 200 <= status < 300:
                    return DeliveryResult(True, attempt, status)
                if status not in RETRYABLE_STATUS:
                    return DeliveryResult(False, attempt, status, f"HTTP {status}")
                retry_after = response.headers.get("Retry-After", "")
                if retry_after.isdigit():
                    delay = min(max_delay, float(retry_after))
                error = f"HTTP {status}"
            log.warning("webhook to %s failed (attempt %d/%d): %s", url, attempt, attempts, error)
            if attempt < attempts:
                await sleep(delay)
        return DeliveryResult(False, max(1, attempts), status, error)
    finally:
        if own_client:
            await http.aclose()
