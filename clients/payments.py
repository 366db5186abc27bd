"""Typed client of the ACH payments provider (customers, funding sources, micro-deposits, transfers)."""

from __future__ import annotations

import uuid
from typing import Any

from clients.http import ProviderClient


class PaymentsClient(ProviderClient):
    async def create_customer(self, *, external_id: str, first_name: str, last_name: str, email: str, ssn_last4: str,
                              idempotency_key: str, contact: dict[str, str] | None = None) -> dict[str, Any]:
        """`contact`: address1, address2, city, state, postal_code, phone (those known; `update_customer` later)."""
        return await self.call("POST", "/payments/customers", idempotency_key=idempotency_key, json={
            **(contact or {}), "external_id": external_id, "first_name": first_name, "last_name": last_name,
            "email": email, "ssn_last4": ssn_last4})

    async def retry_customer(self, customer_id: str, *, first_name: str, last_name: str, ssn_last4: str,
                             idempotency_key: str) -> dict[str, Any]:
        return await self.call("POST", f"/payments/customers/{customer_id}/retry", idempotency_key=idempotency_key,
                               json={"first_name": first_name, "last_name": last_name, "ssn_last4": ssn_last4})

    async def update_customer(self, customer_id: str, contact: dict[str, str], *, idempotency_key: str) -> dict[str, Any]:
        """Replaces the customer's contact details sent (email, address1, address2, city, state, postal_code, phone)."""
        return await self.call("POST", f"/payments/customers/{customer_id}", idempotency_key=idempotency_key,
                               json=contact)

    async def get_customer(self, customer_id: str) -> dict[str, Any]:
        return await self.call("GET", f"/payments/customers/{customer_id}")

    async def create_funding_source(self, customer_id: str, *, routing_number: str, account_number: str, name: str,
                                    account_type: str, idempotency_key: str) -> dict[str, Any]:
        return await self.call("POST", f"/payments/customers/{customer_id}/funding-sources",
                               idempotency_key=idempotency_key, json={
                                   "routing_number": routing_number, "account_number": account_number, "name": name,
                                   "type": account_type.lower()})

    async def funding_source_from_processor_token(self, customer_id: str, processor_token: str,
                                                  idempotency_key: str) -> dict[str, Any]:
        return await self.call("POST", f"/payments/customers/{customer_id}/funding-sources/processor-token",
                               idempotency_key=idempotency_key, json={"processor_token": processor_token})

    async def get_funding_source(self, funding_source_id: str) -> dict[str, Any]:
        return await self.call("GET", f"/payments/funding-sources/{funding_source_id}")

    async def verify_micro_deposits(self, funding_source_id: str, amount1: str, amount2: str) -> dict[str, Any]:
        return await self.call("POST", f"/payments/funding-sources/{funding_source_id}/micro-deposits",
                               json={"amount1": amount1, "amount2": amount2})


class BankLinkClient(ProviderClient):
    async def link_token(self, external_id: str, return_url: str) -> dict[str, Any]:
        return await self.call("POST", "/banklink/link-tokens", json={"external_id": external_id, "return_url": return_url},
                               idempotency_key=f"link-token:{external_id}:{uuid.uuid4().hex}")

    async def exchange(self, public_token: str) -> dict[str, Any]:
        """Idempotent on the token: a retried exchange gets the same access token back."""
        return await self.call("POST", "/banklink/exchange", json={"public_token": public_token},
                               idempotency_key=f"exchange:{public_token}")

    async def processor_token(self, access_token: str, account_id: str) -> dict[str, Any]:
        return await self.call("POST", "/banklink/processor-token",
                               json={"access_token": access_token, "account_id": account_id},
                               idempotency_key=f"processor-token:{access_token}:{account_id}")
