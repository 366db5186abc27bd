"""Per-user financial reads (spec doc 1 §7 "Other reads"). Zero and empty until funding and purchases exist."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from sqlalchemy import select

from api.deps import CurrentUser, Db, own
from store.models import Customer

router = APIRouter(tags=["financials"])
ZERO = "0.00"


@router.get("/api/users/{user_id}/financials/balance")
async def balance(user_id: int, user: CurrentUser) -> dict[str, Any]:
    own(user, user_id)
    return {"cash": ZERO, "investments": ZERO, "pending": ZERO, "total": ZERO, "pending_info": []}


@router.get("/api/users/{user_id}/financials/status")
async def status(user_id: int, user: CurrentUser, db: Db) -> dict[str, Any]:
    own(user, user_id)
    customer = await db.scalar(select(Customer).where(Customer.user_id == user.id))
    return {"customer_status": customer.status if customer else "not-created", "bank_customer_status": "unverified",
            "funding_source": None}


@router.get("/api/users/{user_id}/financials/transactions")
async def transactions(user_id: int, user: CurrentUser) -> dict[str, Any]:
    own(user, user_id)
    return {"items": []}


@router.get("/api/users/{user_id}/financials/funding-source")
async def funding_source(user_id: int, user: CurrentUser) -> dict[str, Any]:
    own(user, user_id)
    return {"info": None}


@router.get("/api/users/{user_id}/investments")
async def investments(user_id: int, user: CurrentUser) -> dict[str, Any]:
    own(user, user_id)
    return {"items": []}
