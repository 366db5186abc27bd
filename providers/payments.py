"""Sandbox ACH payment provider (skeleton; the funding issues extend it).

It will simulate, behind the provider key:
- customers with verification statuses (verified, retry, document, suspended, ...) chosen in sandbox by a
  magic value in the request, the way real sandboxes do;
- funding sources (unverified → verified) and micro-deposits: two random amounts under $0.10 that reach the
  user's bank (see ``GET /sandbox/banks/transactions``) after a configurable delay, with a bounded number
  of wrong verification attempts;
- transfers (pending → processed | failed after a configurable delay);
- signed webhooks to the api (``providers.webhooks.send_webhook``) for every status change.
"""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(tags=["payments"])


@router.get("/payments/health")
async def health() -> dict[str, str]:
    return {"status": "ok", "service": "payments"}
