"""Typed client of the e-signature provider (envelopes from a template, the embedded signing page, status)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from clients.http import ProviderClient


class EsignClient(ProviderClient):
    async def create_envelope(self, template_id: str, signer_name: str, signer_email: str, client_user_id: str,
                              return_url: str, fields: dict[str, Any], idempotency_key: str) -> dict[str, Any]:
        """A ``sent`` envelope ``{envelope_id, status, template_id, created}``; the same key creates it once."""
        return await self.call("POST", "/esign/envelopes", idempotency_key=idempotency_key, json={
            "template_id": template_id, "return_url": return_url, "fields": fields,
            "signer": {"name": signer_name, "email": signer_email, "client_user_id": client_user_id}})

    async def recipient_view(self, envelope_id: str, return_url: str | None = None) -> str:
        """The signing page's URL (with a fresh short-lived token); the browser comes back to ``return_url``."""
        body = await self.call("POST", f"/esign/envelopes/{quote(envelope_id, safe='')}/views/recipient",
                               json={"return_url": return_url} if return_url else {})
        return str(body["url"])

    async def get_envelope(self, envelope_id: str) -> dict[str, Any]:
        """``{envelope_id, status: sent|completed|declined|voided, completed_at, declined_at, ...}``."""
        return await self.call("GET", f"/esign/envelopes/{quote(envelope_id, safe='')}")

    async def void_envelope(self, envelope_id: str, idempotency_key: str) -> dict[str, Any]:
        """Void an unsigned envelope (a completed one is refused: ``ProviderRejected`` with status 409)."""
        return await self.call("POST", f"/esign/envelopes/{quote(envelope_id, safe='')}/void",
                               idempotency_key=idempotency_key)
