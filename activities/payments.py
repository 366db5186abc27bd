"""Payment-provider customer and bank linking. Provider calls carry idempotency keys (workflow id + purpose), and
local rows are upserted on the same keys, so a retried activity creates nothing twice."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import payments as interface
from activities.interfaces.payments import (
    NO_CUSTOMER,
    PROVIDER_REJECTED,
    CustomerRequest,
    CustomerSync,
    LinkedBank,
    ManualBank,
    ProviderBank,
)
from activities.profile import _load
from clients.http import ProviderRejected
from clients.payments import BankLinkClient, PaymentsClient
from store.banks import save_source
from store.crypto import PiiCipher
from store.models import User


def rejected(exc: ProviderRejected) -> ApplicationError:
    """A provider's refusal becomes a non-retryable error whose message the user sees."""
    return ApplicationError(exc.message, type=PROVIDER_REJECTED, non_retryable=True)


def contact_details(user: User) -> dict[str, str]:
    """What the payment customer's record holds of the investor's contact details, in the provider's shape: the
    filled fields only (an unfinished profile leaves the provider's as they are), the apt with its street (cleared
    too), the phone as its ten digits."""
    digits = "".join(ch for ch in user.phone_number if ch.isdigit())
    details = {"email": user.email, "address1": user.address, "city": user.city, "state": user.state,
               "postal_code": user.postal_code, "phone": digits[-10:] if len(digits) >= 10 else ""}
    sent = {k: v for k, v in details.items() if v}
    if user.address:
        sent["address2"] = user.address2
    return sent


class PaymentActivities(interface.PaymentActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], payments: PaymentsClient, banklink: BankLinkClient,
                 pii: PiiCipher) -> None:
        self._sessions, self._payments, self._banklink, self._pii = sessions, payments, banklink, pii

    @activity.defn(name="payments.ensure_customer")
    async def ensure_customer(self, req: CustomerRequest) -> str:
        """Creates (or re-submits after `retry`) the payment-provider customer; returns its verification status."""
        async with self._sessions() as db:
            user, customer = await _load(db, req.user_id)
            try:
                if customer.provider_customer_id and req.retry:
                    answer = await self._payments.retry_customer(
                        customer.provider_customer_id, first_name=user.first_name, last_name=user.last_name,
                        ssn_last4=user.ssn_last4, idempotency_key=req.idempotency_key)
                elif customer.provider_customer_id:
                    answer = await self._payments.get_customer(customer.provider_customer_id)
                else:
                    answer = await self._payments.create_customer(
                        external_id=str(user.id), first_name=user.first_name, last_name=user.last_name,
                        email=user.email, ssn_last4=user.ssn_last4, idempotency_key=req.idempotency_key,
                        contact=contact_details(user))
            except ProviderRejected as exc:
                raise rejected(exc) from exc
            customer.provider_customer_id, customer.status = str(answer["id"]), str(answer["status"])
            await db.commit()
            return customer.status

    @activity.defn(name="payments.sync_customer")
    async def sync_customer(self, req: CustomerSync) -> str:
        """Sends the saved contact details to the investor's payment customer; its status, or NO_CUSTOMER. The
        verified identity (name, SSN) is not sent: the provider changes it only through a retry of the
        verification (onboarding)."""
        async with self._sessions() as db:
            user, customer = await _load(db, req.user_id)
        if not customer.provider_customer_id:
            return NO_CUSTOMER
        try:
            answer = await self._payments.update_customer(customer.provider_customer_id, contact_details(user),
                                                          idempotency_key=req.idempotency_key)
        except ProviderRejected as exc:
            raise rejected(exc) from exc
        return str(answer["status"])

    async def _save_source(self, db: AsyncSession, user_id: int, key: str, answer: dict[str, object], method: str,
                           **extra: str) -> LinkedBank:
        row = await save_source(db, user_id=user_id, key=key, provider_id=str(answer["id"]), status=str(answer["status"]),
                                method=method, bank_name=str(answer.get("bank_name") or ""),
                                account_tail=str(answer.get("account_tail") or ""), **extra)
        return LinkedBank(row.id, row.status, row.bank_name, row.account_tail)

    @activity.defn(name="payments.link_manual")
    async def link_manual(self, req: ManualBank) -> LinkedBank:
        async with self._sessions() as db:
            _, customer = await _load(db, req.user_id)
            if not customer.provider_customer_id:
                raise ApplicationError("no payment customer yet", type="NoCustomer", non_retryable=True)
            try:
                answer = await self._payments.create_funding_source(
                    customer.provider_customer_id, routing_number=req.routing_number,
                    account_number=req.account_number, name=req.name_on_account, account_type=req.account_type,
                    idempotency_key=req.idempotency_key)
            except ProviderRejected as exc:
                raise rejected(exc) from exc
            return await self._save_source(
                db, req.user_id, req.idempotency_key, answer, "manual", name_on_account=req.name_on_account,
                account_type=req.account_type, routing_number=req.routing_number,
                account_number_encrypted=self._pii.encrypt(req.account_number))

    @activity.defn(name="payments.link_provider")
    async def link_provider(self, req: ProviderBank) -> LinkedBank:
        async with self._sessions() as db:
            _, customer = await _load(db, req.user_id)
            if not customer.provider_customer_id:
                raise ApplicationError("no payment customer yet", type="NoCustomer", non_retryable=True)
            try:
                exchanged = await self._banklink.exchange(req.public_token)
                processor = await self._banklink.processor_token(str(exchanged["access_token"]), req.account_id)
                answer = await self._payments.funding_source_from_processor_token(
                    customer.provider_customer_id, str(processor["processor_token"]), req.idempotency_key)
            except ProviderRejected as exc:
                raise rejected(exc) from exc
            account = processor.get("account") or {}
            return await self._save_source(db, req.user_id, req.idempotency_key, answer, "provider",
                                           name_on_account=str(account.get("name", "")),
                                           account_type=str(account.get("type", "")).upper())
