"""Sandbox e-signature provider: the router and schema of its parts.

- :mod:`providers.esign.api`: envelopes from a template (``tpl-…``; ``tpl-broken`` is refused), recipient
  views (the signing-page URL with a token), status, void (provider key + ``Idempotency-Key``);
- :mod:`providers.esign.pages`: the frameable signing page with Sign, Cancel and Decline, redirecting to the
  envelope's return URL with ``?event=signing_complete|cancel|decline``;
- :mod:`providers.esign.webhooks`: the signed ``envelope_completed`` / ``envelope_declined`` webhooks sent to
  the api (``esign_webhook_url``), listed and redelivered from ``/sandbox/esign/webhooks``.

The api's workflow trusts the envelope status read from this provider (or its signed webhook), never only the
browser's message. State and tokens: :mod:`providers.esign.records`.
"""

from __future__ import annotations

from fastapi import APIRouter

from providers.esign import api, pages, records, webhooks

SCHEMA: tuple[str, ...] = records.SCHEMA

router = APIRouter()


@router.get("/esign/health", tags=["e-sign"])
async def health() -> dict[str, str]:
    return {"status": "ok", "service": "esign"}


for _part in (api, pages, webhooks):
    router.include_router(_part.router)
