"""Every HTTP route of the ATS sandbox (``/sandbox/ats/...``; docs/ats.md describes them)."""

from __future__ import annotations

from fastapi import APIRouter

from providers.ats import api_admin, api_market, api_orders, oauth

router = APIRouter()
for module in (oauth, api_orders, api_market, api_admin):
    router.include_router(module.router)
router.include_router(api_orders.client_router)
