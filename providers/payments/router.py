"""Sandbox ACH payment provider: the router and schema of its parts.

Behind the provider key (``X-Provider-Key``), every creating POST taking an ``Idempotency-Key``:
- customers with verification statuses chosen by a magic first name, their contact details updated later
  (:mod:`providers.payments.customers`);
- funding sources, verified by micro-deposits or at once by a bank-link processor token
  (:mod:`providers.payments.funding`);
- transfers, pending → processed | failed with an ACH return code (:mod:`providers.payments.transfers`);
- signed webhooks to the api for every status change (:mod:`providers.payments.webhooks`), applied and
  delivered by the background processor (:mod:`providers.scheduler`) from durable scheduled events.
"""

from __future__ import annotations

from fastapi import APIRouter

from providers.payments import customers, funding, transfers, webhooks
from providers.sqlite import SchemaStep

# The shared tables (idempotency keys, scheduled events, the webhook outbox) are in ``providers.app.SCHEMA``.
SCHEMA: tuple[SchemaStep, ...] = (
    *customers.SCHEMA,
    *funding.SCHEMA,
    *transfers.SCHEMA,
)

router = APIRouter()


@router.get("/payments/health", tags=["payments"])
async def health() -> dict[str, str]:
    return {"status": "ok", "service": "payments"}


for _part in (customers, funding, transfers, webhooks):
    router.include_router(_part.router)
