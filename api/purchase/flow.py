"""Which purchase flow of an asset is the caller's: `purchase-{user_id}-{asset_id}-{n}`, where `n` moves on once
the previous flow of that asset has ended (completed, failed or timed out)."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.service import RPCError, RPCStatusCode

from api.errors import ApiError
from api.flows_registry import Start
from api.params import valid_id
from store.models import Asset, PurchaseCounter, User
from workflows.purchase.workflow import workflow_id

ASSET_NOT_FOUND = "Asset not found."


async def asset_of(db: AsyncSession, asset_id: object) -> Asset:
    if isinstance(asset_id, bool) or not isinstance(asset_id, int | str) or not str(asset_id).isdigit():
        raise ApiError(422, "Choose an asset to invest in.", field="asset_id")
    if not valid_id(int(asset_id)):
        raise ApiError(404, ASSET_NOT_FOUND)
    asset = await db.get(Asset, int(asset_id))
    if asset is None:
        raise ApiError(404, ASSET_NOT_FOUND)
    return asset


async def _running(client: Client, flow_id: str) -> bool | None:
    """True running, False ended, None never started."""
    try:
        desc = await client.get_workflow_handle(flow_id).describe()
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            return None
        raise
    return desc.status == WorkflowExecutionStatus.RUNNING


async def _counter(db: AsyncSession, user_id: int, asset_id: int) -> int:
    await db.execute(insert(PurchaseCounter).values(user_id=user_id, asset_id=asset_id, n=1)
                     .on_conflict_do_nothing(index_elements=["user_id", "asset_id"]))
    row = await db.get(PurchaseCounter, (user_id, asset_id))
    assert row is not None
    await db.commit()
    return row.n


async def purchase_start(db: AsyncSession, client: Client, user: User, asset: Asset) -> Start:
    """The flow to open: the current one while it runs (or was never started), else the next number."""
    n = await _counter(db, user.id, asset.id)
    if await _running(client, workflow_id(user.id, asset.id, n)) is False:
        await db.execute(update(PurchaseCounter).where(col(PurchaseCounter.user_id) == user.id,
                                                       col(PurchaseCounter.asset_id) == asset.id, col(PurchaseCounter.n) == n)
                         .values(n=n + 1))
        await db.commit()
        n += 1
    return Start(asset.id, n, asset.ticker)


async def running_purchase(db: AsyncSession, client: Client, user: User, asset_id: int) -> str:
    """The id of the caller's running purchase flow of this asset, or 404."""
    row = await db.get(PurchaseCounter, (user.id, asset_id))
    if row is not None:
        flow_id = workflow_id(user.id, asset_id, row.n)
        if await _running(client, flow_id):
            return flow_id
    raise ApiError(404, "There is no purchase of this asset in progress.")
