"""Micro-deposit verification of a manually linked bank: read the provider's state, verify the two amounts, remind."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import bank_link as interface
from activities.interfaces.bank_link import Remind, SourceState, VerifyAmounts
from clients.http import ProviderRejected
from clients.mail import MailClient
from clients.payments import PaymentsClient
from store.models import FundingSource, User


class BankLinkActivities(interface.BankLinkActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], payments: PaymentsClient, mail: MailClient,
                 app_url: str) -> None:
        self._sessions, self._payments, self._mail, self._app_url = sessions, payments, mail, app_url.rstrip("/")

    async def _sync(self, db: AsyncSession, source: FundingSource) -> SourceState:
        answer = await self._payments.get_funding_source(source.provider_id)
        status = str(answer["status"])
        if source.status != status and source.removed_at is None:
            source.status = status
            await db.commit()
        return SourceState(status, answer.get("micro_deposits"))

    async def _source(self, db: AsyncSession, funding_source_id: int) -> FundingSource:
        source = await db.get(FundingSource, funding_source_id)
        if source is None:
            raise ApplicationError("funding source not found", type="SourceNotFound", non_retryable=True)
        return source

    @activity.defn(name="bank_link.check")
    async def check(self, funding_source_id: int) -> SourceState:
        async with self._sessions() as db:
            return await self._sync(db, await self._source(db, funding_source_id))

    @activity.defn(name="bank_link.verify")
    async def verify(self, req: VerifyAmounts) -> SourceState:
        async with self._sessions() as db:
            source = await self._source(db, req.funding_source_id)
            try:
                await self._payments.call("POST", f"/payments/funding-sources/{source.provider_id}/micro-deposits",
                                          json={"amount1": req.amount1, "amount2": req.amount2},
                                          idempotency_key=req.idempotency_key)
            except ProviderRejected as exc:
                state = await self._sync(db, source)
                raise ApplicationError(exc.message, state.status, type="MicroDepositsRejected",
                                       non_retryable=True) from exc
            return await self._sync(db, source)

    @activity.defn(name="bank_link.remind")
    async def remind(self, req: Remind) -> None:
        async with self._sessions() as db:
            user = await db.get(User, req.user_id)
            if user is None:
                return
            await self._mail.send(
                to=user.email, subject="Verify your bank account",
                text="Two small deposits were sent to your bank account. Enter their amounts to finish linking it:\n"
                     f"{self._app_url}/app/investments/microdeposits\n\nIf they have not arrived after 72 hours, "
                     "contact support.", idempotency_key=req.idempotency_key)
