"""Sandbox e-signature provider (skeleton; the purchase issue extends it).

It will create envelopes from a template, serve an embedded signing page (for an iframe) with Sign, Cancel
and Decline, redirect to the envelope's return URL with ``?event=signing_complete|cancel|decline`` via
``POST /sandbox/esign/envelopes/{envelope_id}/{action}``, and send a signed webhook to the api, whose
workflow trusts the envelope status read from this provider, never only the browser's message.
"""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(tags=["e-sign"])


@router.get("/esign/health")
async def health() -> dict[str, str]:
    return {"status": "ok", "service": "esign"}
