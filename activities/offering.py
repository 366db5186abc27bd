"""Offering activities: read an asset's offering facts, and move its status on once (a conditional UPDATE that also
bumps `modified`, so the catalogue's change feed carries the transition, then drops the catalogue's Redis copy)."""

from __future__ import annotations

from redis.asyncio import Redis
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import offering as interface
from activities.interfaces.offering import NOT_FOUND, OfferingFacts, Transition
from store.catalogue_cache import invalidate
from store.models import Asset


def _not_found(asset_id: int) -> ApplicationError:
    return ApplicationError(f"asset {asset_id} not found", type=NOT_FOUND, non_retryable=True)


class OfferingActivities(interface.OfferingActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], redis: Redis) -> None:
        self._sessions, self._redis = sessions, redis

    @activity.defn(name="offering.load")
    async def load(self, asset_id: int) -> OfferingFacts:
        async with self._sessions() as db:
            a = await db.get(Asset, asset_id)
        if a is None:
            raise _not_found(asset_id)
        return OfferingFacts(a.id, a.ticker, a.asset_status, a.offering_starts.isoformat() if a.offering_starts else None,
                             a.offering_ends.isoformat() if a.offering_ends else None, a.shares_sold, a.number_of_shares)

    @activity.defn(name="offering.transition")
    async def transition(self, t: Transition) -> bool:
        """True when this call moved the asset from `from_status` to `to_status`; False when it was no longer in
        `from_status` (already moved — by an earlier attempt or a purchase — so nothing changes)."""
        async with self._sessions() as db:
            moved = await db.scalar(
                update(Asset).where(col(Asset.id) == t.asset_id, col(Asset.asset_status) == t.from_status)
                .values(asset_status=t.to_status, modified=func.now()).returning(col(Asset.id)))
            if moved is None and await db.scalar(select(col(Asset.id)).where(col(Asset.id) == t.asset_id)) is None:
                raise _not_found(t.asset_id)
            await db.commit()
        await invalidate(self._redis)  # also on a retry: the attempt that moved it may have failed right here
        return moved is not None
