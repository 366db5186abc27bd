"""What every flow workflow shares, on the real dev server: the idle timeout and the step search attribute."""

from __future__ import annotations

import asyncio
import uuid

import httpx
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowHandle

from config import Settings
from tests.api.accounts import signup
from tests.flows.driver import PROFILE
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
    events = [e async for e in handle.fetch_history_events()]
    # one idle timer, the one that waited for the step to settle, and the idle timer after it: not one per step
    assert [e.event_type for e in events].count(EventType.EVENT_TYPE_TIMER_STARTED) <= 3
    steps_shown = [e for e in events if e.event_type == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES
                   and sa.STEP.name in e.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields]
    assert len(steps_shown) == 2  # intro, then date-of-birth: not every step it passed
