"""Transfer activities: initiate a requested transfer in the ledger, submit it to the payments provider, read its
status, and post the outcome to the ledger — each idempotent (provider Idempotency-Key `transfer-{id}`, ledger keys
`transfer-{id}:{event}`)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import transfers as interface
from activities.interfaces.transfers import ProviderStatus, Settle
from clients.http import ProviderRejected
from clients.payments import PaymentsClient
from store.ledger import lock_user
from store.models import FundingSource, Transfer
from store.transfers import REFUSED, REQUESTED, TransferRefused, initiate, refuse
from store.transfers import settle as post_outcome


class TransferActivities(interface.TransferActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], payments: PaymentsClient, hold_days: int) -> None:
        self._sessions, self._payments, self._hold_days = sessions, payments, hold_days

    async def _transfer(self, db: AsyncSession, transfer_id: int) -> Transfer:
        t = await db.get(Transfer, transfer_id)
        if t is None:
            raise ApplicationError(f"transfer {transfer_id} not found", type="TransferNotFound", non_retryable=True)
        return t

    @activity.defn(name="transfers.open")
    async def open(self, transfer_id: int) -> str:
        """Initiates the requested transfer under the user's lock: "" once its initiated entry is posted (again ""
        on a retry), or the spec's message when the withdrawal exceeds the available cash (nothing moved)."""
        async with self._sessions() as db:
            t = await self._transfer(db, transfer_id)
            user_id = t.user_id
            await lock_user(db, user_id)
            await db.refresh(t)
            if t.status != REQUESTED:
                return (t.failure_reason or "Refused") if t.failure_code == REFUSED else ""
            try:
                await initiate(db, t, self._hold_days)
            except TransferRefused as exc:
                await db.rollback()
                await lock_user(db, user_id)
                await db.refresh(t)
                await refuse(db, t, exc.message)
                return exc.message
            await db.commit()
            return ""

    @activity.defn(name="transfers.submit")
    async def submit(self, transfer_id: int) -> ProviderStatus:
        """Creates the provider transfer once (a retry gets the same one back)."""
        async with self._sessions() as db:
            t = await self._transfer(db, transfer_id)
            if t.provider_id:
                return ProviderStatus(t.status)
            source = await db.get(FundingSource, t.funding_source_id)
            assert source is not None
            try:
                answer = await self._payments.call("POST", "/payments/transfers", idempotency_key=f"transfer-{t.id}", json={
                    "funding_source_id": source.provider_id, "direction": t.direction, "amount": str(t.amount)})
            except ProviderRejected as exc:
                return ProviderStatus("failed", "REJECTED", exc.message)
            t.provider_id = str(answer["id"])
            await db.commit()
            return ProviderStatus(str(answer.get("status", "pending")))

    @activity.defn(name="transfers.check")
    async def check(self, transfer_id: int) -> ProviderStatus:
        async with self._sessions() as db:
            t = await self._transfer(db, transfer_id)
        if not t.provider_id:
            return ProviderStatus("pending")
        answer = await self._payments.call("GET", f"/payments/transfers/{t.provider_id}")
        return ProviderStatus(str(answer["status"]), answer.get("failure_code"), answer.get("failure_reason"))

    @activity.defn(name="transfers.settle")
    async def settle(self, req: Settle) -> str:
        """Posts the outcome to the ledger exactly once and records it on the transfer."""
        async with self._sessions() as db:
            t = await self._transfer(db, req.transfer_id)
            return await post_outcome(db, t, req.outcome.status, req.outcome.failure_code, req.outcome.failure_reason)
