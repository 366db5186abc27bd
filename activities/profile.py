"""The onboarding's profile: what it holds (`profile.load`) and saving each step (`profile.save_step`, through
store/profiles.py: idempotent updates of the submitted values, so a retried activity changes nothing further; the SSN
stored encrypted, only its last 4 digits in clear)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import profile as interface
from activities.interfaces.profile import Profile, SaveStep
from domain.passport import passport_applied
from domain.states import is_blocked
from store import profiles
from store.crypto import PiiCipher, mask_ssn
from store.models import Customer, FundingSource, User


async def _load(db: AsyncSession, user_id: int) -> tuple[User, Customer]:
    user = await db.get(User, user_id)
    customer = await db.scalar(select(Customer).where(col(Customer.user_id) == user_id))
    if user is None or customer is None:
        raise ApplicationError(f"user {user_id} not found", type="UserNotFound", non_retryable=True)
    return user, customer


class ProfileActivities(interface.ProfileActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], pii: PiiCipher,
                 enabled_states: frozenset[str]) -> None:
        self._sessions, self._pii, self._enabled = sessions, pii, enabled_states

    @activity.defn(name="profile.load")
    async def load(self, user_id: int) -> Profile:
        async with self._sessions() as db:
            user, customer = await _load(db, user_id)
            sources = (await db.scalars(select(FundingSource).where(
                col(FundingSource.user_id) == user_id, col(FundingSource.removed_at).is_(None)))).all()
        info, emp, inv = user.investment_info or {}, customer.employment_details or {}, customer.investor_details or {}
        has_source = bool(sources)
        basics = {"first_name": user.first_name, "last_name": user.last_name, "phone_number": user.phone_number,
                  "date_of_birth": user.date_of_birth, "address": user.address, "city": user.city, "state": user.state,
                  "ssn_last4": user.ssn_last4, "terms_agreed_at": user.terms_agreed_at}
        facts = {
            "passport_applied": passport_applied(basics, info, emp, inv.get("riskToleranceLevel"), has_source),
            "has_funding_source": has_source,
            "funding_source_status": sources[0].status if sources else None,
            "state_blocked": is_blocked(user.state, self._enabled),
            "employmentStatus": emp.get("employmentStatus"),
            "isAssociated": info.get("isAssociated"),
            "isShareholder": info.get("isShareholder"),
            "ssn_locked": bool(user.ssn_last4),
            "customer_status": customer.status,
        }
        values: dict[str, dict[str, Any]] = {
            "name-phone-info": {"first_name": user.first_name, "last_name": user.last_name,
                                "phone_number": user.phone_number},
            "date-of-birth": {"date_of_birth": user.date_of_birth},
            "home-address": {"address": user.address, "apt": user.address2, "city": user.city, "state": user.state,
                             "postal_code": user.postal_code},
            "ssn": {"ssn": mask_ssn(user.ssn_last4), "agreeAndContinue": bool(user.terms_agreed_at),
                    "agreedToCustodianTerms": bool(user.terms_agreed_at),
                    "agreedToPaymentTerms": bool(user.terms_agreed_at)},
            "accreditation-status": {"accredited_status": str(info["accredited_status"])
                                     if "accredited_status" in info else ""},
            "employment-status": {"employmentStatus": emp.get("employmentStatus", "")},
            "employer-information": {"employer": emp.get("employer", ""),
                                     "occupationOrJobTitle": emp.get("occupationOrJobTitle", "")},
            "employment-details": {"pretaxAnnualIncome": emp.get("pretaxAnnualIncome", ""),
                                   "liquidNetWorth": emp.get("liquidNetWorth", "")},
            "risk-profile": {"riskToleranceLevel": inv.get("riskToleranceLevel", "")},
            "finra-or-sec": {"isAssociated": info.get("isAssociated")},
            "organization-name": {"sec_or_finra_organization_name": info.get("sec_or_finra_organization_name", "")},
            "is-shareholder": {"isShareholder": info.get("isShareholder")},
            "company-ticker": {"publicly_traded_company_tickers": info.get("publicly_traded_company_tickers", "")},
        }
        return Profile(facts, values)

    @activity.defn(name="profile.save_step")
    async def save_step(self, req: SaveStep) -> None:
        """One step's values (store/profiles.py: idempotent updates, so a retry writes the same values again)."""
        async with self._sessions() as db:
            if not await profiles.save_step(db, self._pii, req.user_id, req.step, req.fields):
                raise ApplicationError(f"user {req.user_id} not found", type="UserNotFound", non_retryable=True)
