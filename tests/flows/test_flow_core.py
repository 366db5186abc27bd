"""What every flow workflow shares, on the real dev server: the idle timeout and the step search attribute."""

from __future__ import annotations

import asyncio
import uuid

import httpx
from sqlalchemy import update
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowHandle

from api.deps import SESSION_EXPIRED
from api.state import AppState
from config import Settings
from store.models import User
from tests.api.accounts import signup
from tests.flows.driver import PROFILE, Flow
from tests.workflows.histories import record
from workflows import search_attributes as sa
from workflows.flow_core import StepSubmission
from workflows.onboarding import OnboardingInput, OnboardingWorkflow


async def shown_step(handle: WorkflowHandle[OnboardingWorkflow, object]) -> str | None:
    return (await handle.describe()).typed_search_attributes.get(sa.STEP)


async def test_quick_steps_share_one_idle_timer_and_the_step_attribute_follows(
        api: httpx.AsyncClient, temporal_client: Client, settings: Settings) -> None:
    user = await signup(api)
    handle = await temporal_client.start_workflow(
        OnboardingWorkflow.run, OnboardingInput(user["user_id"], settings.enabled_states, idle_timeout_seconds=6),
        id=f"test-flow-core-{uuid.uuid4().hex[:8]}", task_queue=settings.task_queue)
    first = await handle.execute_update(OnboardingWorkflow.open)
    assert first.step == "intro"
    assert await shown_step(handle) == "intro"  # the first step at once
    for step in ("intro", "name-phone-info", "date-of-birth"):
        await handle.execute_update(OnboardingWorkflow.submit, StepSubmission(step, PROFILE[step]))
    await handle.execute_update(OnboardingWorkflow.back)
    for _ in range(40):  # the investor stays on date-of-birth: ops see it within a moment
        if await shown_step(handle) == "date-of-birth":
            break
        await asyncio.sleep(0.25)
    assert await shown_step(handle) == "date-of-birth"
    assert await handle.result() == {"outcome": "idle"}  # nobody came back for 6 s
    await record(handle, "Onboarding--idle")
    events = [e async for e in handle.fetch_history_events()]
    # one idle timer, the one that waited for the step to settle, and the idle timer after it: not one per step
    assert [e.event_type for e in events].count(EventType.EVENT_TYPE_TIMER_STARTED) <= 3
    steps_shown = [e for e in events if e.event_type == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES
                   and sa.STEP.name in e.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields]
    assert len(steps_shown) == 2  # intro, then date-of-birth: not every step it passed


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
