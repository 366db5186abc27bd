"""The investor's profile as the onboarding saves it, one step at a time (activities/profile.py's `save_step`, and the
demo seed): user columns, and keys merged into `investment_info`, the customer's `employment_details` and
`investor_details`. Every write is an idempotent update of the submitted values, so a retry changes nothing further.
The SSN is stored encrypted; only its last 4 digits are kept in clear."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, cast, func, literal, select, update
from sqlalchemy.dialects.postgresql import JSONB, insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain.profile_rules import NEEDS_EMPLOYER, money_amount, text
from store.crypto import PiiCipher
from store.models import Customer, StateNotification, User

# a yes/no step: its answer, and the detail a Yes asks for on the next step
YES_NO_DETAIL = {"finra-or-sec": ("isAssociated", "sec_or_finra_organization_name"),
                 "is-shareholder": ("isShareholder", "publicly_traded_company_tickers")}

Changes = tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]


def step_changes(step: str, f: dict[str, Any], pii: PiiCipher) -> Changes:
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
                users = {"ssn_encrypted": pii.encrypt(ssn), "ssn_last4": ssn[-4:]}
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


async def save_step(db: AsyncSession, pii: PiiCipher, user_id: int, step: str, fields: dict[str, Any]) -> bool:
    """One step's values written by one or two UPDATE statements (no ORM load first): the JSON sections get the
    step's keys merged in, so a retry writes the same values again. False (nothing written) when there is no such
    user; commits."""
    users, info, emp, inv = step_changes(step, fields, pii)
    if info:
        users["investment_info"] = _merged(User.investment_info, info)
    customers = {k: _merged(c, v) for k, c, v in (("employment_details", Customer.employment_details, emp),
                                                   ("investor_details", Customer.investor_details, inv)) if v}
    found = await db.scalar(update(User).where(col(User.id) == user_id).values(users or {"id": col(User.id)})
                            .returning(col(User.id)))
    if found is None:
        await db.rollback()
        return False
    if step == "state-availability-issue" and fields.get("notify") is True:
        await db.execute(insert(StateNotification).from_select(
            ["user_id", "blocked_state"], select(col(User.id), col(User.state)).where(col(User.id) == user_id,
                                                                                   col(User.state).is_not(None)))
            .on_conflict_do_nothing(index_elements=["user_id", "blocked_state"]))
    if customers:
        await db.execute(update(Customer).where(col(Customer.user_id) == user_id).values(customers))
    await db.commit()
    return True


def _merged(column: Any, keys: dict[str, Any]) -> Any:
    """The JSON column with these keys set (PostgreSQL's jsonb `||`), in the same statement that updates the row."""
    merged = func.coalesce(cast(column, JSONB), literal({}, JSONB)).op("||")(literal(keys, JSONB))
    return cast(merged, JSON)
