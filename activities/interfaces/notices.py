"""The notice activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity

NOT_FOUND = "AssetNotFound"
UNKNOWN_EVENT = "UnknownEvent"


@dataclass
class Claim:
    asset_id: int
    event: str  # domain/notices.py: offering-open | trading-open
    limit: int  # subscriptions claimed in one transaction


@dataclass
class Claimed:
    due: bool  # the asset's status (as the catalogue shows it) says the event has happened
    count: int = 0  # the subscriptions this call claimed (each became a notice)


@dataclass
class Unmailed:
    asset_id: int
    event: str
    after: int  # a notice id: only those above it
    limit: int


class NoticeActivities:
    """Stubs with the activities' names and signatures; `activities.notices.NoticeActivities` implements them."""

    @activity.defn(name="notices.claim")
    async def claim(self, c: Claim) -> Claimed:
        raise NotImplementedError

    @activity.defn(name="notices.unmailed")
    async def unmailed(self, u: Unmailed) -> list[int]:
        raise NotImplementedError

    @activity.defn(name="notices.mail")
    async def mail(self, notice_id: int) -> bool:
        raise NotImplementedError
