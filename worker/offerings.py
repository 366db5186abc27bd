"""Starting offering workflows (`offering-{asset_id}`): one per asset still in Coming Soon or Open ICO with offering
dates, started when the worker starts. Idempotent: a running offering is kept, a completed one is not restarted."""

from __future__ import annotations

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio.client import Client
from temporalio.common import SearchAttributePair, TypedSearchAttributes, WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import WorkflowAlreadyStartedError

from config import Settings
from domain.offering import OFFERING_STATUSES
from store.models import Asset
from workflows import search_attributes as sa
from workflows.asset_notices import tuning_of
from workflows.offering import KIND, OfferingInput, OfferingWorkflow, summary, workflow_id


async def start_offering(client: Client, settings: Settings, asset_id: int, ticker: str) -> bool:
    """Starts the asset's offering unless it is running already (kept) or has completed (not restarted: False). One
    that failed or was terminated is started again."""
    try:
        await client.start_workflow(
            OfferingWorkflow.run, OfferingInput(asset_id, settings.offering_recheck_seconds,
                                                notices=tuning_of(settings)), id=workflow_id(asset_id),
            task_queue=settings.task_queue, id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY, static_summary=summary(ticker),
            search_attributes=TypedSearchAttributes([SearchAttributePair(sa.ASSET_TICKER, ticker),
                                                     SearchAttributePair(sa.FLOW, KIND)]))
    except WorkflowAlreadyStartedError:
        return False
    return True


async def ensure_offerings(client: Client, sessions: async_sessionmaker[AsyncSession], settings: Settings) -> list[int]:
    """Makes sure every open or upcoming offering with dates has its workflow; returns the ids of those assets."""
    async with sessions() as db:
        rows = (await db.execute(
            select(col(Asset.id), col(Asset.ticker)).where(
                col(Asset.asset_status).in_(OFFERING_STATUSES),
                or_(col(Asset.offering_starts).is_not(None), col(Asset.offering_ends).is_not(None)))
            .order_by(col(Asset.id)))).all()
    return [asset_id for asset_id, ticker in rows if await start_offering(client, settings, asset_id, ticker)]
