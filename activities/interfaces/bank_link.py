"""The bank_link activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity


@dataclass
class SourceState:
    status: str  # unverified | verified | verification_failed | removed
    micro_deposits: str | None  # pending | arrived | completed | failed


@dataclass
class VerifyAmounts:
    funding_source_id: int
    amount1: str
    amount2: str
    idempotency_key: str


@dataclass
class Remind:
    user_id: int
    funding_source_id: int
    idempotency_key: str


class BankLinkActivities:
    """Stubs with the activities' names and signatures; `activities.bank_link.BankLinkActivities` implements them."""

    @activity.defn(name="bank_link.check")
    async def check(self, funding_source_id: int) -> SourceState:
        raise NotImplementedError

    @activity.defn(name="bank_link.verify")
    async def verify(self, req: VerifyAmounts) -> SourceState:
        raise NotImplementedError

    @activity.defn(name="bank_link.remind")
    async def remind(self, req: Remind) -> None:
        raise NotImplementedError
