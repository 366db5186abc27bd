"""Sandbox ACH payment provider: the router and schema of its parts.

Behind the provider key (``X-Provider-Key``), every creating POST taking an ``Idempotency-Key``:
- customers with verification statuses chosen by a magic first name, their contact details updated later
  (:mod:`providers.payments_customers`);
- funding sources, verified by micro-deposits or at once by a bank-link processor token
  (:mod:`providers.payments_funding`);
- transfers, pending → processed | failed with an ACH return code (:mod:`providers.payments_transfers`);
- signed webhooks to the api for every status change (:mod:`providers.payments_webhooks`), applied and
  delivered by the background processor (:mod:`providers.scheduler`) from durable scheduled events.
"""

from __future__ import annotations

from fastapi import APIRouter

from providers import payments_customers, payments_funding, payments_transfers, payments_webhooks
from providers.storage import SchemaStep

# The shared tables (idempotency keys, scheduled events, the webhook outbox) are in ``providers.app.SCHEMA``.
SCHEMA: tuple[SchemaStep, ...] = (
    *payments_customers.SCHEMA,
    *payments_funding.SCHEMA,
    *payments_transfers.SCHEMA,
)

router = APIRouter()


@router.get("/payments/health", tags=["payments"])
async def health() -> dict[str, str]:
    return {"status": "ok", "service": "payments"}


for _part in (payments_customers, payments_funding, payments_transfers, payments_webhooks):
    router.include_router(_part.router)
