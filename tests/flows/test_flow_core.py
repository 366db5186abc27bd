"""What every flow workflow shares, on the real dev server: the idle timeout and the step search attribute."""

from __future__ import annotations

import uuid

import httpx
from sqlalchemy import update
from temporalio.api.enums.v1 import EventType
from temporalio.api.history.v1 import HistoryEvent
from temporalio.client import Client, WorkflowHandle
from temporalio.converter import PayloadConverter

from api.deps import SESSION_EXPIRED
from api.flow_bodies import OTHER_STEP
from api.state import AppState
from config import Settings
from store.models import User
from tests.api.accounts import signup
from tests.flows.driver import PROFILE, Flow
from tests.waiting import eventually, within_deadline
from tests.workflows.histories import record
from workflows import search_attributes as sa
from workflows.flow_core import StepSubmission
from workflows.onboarding import OnboardingInput, OnboardingWorkflow


async def shown_step(handle: WorkflowHandle[OnboardingWorkflow, object]) -> str | None:
    return (await handle.describe()).typed_search_attributes.get(sa.STEP)


def steps_shown(events: list[HistoryEvent]) -> list[tuple[int, str]]:
    """(event index, step) of each upsert of the step search attribute."""
    out = []
    for i, e in enumerate(events):
        if e.event_type == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES:
            fields = e.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields
            if sa.STEP.name in fields:
                out.append((i, str(PayloadConverter.default.from_payload(fields[sa.STEP.name]))))
    return out


async def test_quick_steps_share_one_idle_timer_and_the_step_attribute_follows(
        api: httpx.AsyncClient, temporal_client: Client, settings: Settings) -> None:
    """Read on the workflow's own clock (its history), not the test's: a step is shown once the investor stayed on
    it STEP_SHOWN_AFTER (a timer fired), never in answer to an Update; when the test's steps all landed inside that
    first window — as the history shows they did — only intro and date-of-birth are shown, under one idle timer.
    The idle timeout (12 s) only has to outlast one Update of the test."""
    user = await signup(api)
    handle = await temporal_client.start_workflow(
        OnboardingWorkflow.run, OnboardingInput(user["user_id"], settings.enabled_states, idle_timeout_seconds=12),
        id=f"test-flow-core-{uuid.uuid4().hex[:8]}", task_queue=settings.task_queue)
    first = await handle.execute_update(OnboardingWorkflow.open)
    assert first.step == "intro"
    assert await shown_step(handle) == "intro"  # the first step at once
    for step in ("intro", "name-phone-info", "date-of-birth"):
        await handle.execute_update(OnboardingWorkflow.submit, StepSubmission(step, PROFILE[step]))
    await handle.execute_update(OnboardingWorkflow.back)

    async def on_date_of_birth() -> bool:  # the investor stays on date-of-birth: ops see it within a moment
        return await shown_step(handle) == "date-of-birth"

    await eventually(on_date_of_birth)
    assert await within_deadline(handle.result()) == {"outcome": "idle"}  # nobody came back
    await record(handle, "Onboarding--idle")
    events = [e async for e in handle.fetch_history_events()]
    shown = steps_shown(events)
    assert shown[0][1] == "intro" and shown[-1][1] == "date-of-birth", shown
    moves = {EventType.EVENT_TYPE_TIMER_FIRED, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED}
    for i, step in shown[1:]:  # shown after the window's timer fired, not in answer to the Update that moved there
        last = next(e for e in reversed(events[:i]) if e.event_type in moves)
        assert last.event_type == EventType.EVENT_TYPE_TIMER_FIRED, (step, last)
    kinds = [e.event_type for e in events]
    updates_done = max(i for i, k in enumerate(kinds) if k == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED)
    if updates_done < kinds.index(EventType.EVENT_TYPE_TIMER_FIRED):  # every step landed inside the first window
        # one idle timer, the one that waited for the step to settle, and the idle timer after it: not one per step
        assert kinds.count(EventType.EVENT_TYPE_TIMER_STARTED) <= 3
        assert [step for _, step in shown] == ["intro", "date-of-birth"]  # not every step it passed


async def test_flow_calls_refuse_a_revoked_token_and_a_switched_off_account(api: httpx.AsyncClient,
                                                                           app_state: AppState) -> None:
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    assert (await api.get(flow.base, headers=user["headers"])).status_code == 200
    assert (await api.post("/api/auth/logout/", headers=user["headers"])).status_code == 200
    for r in (await api.get(flow.base, headers=user["headers"]), await flow.submit({})):
        assert (r.status_code, r.json()["errors"][0]["message"]) == (401, SESSION_EXPIRED)
    other = await signup(api)
    async with app_state.sessions() as db:  # switched off before its first flow call: the cache has not seen it
        await db.execute(update(User).where(User.id == other["user_id"]).values(is_active=False))
        await db.commit()
    r = await api.get(f"/api/flows/onboarding/onboarding-{other['user_id']}", headers=other["headers"])
    assert r.status_code == 401


async def test_a_step_body_may_name_its_step_and_never_another(api: httpx.AsyncClient) -> None:
    """The step body's discriminator (api/flow_bodies.py): the path's step is taken, the same step in the body too
    (and stays out of the saved values), another step is refused with 422 and nothing moves."""
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    other = await flow.submit({"step": "ssn"}, step="intro")
    assert other.status_code == 422, other.text
    assert other.json()["errors"][0] == {"message": OTHER_STEP, "field": "step"}
    moved = await flow.submit({"step": "intro"}, step="intro")
    assert moved.status_code == 200, moved.text
    assert moved.json()["step"] == "name-phone-info"
    assert "step" not in moved.json()["values"].get("intro", {})
