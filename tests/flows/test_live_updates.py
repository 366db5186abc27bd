"""Live updates (docs/flows.md): a FlowState change made inside the workflow — no api Update behind it — reaches an
open SSE stream of the flow through Redis: the purchase's deposit settling, the e-sign webhook's signature, the idle
close. Each stream's first event is the state it opened on; the change comes after it, one version later or more."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from temporalio.client import Client

from api.state import AppState
from tests.api.accounts import signup
from tests.chaos.journey import next_state, sse
from tests.flows.investors import Purchase, funded_investor, offering, short_of_cash
from tests.waiting import within_deadline
from workflows.flow_core import CLOSED
from workflows.onboarding import OnboardingInput, OnboardingWorkflow
from workflows.onboarding import workflow_id as onboarding_id

State = dict[str, Any]


def events_path(state: State) -> str:
    return f"/api/flows/{state['kind']}/{state['flow_id']}/events"


async def first(queue: asyncio.Queue[State], opened: State) -> State:
    """The stream's first event: the state as the api read it on subscribing, the one the test left it in."""
    state = await next_state(queue, lambda s: True)
    assert (state["step"], state["status"], state["version"]) == (opened["step"], opened["status"], opened["version"])
    return state


async def finish(client: Client, flow_id: str) -> None:
    await client.get_workflow_handle(flow_id).terminate("test over")


async def test_a_settled_deposit_moves_the_open_purchase_page(api: httpx.AsyncClient, app_state: AppState,
                                                              sandbox: httpx.AsyncClient, served_api: str,
                                                              temporal_client: Client) -> None:
    buy = await short_of_cash(api, app_state, sandbox)
    user = buy.user
    waiting = await buy.ok()  # the deposit of the shortfall starts: the flow waits for it to settle
    assert (waiting["status"], waiting["waiting_for"]) == ("waiting", "deposit"), waiting
    async with sse(served_api, events_path(waiting), user["headers"]) as states:
        opened = await first(states, waiting)
        # the transfer workflow settles the deposit; the purchase moves on by itself and publishes it
        moved = await next_state(states, lambda s: s["step"] == "subscription-agreement", wait=90)
    assert moved["version"] > opened["version"] and moved["status"] == "active" and moved["waiting_for"] is None
    assert "3 shares" in " ".join(moved["context"]["document"]["paragraphs"]), moved  # what the page shows next
    await finish(temporal_client, waiting["flow_id"])


async def test_the_signature_webhook_moves_the_open_purchase_page(api: httpx.AsyncClient, app_state: AppState,
                                                                  sandbox: httpx.AsyncClient, served_api: str,
                                                                  temporal_client: Client) -> None:
    user = await funded_investor(api, app_state, cash="500.00")
    asset = await offering(app_state, shares=50, value="1000.00", esign="tpl-subscription-v1")
    buy = Purchase(api, user, asset.id)
    await buy.to_agreement(shares=2)
    signing = buy.state
    assert (signing["step"], signing["waiting_for"]) == ("docusign", "signature"), signing
    async with sse(served_api, events_path(signing), user["headers"]) as states:
        opened = await first(states, signing)
        # the investor signs on the provider's page: its webhook signals the workflow (no browser message, no Update)
        r = await sandbox.post(f"/sandbox/esign/envelopes/{signing['context']['envelope_id']}/sign",
                               follow_redirects=False)
        assert r.status_code == 303, r.text
        moved = await next_state(states, lambda s: s["step"] == "confirm-purchase")
    assert moved["version"] > opened["version"] and moved["status"] == "active" and moved["waiting_for"] is None
    assert moved["context"]["shares"] == 2, moved
    await finish(temporal_client, signing["flow_id"])


async def test_the_idle_close_reaches_the_open_page(api: httpx.AsyncClient, app_state: AppState, served_api: str,
                                                    temporal_client: Client) -> None:
    user = await signup(api)
    s = app_state.settings
    handle = await temporal_client.start_workflow(
        OnboardingWorkflow.run, OnboardingInput(user["user_id"], s.enabled_states, idle_timeout_seconds=12),
        id=onboarding_id(user["user_id"]), task_queue=s.task_queue)
    opened = await handle.execute_update(OnboardingWorkflow.open)  # as the api's start does; nothing after it
    async with sse(served_api, f"/api/flows/onboarding/{opened.flow_id}/events", user["headers"]) as states:
        await first(states, {"step": opened.step, "status": opened.status, "version": opened.version})
        closed = await next_state(states, lambda s: s["status"] == CLOSED)
    assert closed["version"] == opened.version + 1 and closed["step"] == opened.step, closed
    assert await within_deadline(handle.result()) == {"outcome": "idle"}
