"""The user representation of the spec (doc 1 §3): user, emails, customer with accounts, access groups."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlmodel import col

from config import Settings
from domain.access import Access
from domain.states import state_status
from store.models import AccessGroup, Account, AssetSubscription, Customer, Email, User


async def access_of(db: AsyncSession | AsyncConnection, user_id: int) -> list[Access]:
    """A user's access groups, through a session or (a hot read: no ORM objects) a bare connection."""
    rows = (await db.execute(select(col(AccessGroup.asset_id), col(AccessGroup.access_type), col(AccessGroup.access_end),
                                    col(AccessGroup.limitations)).where(col(AccessGroup.user_id) == user_id))).all()
    return [Access(asset_id, access_type, end, limitations or {}) for asset_id, access_type, end, limitations in rows]


async def user_json(db: AsyncSession, user: User, settings: Settings) -> dict[str, Any]:
    emails = (await db.scalars(select(Email).where(col(Email.user_id) == user.id).order_by(col(Email.id)))).all()
    customer = await db.scalar(select(Customer).where(col(Customer.user_id) == user.id))
    accounts = (
        (await db.scalars(select(Account).where(col(Account.customer_id) == customer.id).order_by(col(Account.id)))).all()
        if customer else []
    )
    subs = (await db.scalars(select(AssetSubscription).where(col(AssetSubscription.user_id) == user.id))).all()
    access = await access_of(db, user.id)
    status = state_status(user.state or "", frozenset(settings.enabled_states), frozenset(settings.blocked_states),
                          frozenset(settings.io_closed_states))
    return {
        "id": user.id,
        "email": user.email,
        "emails": [{"email": e.email, "primary": e.primary, "verified": e.verified} for e in emails],
        "first_name": user.first_name,
        "last_name": user.last_name,
        "middle_initial": user.middle_initial,
        "username": user.username,
        "date_joined": user.date_joined,
        "shares_count": 0,
        "state": user.state,
        "state_status": asdict(status),
        "access_groups": [
            {"asset_id": a.asset_id, "access_type": a.access_type, "access_end": a.access_end,
             "limitations": a.limitations}
            for a in access
        ],
        "customer": None if customer is None else {
            "id": customer.id,
            "status": customer.status,
            "accounts": [{"id": a.id} for a in accounts],
            "investorDetails": customer.investor_details,
            "personalInformation": customer.personal_information,
            "employmentDetails": customer.employment_details,
        },
        "notify_me": sorted(s.asset_id for s in subs if s.kind == "notify_me"),
        "notify_on_trading": sorted(s.asset_id for s in subs if s.kind == "notify_on_trading"),
    }
