"""The gates before money moves (spec doc 3 §4.8, in order): verified e-mail, state not blocked, payment customer
verified, a linked verified bank."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from config import Settings
from domain import transfer_rules as T
from domain.customer_status import customer_status_error
from domain.states import is_blocked
from store.models import Customer, Email, FundingSource, User


class GateClosed(Exception):
    """Money may not move for this user now; the message is for the user."""

    def __init__(self, status: int, message: str, error_type: str) -> None:
        super().__init__(message)
        self.status, self.message, self.error_type = status, message, error_type


async def verified_primary_email(db: AsyncSession, user: User) -> bool:
    return bool(await db.scalar(select(col(Email.id)).where(col(Email.user_id) == user.id, col(Email.primary).is_(True),
                                                        col(Email.verified).is_(True))))


async def active_source(db: AsyncSession, user_id: int) -> FundingSource | None:
    source: FundingSource | None = await db.scalar(
        select(FundingSource).where(col(FundingSource.user_id) == user_id, col(FundingSource.removed_at).is_(None))
        .order_by(col(FundingSource.id).desc()))
    return source


async def check_can_move_money(db: AsyncSession, user: User, settings: Settings) -> FundingSource:
    if not await verified_primary_email(db, user):
        raise GateClosed(403, T.VERIFY_EMAIL.format(email=user.email), "EmailNotVerified")
    if is_blocked(user.state, frozenset(settings.enabled_states)):
        raise GateClosed(403, T.BLOCKED_STATE, "StateBlocked")
    customer = await db.scalar(select(Customer).where(col(Customer.user_id) == user.id))
    status = customer.status if customer else "not-created"
    if status == "not-created":
        raise GateClosed(409, T.NO_BANK, "NoFundingSource")
    problem = customer_status_error(status)
    if problem is not None:
        raise GateClosed(403, problem.message, "CustomerStatus")
    source = await active_source(db, user.id)
    if source is None:
        raise GateClosed(409, T.NO_BANK, "NoFundingSource")
    if source.status != "verified":
        raise GateClosed(409, T.NO_BANK, "FundingSourceUnverified")
    return source
