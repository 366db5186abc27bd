"""The api's notice check ("Notify me", workflows/asset_notices.py): every `notice_check_seconds` one api process (a
Redis lock) looks for assets with subscriptions whose status — as the catalogue shows it: the row's, or the ATS
market's for a traded asset (store/trading/market_state.py, kept by the market refresher) — says their event has happened,
and starts that asset's `AssetNotices` for the event (a running one is kept; one that finished is started again).

This is how trading opening reaches its subscribers — an asset leaving Trading closed when the ATS enables its
market (the refresher's next pass), or ops moving a Closed ICO asset on to Post Only or Trading — and a catch-up
for offerings, whose own workflow starts the notices the moment it opens them (a subscription that slipped in
meanwhile is answered here). Level-triggered: an api down or a start that failed is made good by the next check."""

from __future__ import annotations

import asyncio

from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError
from temporalio.client import Client
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy
from temporalio.service import RPCError

from api import periodic
from api.state import AppState
from config import Settings
from domain import notices as N
from store.notices import waiting_assets
from store.trading import market_state
from workflows.asset_notices import AssetNoticesInput, AssetNoticesWorkflow, search_attributes, summary, tuning_of
from workflows.asset_notices import workflow_id as notices_id

LOCK_KEY = "notices:check:lock"
# what a check may meet (Redis, PostgreSQL or Temporal down; the Temporal client's first connect fails with a
# RuntimeError): logged, the loop carries on
FAILURES = (RedisError, SQLAlchemyError, RPCError, OSError, RuntimeError)


async def due(state: AppState) -> list[tuple[int, str, str]]:
    """(asset id, ticker, event) of every asset whose waiting subscribers are due their notice now."""
    async with state.sessions() as db:
        waiting = await waiting_assets(db)
    market = await market_state.load(state.redis) if waiting else {}
    return [(asset_id, ticker, event) for asset_id, ticker, status, event in waiting
            if N.reached(event, market_state.current_status(status, market.get(ticker)))]


async def start_notices(client: Client, settings: Settings, asset_id: int, ticker: str, event: str) -> str:
    """Starts the asset's AssetNotices for `event`, or keeps the one running; answers its workflow id."""
    handle = await client.start_workflow(
        AssetNoticesWorkflow.run, AssetNoticesInput(asset_id, event, tuning_of(settings)), id=notices_id(asset_id, event),
        task_queue=settings.task_queue, id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
        id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE, static_summary=summary(ticker, event),
        search_attributes=search_attributes(ticker))
    return handle.id


async def check(state: AppState) -> list[str]:
    """One check: the AssetNotices started (or kept) for every due asset and event; their workflow ids."""
    found = await due(state)
    if not found:
        return []
    client = await state.temporal()
    return [await start_notices(client, state.settings, asset_id, ticker, event) for asset_id, ticker, event in found]


def start(state: AppState) -> asyncio.Task[None] | None:
    """The api lifespan's background check, one process at a time (none when `notice_check_seconds` is 0, as in
    tests, which check on purpose)."""
    interval = state.settings.notice_check_seconds
    if interval <= 0:
        return None
    return asyncio.create_task(periodic.every(state.redis, interval, LOCK_KEY, lambda: check(state), FAILURES,
                                              "notice check (the next one catches up)"), name="notice-check")
