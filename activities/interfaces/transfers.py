"""The transfers activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity


@dataclass
class ProviderStatus:
    status: str  # pending | processed | failed
    failure_code: str | None = None
    failure_reason: str | None = None


@dataclass
class Settle:
    transfer_id: int
    outcome: ProviderStatus


class TransferActivities:
    """Stubs with the activities' names and signatures; `activities.transfers.TransferActivities` implements them."""

    @activity.defn(name="transfers.open")
    async def open(self, transfer_id: int) -> str:
        raise NotImplementedError

    @activity.defn(name="transfers.submit")
    async def submit(self, transfer_id: int) -> ProviderStatus:
        raise NotImplementedError

    @activity.defn(name="transfers.check")
    async def check(self, transfer_id: int) -> ProviderStatus:
        raise NotImplementedError

    @activity.defn(name="transfers.settle")
    async def settle(self, req: Settle) -> str:
        raise NotImplementedError
