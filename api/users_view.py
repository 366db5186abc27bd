"""The user representation of the spec (doc 1 §3; doc 2 §3 and doc 3 §3 "User"): user, emails, the personal
information as the settings page shows it (SSN masked: api/personal_info_view.py), investment info, the terms
agreements, customer with accounts (the first one's id is the financial account id of the order calls), access
groups, the shares held."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession
from sqlmodel import col

from api.personal_info_view import personal_information
from config import Settings
from domain.access import Access
from domain.states import StateStatus, state_status
from store.models import AccessGroup, Account, AssetSubscription, Customer, Email, StateNotification, User
from store.positions import shares_count

INVESTMENT_INFO = ("accredited_status", "publicly_traded_company_tickers", "sec_or_finra_organization_name",
                   "isAssociated", "isShareholder")
MEANS = ("liquidNetWorth", "pretaxAnnualIncome")


async def access_of(db: AsyncSession | AsyncConnection, user_id: int) -> list[Access]:
    """A user's access groups, through a session or (a hot read: no ORM objects) a bare connection."""
    rows = (await db.execute(select(col(AccessGroup.asset_id), col(AccessGroup.access_type), col(AccessGroup.access_end),
                                    col(AccessGroup.limitations)).where(col(AccessGroup.user_id) == user_id))).all()
    return [Access(asset_id, access_type, end, limitations or {}) for asset_id, access_type, end, limitations in rows]


def user_state_status(state: str | None, settings: Settings) -> StateStatus:
    """What the user's state of residence allows, by the deployment's state lists: the user read's `state_status`
    and the payment provider's state-availability call answer this one rule."""
    return state_status(state or "", frozenset(settings.enabled_states), frozenset(settings.blocked_states),
                        frozenset(settings.io_closed_states))


async def user_json(db: AsyncSession, user: User, settings: Settings) -> dict[str, Any]:
    emails = (await db.scalars(select(Email).where(col(Email.user_id) == user.id).order_by(col(Email.id)))).all()
    customer = await db.scalar(select(Customer).where(col(Customer.user_id) == user.id))
    accounts = (
        (await db.scalars(select(Account).where(col(Account.customer_id) == customer.id).order_by(col(Account.id)))).all()
        if customer else []
    )
    subs = (await db.scalars(select(AssetSubscription).where(col(AssetSubscription.user_id) == user.id))).all()
    notifications = (await db.scalars(select(col(StateNotification.blocked_state)).where(
        col(StateNotification.user_id) == user.id).order_by(col(StateNotification.id)))).all()
    access = await access_of(db, user.id)
    status = user_state_status(user.state, settings)
    shown = personal_information(user)
    info = user.investment_info or {}
    job = (customer.employment_details if customer else None) or {}
    terms_agreed = None if user.terms_agreed_at is None else user.terms_agreed_at.isoformat()
    return {
        "id": user.id,
        "email": user.email,
        "emails": [{"email": e.email, "primary": e.primary, "verified": e.verified} for e in emails],
        "first_name": user.first_name,
        "last_name": user.last_name,
        "middle_initial": user.middle_initial,
        "username": user.username,
        "date_joined": user.date_joined,
        "phone_number": shown.phone_number,
        "date_of_birth": shown.date_of_birth,
        "address": shown.address,
        "address2": shown.apt,
        "city": shown.city,
        "postal_code": shown.postal_code,
        "ssn": shown.ssn,
        "investment_info": {k: info[k] for k in INVESTMENT_INFO if k in info},
        "agreedToCustodianTerms": user.terms_agreed_at is not None,
        "agreedWithTos3": user.tos3_agreed_at is not None,
        "has_payment_customer": customer is not None and customer.provider_customer_id is not None,
        "shares_count": await shares_count(db, user.id),
        "state": user.state,
        "state_status": asdict(status),
        "state_availability_notification": [{"blocked_state": n} for n in notifications],
        "access_groups": [
            {"asset_id": a.asset_id, "access_type": a.access_type, "access_end": a.access_end,
             "limitations": a.limitations}
            for a in access
        ],
        "customer": None if customer is None else {
            "id": customer.id,
            "status": customer.status,
            "accounts": [{"id": a.id} for a in accounts],
            "enrollment": {"termsOfService": {"signedAndAgreedAt": terms_agreed, "lastUpdated": terms_agreed}},
            "investorDetails": customer.investor_details,
            # doc 3 §3 reads the two amounts here; the onboarding's employment-details step saves them with the job
            "personalInformation": {**(customer.personal_information or {}), **{k: job[k] for k in MEANS if k in job}},
            "employmentDetails": customer.employment_details,
        },
        "notify_me": sorted(s.asset_id for s in subs if s.kind == "notify_me"),
        "notify_on_trading": sorted(s.asset_id for s in subs if s.kind == "notify_on_trading"),
    }
