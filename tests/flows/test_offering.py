"""The offering workflow on the real services: Coming Soon → Open ICO → Closed ICO on its dates, seen by the catalogue's
change feed; a sold-out offering finishing on its signal; date edits picked up; starting offerings idempotently."""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import delete, update
from sqlmodel import col
from temporalio.client import Client, WorkflowExecutionStatus, WorkflowHandle
from temporalio.worker import Worker

from api.state import AppState
from config import Settings
from domain.asset_status import CLOSED_ICO, COMING_SOON, OPEN_ICO
from store.models import Asset
from tests.waiting import eventually, within_deadline
from tests.workflows.histories import record
from worker.offerings import ensure_offerings, start_offering
from workflows import search_attributes as sa
from workflows.offering import OfferingInput, OfferingStatus, OfferingWorkflow, workflow_id

Handle = WorkflowHandle[OfferingWorkflow, str]


class Assets:
    """Test assets with unique tickers, removed again after the test."""

    def __init__(self, state: AppState) -> None:
        self.state = state
        self.ids: list[int] = []

    async def add(self, status: str, starts: datetime | None, ends: datetime | None, sold: int = 0) -> Asset:
        ticker = f"#T{uuid.uuid4().hex[:8].upper()}"
        a = Asset(ticker=ticker, display_name=f"Test offering {ticker}", short_name=ticker, category="cars",
                  asset_status=status, asset_value=Decimal("1000.00"), number_of_shares=100, shares_sold=sold,
                  tertiary_color="#1f6feb", offering_starts=starts, offering_ends=ends)
        async with self.state.sessions() as db:
            db.add(a)
            await db.commit()
        self.ids.append(a.id)
        return a

    async def get(self, asset_id: int) -> Asset:
        async with self.state.sessions() as db:
            a = await db.get(Asset, asset_id)
        assert a is not None
        return a

    async def set(self, asset_id: int, **values: Any) -> None:
        async with self.state.sessions() as db:
            await db.execute(update(Asset).where(col(Asset.id) == asset_id).values(**values))
            await db.commit()


@pytest.fixture
async def assets(app_state: AppState) -> AsyncIterator[Assets]:
    made = Assets(app_state)
    yield made
    async with app_state.sessions() as db:
        await db.execute(delete(Asset).where(col(Asset.id).in_(made.ids)))
        await db.commit()
    await app_state.catalogue.invalidate()


async def in_feed(api: httpx.AsyncClient, asset_id: int, since: float, status: str) -> dict[str, Any]:
    """The asset's item once the change feed (modified since `since`) shows it in `status`."""
    async def probe() -> dict[str, Any] | None:
        items = (await api.get("/api/v2/asset/status/", params={"modified_gte": str(since)})).json()["items"]
        return next((i for i in items if i["id"] == asset_id and i["asset_status"] == status), None)
    return await eventually(probe)


async def queried(handle: Handle, status: str) -> OfferingStatus:
    async def probe() -> OfferingStatus | None:
        s = await handle.query(OfferingWorkflow.status)
        return s if s.asset_status == status else None
    return await eventually(probe)


async def a_later_run(client: Client, wid: str, first_run: str | None) -> bool:
    return (await client.get_workflow_handle(wid).describe()).run_id != first_run


def now() -> datetime:
    return datetime.now(UTC)


async def test_offering_opens_then_closes_on_its_dates(api: httpx.AsyncClient, assets: Assets, temporal_client: Client,
                                                      settings: Settings, worker: Worker) -> None:
    """The test moves the dates: far ahead while it reads each stage (the query, the change feed), then to now —
    the workflow, re-reading its asset every second here, picks the edit up and moves the asset on. Nothing depends
    on how long a step takes."""
    since = time.time() - 1
    ahead = now() + timedelta(days=1)
    a = await assets.add(COMING_SOON, ahead, ahead + timedelta(days=1))
    created = (await assets.get(a.id)).modified
    rechecking = settings.model_copy(update={"offering_recheck_seconds": 1})
    assert await start_offering(temporal_client, rechecking, a.id, a.ticker)
    handle: Handle = temporal_client.get_workflow_handle(workflow_id(a.id))
    waiting = await queried(handle, COMING_SOON)
    assert (waiting.next_status, waiting.reason) == (OPEN_ICO, "offering starts")
    assert waiting.next_at is not None and datetime.fromisoformat(waiting.next_at) == ahead
    await assets.set(a.id, offering_starts=now())  # the offering starts now
    opened = await in_feed(api, a.id, since, OPEN_ICO)
    assert opened["progress_bar"] == 0 and opened["shares_available"] == 100
    opened_at = (await assets.get(a.id)).modified
    assert opened_at > created
    closing = await queried(handle, OPEN_ICO)
    assert (closing.next_status, closing.reason) == (CLOSED_ICO, "offering ends")
    await assets.set(a.id, offering_ends=now())  # and ends now
    await in_feed(api, a.id, since, CLOSED_ICO)
    assert (await assets.get(a.id)).modified > opened_at
    assert await within_deadline(handle.result()) == CLOSED_ICO
    desc = await handle.describe()
    assert desc.typed_search_attributes.get(sa.ASSET_TICKER) == a.ticker
    assert desc.typed_search_attributes.get(sa.FLOW) == "offering"
    assert desc.typed_search_attributes.get(sa.STEP) == CLOSED_ICO
    assert await desc.static_summary() == f"Offering of {a.ticker}"
    assert not await start_offering(temporal_client, settings, a.id, a.ticker)  # a finished offering is not restarted
    await record(handle, "Offering--opened-closed")


async def test_sold_out_offering_finishes_on_its_signal(assets: Assets, temporal_client: Client, settings: Settings,
                                                        worker: Worker) -> None:
    a = await assets.add(OPEN_ICO, now() - timedelta(days=1), now() + timedelta(days=1), sold=40)
    assert await start_offering(temporal_client, settings, a.id, a.ticker)
    handle: Handle = temporal_client.get_workflow_handle(workflow_id(a.id))
    waiting = await queried(handle, OPEN_ICO)
    assert (waiting.next_status, waiting.reason) == (CLOSED_ICO, "offering ends")
    await assets.set(a.id, shares_sold=100, asset_status=CLOSED_ICO)  # as the purchase that sold the last share does
    await handle.signal(OfferingWorkflow.sold_out)
    assert await within_deadline(handle.result()) == CLOSED_ICO
    await record(handle, "Offering--sold-out")


async def test_sold_out_without_the_status_closes_the_offering(assets: Assets, temporal_client: Client,
                                                               settings: Settings, worker: Worker) -> None:
    a = await assets.add(OPEN_ICO, now() - timedelta(days=1), now() + timedelta(days=1), sold=40)
    assert await start_offering(temporal_client, settings, a.id, a.ticker)
    handle: Handle = temporal_client.get_workflow_handle(workflow_id(a.id))
    await queried(handle, OPEN_ICO)
    await assets.set(a.id, shares_sold=100)
    await handle.signal(OfferingWorkflow.sold_out)
    assert await within_deadline(handle.result()) == CLOSED_ICO
    assert (await assets.get(a.id)).asset_status == CLOSED_ICO


async def test_date_edits_are_picked_up_across_runs(assets: Assets, temporal_client: Client, settings: Settings,
                                                    worker: Worker) -> None:
    a = await assets.add(COMING_SOON, None, None)
    handle = await temporal_client.start_workflow(
        OfferingWorkflow.run, OfferingInput(a.id, recheck_seconds=1, rounds_per_run=2), id=workflow_id(a.id),
        task_queue=settings.task_queue)
    first_run = handle.result_run_id
    idle = await queried(handle, COMING_SOON)
    assert idle.next_status is None
    await eventually(lambda: a_later_run(temporal_client, workflow_id(a.id), first_run))  # a few re-checks
    await assets.set(a.id, offering_starts=now(), offering_ends=now() + timedelta(seconds=1))
    assert await within_deadline(temporal_client.get_workflow_handle(workflow_id(a.id)).result()) == CLOSED_ICO
    await record(temporal_client.get_workflow_handle(workflow_id(a.id), run_id=first_run), "Offering--continued-as-new")


async def test_ensure_offerings_is_idempotent(assets: Assets, temporal_client: Client, app_state: AppState,
                                              settings: Settings, worker: Worker) -> None:
    a = await assets.add(COMING_SOON, now() + timedelta(hours=1), now() + timedelta(days=30))
    await assets.add(COMING_SOON, None, None)  # no dates: no offering yet
    # a task queue no worker polls, so the demo assets' offerings are started but never move the shared demo data
    idle = settings.model_copy(update={"task_queue": f"offerings-idle-{uuid.uuid4().hex[:6]}"})
    first = await ensure_offerings(temporal_client, app_state.sessions, idle)
    try:
        assert a.id in first and assets.ids[1] not in first
        run = (await temporal_client.get_workflow_handle(workflow_id(a.id)).describe()).run_id
        assert await ensure_offerings(temporal_client, app_state.sessions, idle) == first
        assert (await temporal_client.get_workflow_handle(workflow_id(a.id)).describe()).run_id == run
        runs = [w async for w in temporal_client.list_workflows(f"WorkflowId = '{workflow_id(a.id)}'")]
        assert len(runs) == 1
    finally:
        for asset_id in first:
            h = temporal_client.get_workflow_handle(workflow_id(asset_id))
            d = await h.describe()
            if d.task_queue == idle.task_queue and d.status == WorkflowExecutionStatus.RUNNING:
                await h.terminate("test clean-up")
