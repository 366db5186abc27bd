"""Handing an uploaded identity document to the payments provider (the customer leaves the 'document' status)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import documents as interface
from activities.interfaces.documents import SubmitDocument
from activities.payments import rejected
from clients.http import ProviderRejected
from clients.payments import PaymentsClient
from domain.documents import UPLOAD_FAILED
from store.models import Customer, Upload


class DocumentActivities(interface.DocumentActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], payments: PaymentsClient) -> None:
        self._sessions, self._payments = sessions, payments

    @activity.defn(name="documents.submit")
    async def submit(self, req: SubmitDocument) -> str:
        async with self._sessions() as db:
            upload = await db.scalar(select(Upload).where(col(Upload.token) == req.file_key, col(Upload.user_id) == req.user_id))
            customer = await db.scalar(select(Customer).where(col(Customer.user_id) == req.user_id))
            if upload is None or upload.uploaded_at is None or customer is None or not customer.provider_customer_id:
                raise ApplicationError(UPLOAD_FAILED, type="UploadMissing", non_retryable=True)
            try:
                await self._payments.call("POST", f"/payments/customers/{customer.provider_customer_id}/documents",
                                          json={"document_type": upload.document_type, "file_key": upload.token},
                                          idempotency_key=req.idempotency_key)
            except ProviderRejected as exc:
                raise rejected(exc) from exc
            answer = await self._payments.get_customer(customer.provider_customer_id)
            customer.status = str(answer["status"])
            await db.commit()
            return customer.status
