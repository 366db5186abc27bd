"""Every HTTP route of the ATS sandbox (``/sandbox/ats/...``; docs/ats.md describes them)."""

from __future__ import annotations

from fastapi import APIRouter

from providers.ats import api_admin, api_market, api_orders, oauth

router = APIRouter()
for module in (api_orders, oauth, api_market, api_admin):  # the orders' routes first: most calls are theirs
    router.include_router(module.router)
router.include_router(api_orders.client_router)
