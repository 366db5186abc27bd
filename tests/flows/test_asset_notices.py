"""The "Notify me" notices (workflows/asset_notices.py) on the real services: the Offering workflow opening an offering
notifies its notify-me subscribers once — one mail in the sandbox outbox and one in-app notice each, listed to its
owner only —, nobody who unsubscribed first; a second run for the same event (a duplicate status change) sends
nothing more; trading opening (ops moving a Closed ICO asset on, the ATS market enabled again as the refresher
records it) reaches the notify-on-trading subscribers through the api's check (also running by itself in the
lifespan's loop), pushed to the shell's stream too; many subscribers in small pages continue as new, each mailed
once; a worker killed after a mail, or an activity repeated after the provider took the mail, sends nothing twice."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from sqlalchemy import select, update
from sqlmodel import col
from temporalio.client import Client, WorkflowHandle
from temporalio.service import RPCError, RPCStatusCode
from temporalio.worker import Worker

from activities.notices import NoticeActivities
from api import notice_trigger, periodic
from api.state import AppState
from config import Settings
from domain.asset_status import CLOSED_ICO, COMING_SOON, OPEN_ICO, POST_ONLY, TRADING_CLOSED
from domain.notices import OFFERING_OPEN, TRADING_OPEN
from store.models import AssetSubscription, Notice
from store.trading import market_state as M
from tests.api.accounts import signup
from tests.api.test_trading_events import Event, stream, until
from tests.chaos.faults import attempts
from tests.flows.test_faults import WorkerProcess
from tests.flows.test_offering import Assets, assets  # noqa: F401 - the fixture
from tests.waiting import DEADLINE, eventually, within_deadline
from tests.workflows.histories import record
from worker.offerings import start_offering
from workflows.asset_notices import AssetNoticesInput, AssetNoticesResult, AssetNoticesWorkflow, NoticeTuning
from workflows.asset_notices import workflow_id as notices_id
from workflows.offering import OfferingWorkflow
from workflows.offering import workflow_id as offering_id

Handle = WorkflowHandle[AssetNoticesWorkflow, AssetNoticesResult]
MAIL = "notices.mail"


def now() -> datetime:
    return datetime.now(UTC)


async def subscribe(api: httpx.AsyncClient, user: dict[str, Any], path: str, asset_id: int) -> None:
    r = await api.post(f"/api/assets/{path}/", json={"asset": asset_id}, headers=user["headers"])
    assert r.status_code == 201, r.text


async def mails(sandbox: httpx.AsyncClient, user: dict[str, Any], subject: str) -> list[dict[str, Any]]:
    """The mails to the user with this subject (the sign-up's confirmation mail is another one)."""
    got: list[dict[str, Any]] = (await sandbox.get("/sandbox/mail", params={"to": user["email"]})).json()
    return [m for m in got if m["subject"] == subject]


async def listed(api: httpx.AsyncClient, user: dict[str, Any]) -> dict[str, Any]:
    r = await api.get("/api/notifications/", headers=user["headers"])
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


async def start(client: Client, settings: Settings, asset_id: int, ticker: str, event: str) -> Handle:
    """The asset's AssetNotices for the event, as the api's check starts it; the handle of the run it started."""
    wid = await notice_trigger.start_notices(client, settings, asset_id, ticker, event)
    run_id = (await client.get_workflow_handle(wid).describe()).run_id
    return client.get_workflow_handle_for(AssetNoticesWorkflow.run, wid, run_id=run_id)


async def started_run(client: Client, wid: str, not_run: str | None = None) -> Handle:
    """The run of `wid` someone else started (other than `not_run`), once it exists."""
    async def probe() -> str | None:
        try:
            run_id = (await client.get_workflow_handle(wid).describe()).run_id
        except RPCError as exc:
            assert exc.status == RPCStatusCode.NOT_FOUND, exc
            return None  # not started yet
        return run_id if run_id != not_run else None
    return client.get_workflow_handle_for(AssetNoticesWorkflow.run, wid, run_id=await eventually(probe))


async def test_an_opened_offering_notifies_each_subscriber_once(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, assets: Assets, app_state: AppState,  # noqa: F811
        temporal_client: Client, settings: Settings, worker: Worker) -> None:
    ahead = now() + timedelta(days=1)
    a = await assets.add(COMING_SOON, ahead, ahead + timedelta(days=1))
    ann, bob, cat = await signup(api), await signup(api), await signup(api)
    await subscribe(api, ann, "notify_me", a.id)
    await subscribe(api, bob, "notify_me", a.id)
    assert (await api.delete(f"/api/assets/notify_me/{a.id}/", headers=bob["headers"])).status_code == 204
    subject = f"{a.ticker} is now open for investment"

    # before the offering opens a run ends at once: its status does not say so; nothing is claimed
    early = await start(temporal_client, settings, a.id, a.ticker, OFFERING_OPEN)
    assert await within_deadline(early.result()) == AssetNoticesResult(due=False)
    assert (await api.get("/api/auth/user/", headers=ann["headers"])).json()["notify_me"] == [a.id]
    await record(early, "AssetNotices--not-due")

    # the offering opens: its workflow moves the asset on and starts the notices (a child it leaves running)
    rechecking = settings.model_copy(update={"offering_recheck_seconds": 1})
    assert await start_offering(temporal_client, rechecking, a.id, a.ticker)
    await assets.set(a.id, offering_starts=now())
    run = await started_run(temporal_client, notices_id(a.id, OFFERING_OPEN), not_run=early.run_id)
    assert await within_deadline(run.result()) == AssetNoticesResult(due=True, claimed=1, mailed=1)
    await record(run, "AssetNotices--offering-open")

    [mail] = await mails(sandbox, ann, subject)
    assert f"{settings.app_url}/app/assets/cars/{a.ticker.lstrip('#')}" in mail["text"]
    assert await mails(sandbox, bob, subject) == []  # unsubscribed before: nothing
    mine = await listed(api, ann)
    assert mine["unread"] == 1 and [n["title"] for n in mine["items"]] == [subject]
    [notice] = mine["items"]
    assert notice["asset_id"] == a.id and notice["event"] == OFFERING_OPEN and notice["read_at"] is None
    assert notice["path"] == f"/app/assets/cars/{a.ticker.lstrip('#')}"
    assert (await api.get("/api/auth/user/", headers=ann["headers"])).json()["notify_me"] == []  # answered
    # only its owner sees it, and only its owner can mark it read
    assert await listed(api, bob) == {"items": [], "unread": 0}
    assert await listed(api, cat) == {"items": [], "unread": 0}
    r = await api.post("/api/notifications/read/", json={"up_to": notice["id"]}, headers=cat["headers"])
    assert r.status_code == 200 and r.json() == {"items": [], "unread": 0}
    assert (await listed(api, ann))["unread"] == 1
    assert (await api.get("/api/notifications/")).status_code == 401

    # the same event again (a duplicate status change, a re-run by ops, the api's check): nothing more is sent
    assert await notice_trigger.check(app_state) == []  # nobody is waiting any more
    again = await start(temporal_client, settings, a.id, a.ticker, OFFERING_OPEN)
    assert await within_deadline(again.result()) == AssetNoticesResult(due=True)
    await record(again, "AssetNotices--nothing-left")
    assert len(await mails(sandbox, ann, subject)) == 1 and len((await listed(api, ann))["items"]) == 1

    # the provider took the mail but the worker died before `mailed_at` was written: the retry sends nothing new
    async with app_state.sessions() as db:
        await db.execute(update(Notice).where(col(Notice.id) == notice["id"]).values(mailed_at=None))
        await db.commit()
    acts = NoticeActivities(app_state.sessions, app_state.redis, app_state.mail, settings.app_url)
    assert await acts.mail(notice["id"])  # mailed again, under the notice's key as the Idempotency-Key
    assert not await acts.mail(notice["id"])  # and now recorded
    assert len(await mails(sandbox, ann, subject)) == 1

    r = await api.post("/api/notifications/read/", json={"up_to": notice["id"]}, headers=ann["headers"])
    assert r.status_code == 200 and r.json()["unread"] == 0 and r.json()["items"][0]["read_at"] is not None

    await assets.set(a.id, offering_ends=now())  # the offering closes; its workflow ends
    offering: WorkflowHandle[OfferingWorkflow, str] = temporal_client.get_workflow_handle(offering_id(a.id))
    assert await within_deadline(offering.result()) == CLOSED_ICO


async def _market(state: AppState, ticker: str, status: str | None) -> None:
    """The market refresher's record of the ticker's ATS market (`open` / `closed` / `disabled`; None: none)."""
    known = await M.load(state.redis)
    known.pop(ticker, None)
    if status is not None:
        inst = {"id": ticker.lstrip("#"), "markets": {"secondaryMarket": {"status": status, "enabled": True}}}
        known[ticker] = {**M.trading_fields(inst, {}, {}), "changed": now().isoformat()}
    await M.save(state.redis, known)


async def test_trading_opening_notifies_through_the_check(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, assets: Assets, app_state: AppState,  # noqa: F811
        temporal_client: Client, settings: Settings, worker: Worker, served_api: str) -> None:
    a = await assets.add(CLOSED_ICO, None, None)
    ann, bob = await signup(api), await signup(api)
    await subscribe(api, ann, "notify-on-trading", a.id)
    await subscribe(api, bob, "notify-on-trading", a.id)
    assert (await api.delete(f"/api/assets/notify-on-trading/{a.id}/", headers=bob["headers"])).status_code == 204
    subject = f"{a.ticker} is now open for trading"
    wid = notices_id(a.id, TRADING_OPEN)
    assert wid not in await notice_trigger.check(app_state)  # a closed offering: trading has not opened

    seen: list[Event] = []
    async with stream(served_api, ann["headers"], a.ticker.lstrip("#")) as events:
        await until(events, "subscribed", None, seen)
        await assets.set(a.id, asset_status=POST_ONLY)  # ops open trading: orders rest until the window opens
        assert wid in await notice_trigger.check(app_state)
        pushed = await until(events, "notice", lambda n: n["asset_id"] == a.id, seen)
    assert pushed["title"] == subject and pushed["event"] == TRADING_OPEN
    handle = temporal_client.get_workflow_handle(wid, result_type=AssetNoticesResult)
    assert await within_deadline(handle.result()) == AssetNoticesResult(due=True, claimed=1, mailed=1)
    await record(handle, "AssetNotices--trading-open")
    assert len(await mails(sandbox, ann, subject)) == 1 and await mails(sandbox, bob, subject) == []
    assert [n["id"] for n in (await listed(api, ann))["items"]] == [pushed["id"]]

    # the market is disabled (Trading closed), then enabled again: ann, answered, is not told twice; bob, who asked
    # again meanwhile, is told now — the refresher's record of the ATS market is what the check reads
    try:
        await assets.set(a.id, asset_status=TRADING_CLOSED)
        await _market(app_state, a.ticker, "disabled")
        await subscribe(api, bob, "notify-on-trading", a.id)
        assert wid not in await notice_trigger.check(app_state)
        first_run = (await handle.describe()).run_id
        await _market(app_state, a.ticker, "closed")  # a window scheduled: Post Only
        assert wid in await notice_trigger.check(app_state)
        again = await started_run(temporal_client, wid, not_run=first_run)
        assert await within_deadline(again.result()) == AssetNoticesResult(due=True, claimed=1, mailed=1)
    finally:
        await _market(app_state, a.ticker, None)
    assert len(await mails(sandbox, ann, subject)) == 1 and len(await mails(sandbox, bob, subject)) == 1
    assert len((await listed(api, ann))["items"]) == 1 and len((await listed(api, bob))["items"]) == 1


async def test_the_api_checks_by_itself_in_the_background(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, assets: Assets, app_state: AppState,  # noqa: F811
        worker: Worker) -> None:
    """The lifespan's loop (`VITRINE_NOTICE_CHECK_SECONDS`): nobody calls the check, the mail arrives."""
    a = await assets.add(CLOSED_ICO, None, None)
    ann = await signup(api)
    await subscribe(api, ann, "notify-on-trading", a.id)
    await assets.set(a.id, asset_status=POST_ONLY)
    checking = dataclasses.replace(app_state, settings=app_state.settings.model_copy(update={"notice_check_seconds": 0.2}))
    task = notice_trigger.start(checking)
    try:
        [mail] = await eventually(lambda: mails(sandbox, ann, f"{a.ticker} is now open for trading"))
    finally:
        await periodic.stop(task)
    assert mail["to"] == ann["email"]


async def test_many_subscribers_in_small_pages_continue_as_new(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, assets: Assets, app_state: AppState,  # noqa: F811
        temporal_client: Client, settings: Settings, worker: Worker) -> None:
    a = await assets.add(COMING_SOON, None, None)
    people = [await signup(api) for _ in range(3)]
    for p in people:
        await subscribe(api, p, "notify_me", a.id)
    await assets.set(a.id, asset_status=OPEN_ICO)
    tiny = NoticeTuning(page_size=1, batch_size=1, mails_per_run=1, activity_timeout_seconds=30)
    handle: Handle = await temporal_client.start_workflow(
        AssetNoticesWorkflow.run, AssetNoticesInput(a.id, OFFERING_OPEN, tiny), id=notices_id(a.id, OFFERING_OPEN),
        task_queue=settings.task_queue)
    # one mail per run, then continue as new; the last run of the chain finds none left
    assert await within_deadline(handle.result()) == AssetNoticesResult(due=True)
    await record(handle, "AssetNotices--continued-as-new")  # the first run: claims, one mail, continue as new
    subject = f"{a.ticker} is now open for investment"
    for p in people:
        assert len(await mails(sandbox, p, subject)) == 1
    async with app_state.sessions() as db:
        left = await db.scalars(select(AssetSubscription).where(col(AssetSubscription.asset_id) == a.id))
        sent = await db.scalars(select(Notice).where(col(Notice.asset_id) == a.id, col(Notice.mailed_at).is_(None)))
        assert left.all() == [] and sent.all() == []


async def test_a_worker_killed_after_mailing_does_not_mail_twice(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, assets: Assets, app_state: AppState,  # noqa: F811
        temporal_client: Client, settings: Settings, worker_process: WorkerProcess) -> None:
    a = await assets.add(COMING_SOON, None, None)
    ann = await signup(api)
    await subscribe(api, ann, "notify_me", a.id)
    await assets.set(a.id, asset_status=OPEN_ICO)
    hook = worker_process.hook
    hook.arm({MAIL: DEADLINE}, after=True)  # held after the mail went out and `mailed_at` was written: killed there
    on_it = settings.model_copy(update={"task_queue": worker_process.queue, "notice_activity_timeout_seconds": 8})
    handle = await start(temporal_client, on_it, a.id, a.ticker, OFFERING_OPEN)
    held = await hook.wait_held(MAIL, 0, handle.id, wait=DEADLINE)
    assert {h.pid for h in held} == {worker_process.kill()}
    hook.disarm()
    worker_process.start()
    result = await within_deadline(handle.result())
    assert result.due and result.claimed == 1 and result.mailed == 0  # the retry found the mail sent: nothing new
    assert max(await attempts(temporal_client, handle.id, MAIL)) >= 2  # the killed attempt never reported back
    assert len(await mails(sandbox, ann, f"{a.ticker} is now open for investment")) == 1
