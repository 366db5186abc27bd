"""Saving each onboarding step to PostgreSQL. Every write is an idempotent upsert of the submitted values, so a
retried activity changes nothing further. The SSN is stored encrypted; only its last 4 digits are kept in clear."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, cast, func, literal, select, update
from sqlalchemy.dialects.postgresql import JSONB, insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities import profile_types
from activities.profile_types import Profile, SaveStep
from domain.passport import passport_applied
from domain.profile_rules import NEEDS_EMPLOYER, money_amount, text
from domain.states import is_blocked
from store.crypto import PiiCipher, mask_ssn
from store.models import Customer, FundingSource, StateNotification, User


async def _load(db: AsyncSession, user_id: int) -> tuple[User, Customer]:
    user = await db.get(User, user_id)
    customer = await db.scalar(select(Customer).where(col(Customer.user_id) == user_id))
    if user is None or customer is None:
        raise ApplicationError(f"user {user_id} not found", type="UserNotFound", non_retryable=True)
    return user, customer


# a yes/no step: its answer, and the detail a Yes asks for on the next step
YES_NO_DETAIL = {"finra-or-sec": ("isAssociated", "sec_or_finra_organization_name"),
                 "is-shareholder": ("isShareholder", "publicly_traded_company_tickers")}


class ProfileActivities(profile_types.ProfileActivities):
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
        """One step's values written by one or two UPDATE statements (no ORM load first): the JSON sections get the
        step's keys merged in, so a retry writes the same values again."""
        users, info, emp, inv = self._changes(req.step, req.fields)
        if info:
            users["investment_info"] = _merged(User.investment_info, info)
        customers = {k: _merged(c, v) for k, c, v in (("employment_details", Customer.employment_details, emp),
                                                       ("investor_details", Customer.investor_details, inv)) if v}
        async with self._sessions() as db:
            found = await db.scalar(update(User).where(col(User.id) == req.user_id).values(users or {"id": col(User.id)})
                                    .returning(col(User.id)))
            if found is None:
                raise ApplicationError(f"user {req.user_id} not found", type="UserNotFound", non_retryable=True)
            if req.step == "state-availability-issue" and req.fields.get("notify") is True:
                await db.execute(insert(StateNotification).from_select(
                    ["user_id", "blocked_state"], select(col(User.id), col(User.state)).where(col(User.id) == req.user_id,
                                                                                   col(User.state).is_not(None)))
                    .on_conflict_do_nothing(index_elements=["user_id", "blocked_state"]))
            if customers:
                await db.execute(update(Customer).where(col(Customer.user_id) == req.user_id).values(customers))
            await db.commit()

    def _changes(self, step: str, f: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any],
                                                               dict[str, Any]]:
        """What a step changes: user columns, and keys of investment_info, employment_details, investor_details."""
        users: dict[str, Any] = {}
        info: dict[str, Any] = {}
        emp: dict[str, Any] = {}
        inv: dict[str, Any] = {}
        match step:
            case "name-phone-info":
                users = {"first_name": text(f, "first_name"), "last_name": text(f, "last_name"),
                         "phone_number": text(f, "phone_number")}
            case "date-of-birth":
                users = {"date_of_birth": text(f, "date_of_birth")}
            case "home-address":
                users = {"address": text(f, "address").split(",")[0].strip(), "address2": text(f, "apt"),
                         "city": text(f, "city"), "state": text(f, "state"), "postal_code": text(f, "postal_code")}
            case "ssn":
                ssn = text(f, "ssn")
                if ssn[:1].isdigit():  # a masked value keeps what is saved
                    users = {"ssn_encrypted": self._pii.encrypt(ssn), "ssn_last4": ssn[-4:]}
                now = datetime.now(UTC)  # the first agreement stands; the payment provider's terms are agreed too
                users |= {"terms_agreed_at": func.coalesce(User.terms_agreed_at, now),
                          "tos3_agreed_at": func.coalesce(User.tos3_agreed_at, now)}
            case "accreditation-status":
                info = {"accredited_status": int(text(f, "accredited_status"))}
            case "employment-status":
                emp = {"employmentStatus": text(f, "employmentStatus")}
                if emp["employmentStatus"] not in NEEDS_EMPLOYER:
                    emp |= {"employer": "", "occupationOrJobTitle": ""}
            case "employer-information":
                emp = {"employer": text(f, "employer"), "occupationOrJobTitle": text(f, "occupationOrJobTitle")}
            case "employment-details":
                emp = {"pretaxAnnualIncome": money_amount(f.get("pretaxAnnualIncome")),
                       "liquidNetWorth": money_amount(f.get("liquidNetWorth"))}
            case "risk-profile":
                inv = {"riskToleranceLevel": text(f, "riskToleranceLevel")}
            case "finra-or-sec" | "is-shareholder":
                answer, detail = YES_NO_DETAIL[step]
                info = {answer: f.get(answer) is True}
                if not info[answer]:  # No: the detail it asked for is cleared
                    info[detail] = ""
            case "organization-name":
                info = {"sec_or_finra_organization_name": text(f, "sec_or_finra_organization_name")}
            case "company-ticker":
                info = {"publicly_traded_company_tickers": text(f, "publicly_traded_company_tickers")}
        return users, info, emp, inv


def _merged(column: Any, keys: dict[str, Any]) -> Any:
    """The JSON column with these keys set (PostgreSQL's jsonb `||`), in the same statement that updates the row."""
    merged = func.coalesce(cast(column, JSONB), literal({}, JSONB)).op("||")(literal(keys, JSONB))
    return cast(merged, JSON)
