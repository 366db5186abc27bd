"""Typed client of the mail provider (the sandbox outbox on :8100, or a real provider with the same API)."""

from __future__ import annotations

import httpx


class ProviderError(Exception):
    """A provider answered with an error or could not be reached."""


class MailClient:
    def __init__(self, http: httpx.AsyncClient, base_url: str, api_key: str) -> None:
        self._http, self._base, self._key = http, base_url.rstrip("/"), api_key

    async def send(self, *, to: str, subject: str, text: str, idempotency_key: str) -> str:
        """Sends one mail; the same idempotency key never sends twice. Returns the provider's message id."""
        try:
            r = await self._http.post(
                f"{self._base}/mail/messages",
                json={"to": to, "subject": subject, "text": text},
                headers={"X-Provider-Key": self._key, "Idempotency-Key": idempotency_key},
            )
        except httpx.HTTPError as exc:
            raise ProviderError(f"mail provider unreachable: {exc}") from exc
        if r.status_code >= 400:
            raise ProviderError(f"mail provider answered {r.status_code}: {r.text[:200]}")
        return str(r.json()["id"])
