"""The payments activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity


@dataclass
class CustomerRequest:
    user_id: int
    idempotency_key: str
    retry: bool = False


@dataclass
class CustomerSync:
    """Send the investor's saved contact details (read from the database: no PII in the history) to their payment
    customer, under `idempotency_key` (one per sync: a retried activity updates nothing twice)."""

    user_id: int
    idempotency_key: str


NO_CUSTOMER = "no-customer"  # CustomerSync's answer when the investor has no payment customer yet: nothing to send
PROVIDER_REJECTED = "ProviderRejected"  # a provider's refusal: non-retryable


@dataclass
class ManualBank:
    user_id: int
    account_type: str
    name_on_account: str
    routing_number: str
    account_number: str
    idempotency_key: str


@dataclass
class ProviderBank:
    user_id: int
    public_token: str
    account_id: str
    idempotency_key: str


@dataclass
class LinkedBank:
    funding_source_id: int
    status: str
    bank_name: str
    account_tail: str


class PaymentActivities:
    """Stubs with the activities' names and signatures; `activities.payments.PaymentActivities` implements them."""

    @activity.defn(name="payments.ensure_customer")
    async def ensure_customer(self, req: CustomerRequest) -> str:
        raise NotImplementedError

    @activity.defn(name="payments.sync_customer")
    async def sync_customer(self, req: CustomerSync) -> str:
        raise NotImplementedError

    @activity.defn(name="payments.link_manual")
    async def link_manual(self, req: ManualBank) -> LinkedBank:
        raise NotImplementedError

    @activity.defn(name="payments.link_provider")
    async def link_provider(self, req: ProviderBank) -> LinkedBank:
        raise NotImplementedError
