"""The offering activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity

NOT_FOUND = "AssetNotFound"


@dataclass
class OfferingFacts:
    asset_id: int
    ticker: str
    status: str
    starts: str | None  # ISO 8601 with offset
    ends: str | None
    shares_sold: int
    number_of_shares: int


@dataclass
class Transition:
    asset_id: int
    from_status: str
    to_status: str


class OfferingActivities:
    """Stubs with the activities' names and signatures; `activities.offering.OfferingActivities` implements them."""

    @activity.defn(name="offering.load")
    async def load(self, asset_id: int) -> OfferingFacts:
        raise NotImplementedError

    @activity.defn(name="offering.transition")
    async def transition(self, t: Transition) -> bool:
        raise NotImplementedError
