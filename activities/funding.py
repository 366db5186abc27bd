"""Funding activities used by flows: the gates, and opening a deposit (the same rules as the REST endpoint)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import funding as interface
from activities.interfaces.funding import OpenDeposit
from config import Settings
from store.gates import GateClosed, check_can_move_money
from store.models import User
from store.transfers import TransferRefused, open_transfer


class FundingActivities(interface.FundingActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], settings: Settings) -> None:
        self._sessions, self._settings = sessions, settings

    @activity.defn(name="funding.open_deposit")
    async def open_deposit(self, req: OpenDeposit) -> int:
        async with self._sessions() as db:
            user = await db.get(User, req.user_id)
            if user is None:
                raise ApplicationError("user not found", type="UserNotFound", non_retryable=True)
            try:
                source = await check_can_move_money(db, user, self._settings)
                t = await open_transfer(db, user_id=user.id, funding_source_id=source.id, direction="deposit",
                                        amount=Decimal(req.amount), hold_days=self._settings.deposit_hold_days,
                                        idempotency_key=req.idempotency_key)
            except GateClosed as exc:
                raise ApplicationError(exc.message, type="TransferRefused", non_retryable=True) from None
            except TransferRefused as exc:
                raise ApplicationError(exc.message, type="TransferRefused", non_retryable=True) from None
            return t.id
