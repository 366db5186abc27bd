"""E-signature of a purchase: the envelope (once per flow), its signing page address, and its status as the
provider tells it — the workflow trusts this status, never only the browser's message."""

from __future__ import annotations

import contextlib

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import esign as interface
from activities.interfaces.esign import EnvelopeRequest, SigningEnvelope
from clients.esign import EsignClient
from clients.http import ProviderRejected
from store.models import Envelope, User


class EsignActivities(interface.EsignActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], esign: EsignClient) -> None:
        self._sessions, self._esign = sessions, esign

    @activity.defn(name="esign.prepare")
    async def prepare(self, req: EnvelopeRequest) -> SigningEnvelope:
        async with self._sessions() as db:
            user = await db.get(User, req.user_id)
            if user is None:
                raise ApplicationError("user not found", type="UserNotFound", non_retryable=True)
            name, email = f"{user.first_name} {user.last_name}".strip() or user.email, user.email
        try:
            envelope = await self._esign.create_envelope(
                req.template_id, name, email, f"user-{req.user_id}", req.return_url, req.fields,
                idempotency_key=f"{req.flow_id}:envelope")
            envelope_id = str(envelope["envelope_id"])
            async with self._sessions() as db:
                await db.execute(insert(Envelope).values(envelope_id=envelope_id, flow_id=req.flow_id,
                                                         user_id=req.user_id, asset_id=req.asset_id)
                                 .on_conflict_do_nothing(index_elements=["envelope_id"]))
                await db.commit()
            url = await self._esign.recipient_view(envelope_id, req.return_url)
        except ProviderRejected as exc:
            raise ApplicationError(exc.message or "Sorry, something went wrong", type="ProviderRejected",
                                   non_retryable=True) from None
        return SigningEnvelope(envelope_id, url)

    @activity.defn(name="esign.status")
    async def status(self, envelope_id: str) -> str:
        try:
            return str((await self._esign.get_envelope(envelope_id))["status"])
        except ProviderRejected as exc:
            raise ApplicationError(exc.message, type="ProviderRejected", non_retryable=True) from None

    @activity.defn(name="esign.void")
    async def void(self, envelope_id: str) -> None:
        with contextlib.suppress(ProviderRejected):  # already completed or gone: nothing to void
            await self._esign.void_envelope(envelope_id, idempotency_key=f"{envelope_id}:void")
