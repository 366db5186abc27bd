"""The funding activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity


@dataclass
class OpenDeposit:
    user_id: int
    amount: str
    idempotency_key: str


class FundingActivities:
    """Stubs with the activities' names and signatures; `activities.funding.FundingActivities` implements them."""

    @activity.defn(name="funding.open_deposit")
    async def open_deposit(self, req: OpenDeposit) -> int:
        raise NotImplementedError
