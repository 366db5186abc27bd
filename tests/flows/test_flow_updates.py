"""Updates to one flow are serialized: the same step fired many times at once, while the first submission awaits its
activity, runs once (the others are told the flow moved on); a Reset — the runbook's repair — replays a deposit
step without opening a second deposit (idempotency keys from business keys, never the run id)."""

from __future__ import annotations

import asyncio
import time
import uuid
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.api.common.v1 import WorkflowExecution
from temporalio.api.enums.v1 import EventType
from temporalio.api.history.v1 import HistoryEvent
from temporalio.api.workflowservice.v1 import ResetWorkflowExecutionRequest
from temporalio.client import Client, WorkflowHandle

from api.state import AppState
from store.models import Customer, LedgerEntry, LedgerPosting, Transfer
from tests.api.accounts import confirmation_key, signup
from tests.flows.driver import Flow
from tests.flows.funding import wait_balance
from tests.flows.investors import Purchase, funded_investor, offering
from tests.flows.test_onboarding import complete_bank_link
from tests.waiting import DEADLINE
from tests.workflows.histories import record

N = 6


async def history(handle: WorkflowHandle[Any, Any]) -> list[HistoryEvent]:
    return [e async for e in handle.fetch_history_events()]


def activities_named(events: list[HistoryEvent], name: str) -> int:
    return sum(1 for e in events if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
               and e.activity_task_scheduled_event_attributes.activity_type.name == name)


async def fire(api: httpx.AsyncClient, flow: Flow, step: str, fields: dict[str, Any]) -> list[httpx.Response]:
    return list(await asyncio.gather(*(api.post(f"{flow.base}/steps/{step}", json=fields, headers=flow.headers)
                                       for _ in range(N))))


async def test_the_same_step_fired_at_once_runs_once(api: httpx.AsyncClient, app_state: AppState,
                                                      temporal_client: Client) -> None:
    """select-shares with a gift code awaits the promo provider (a server activity): the copies that arrive meanwhile
    pass nothing twice — one gift check, one hold, one new version."""
    user = await funded_investor(api, app_state)
    asset = await offering(app_state)
    buy = Purchase(api, user, asset.id)
    await buy.open()
    await buy.ok()
    before = buy.state["version"]
    answers = await fire(api, buy, "select-shares", {"shares": 3, "giftCode": "WELCOME10"})
    codes = sorted(r.status_code for r in answers)
    assert codes == [200] + [409] * (N - 1), [r.text for r in answers]
    done = next(r.json() for r in answers if r.status_code == 200)
    assert done["step"] == "investing-passport" and done["version"] == before + 1
    for r in answers:
        if r.status_code == 409:
            body = r.json()
            assert body["error_type"] == "WrongStep", body
            assert body["errors"][0]["message"], body
    state = await buy.refresh()
    assert state["step"] == "investing-passport" and state["version"] == before + 1
    assert activities_named(await history(temporal_client.get_workflow_handle(buy.state["flow_id"])),
                            "purchase.validate_gift") == 1
    held = await api.post(f"/api/assets/{asset.id}/invest/reservations", json={"asset": asset.id},
                          headers=user["headers"])
    assert held.json()["reserved_shares"] == 3
    await record(temporal_client.get_workflow_handle(buy.state["flow_id"]), "MakeInvestment--duplicate-submissions")


async def test_a_deposit_step_fired_at_once_opens_one_deposit(api: httpx.AsyncClient, app_state: AppState,
                                                              temporal_client: Client) -> None:
    """not-enough-cash opens a deposit (a local activity) and starts its transfer: however many copies arrive, and
    whenever, one deposit; the copies are told the flow moved on (409) or see it waiting for that deposit (200)."""
    user = await funded_investor(api, app_state, cash="0")
    asset = await offering(app_state)
    buy = Purchase(api, user, asset.id)
    await buy.to_agreement(shares=2)
    assert buy.state["step"] == "not-enough-cash", buy.state
    answers = await fire(api, buy, "not-enough-cash", {})
    assert {r.status_code for r in answers} <= {200, 409} and 200 in {r.status_code for r in answers}, \
        [r.text for r in answers]
    async with app_state.sessions() as db:
        opened = (await db.scalars(select(Transfer).where(Transfer.user_id == user["user_id"]))).all()
    assert [t.amount for t in opened] == [Decimal("20.00")]
    events = await history(temporal_client.get_workflow_handle(buy.state["flow_id"]))
    assert sum(1 for e in events if e.event_type == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED) == 1
    state = await buy.refresh()
    assert state["waiting_for"] == "deposit" or state["error"] is not None  # the sandbox refuses the test bank
    await record(temporal_client.get_workflow_handle(buy.state["flow_id"]), "MakeInvestment--duplicate-deposit")
    await temporal_client.get_workflow_handle(buy.state["flow_id"]).terminate("test over")


def reset_point(events: list[HistoryEvent]) -> int:
    """The workflow task completed just before the Update that opened the deposit was accepted."""
    child = next(i for i, e in enumerate(events)
                 if e.event_type == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED)
    accepted = max(i for i in range(child) if events[i].event_type ==
                   EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED)
    return max(events[i].event_id for i in range(accepted)
               if events[i].event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED)


async def test_a_reset_does_not_repeat_the_deposit(api: httpx.AsyncClient, sandbox: httpx.AsyncClient,
                                                   app_state: AppState, temporal_client: Client,
                                                   served_api: str) -> None:
    user = await signup(api)
    await api.post("/api/auth/email/confirm/", json={"key": await confirmation_key(sandbox, user["email"])})
    onboarding = Flow(api, user["headers"])
    await onboarding.open()
    await onboarding.until("connect-bank")
    await onboarding.post("close")
    flow = Flow(api, user["headers"], "fund-account")
    await flow.open()
    await flow.ok()
    link = (await api.post("/api/bank-link/token", json={"return_url": "http://app.test/app/fund-account/connect-bank"},
                           headers=user["headers"])).json()["url"]
    public_token, account_id = await complete_bank_link(sandbox, link)
    await flow.ok({"method": "provider", "public_token": public_token, "account_id": account_id})
    assert flow.state["step"] == "transfer", flow.state
    await flow.ok({"transfer_amount": "125"})
    assert flow.state["step"] == "transfer-initiated"
    assert (await wait_balance(api, user, "cash", "125.00"))["cash"] == "125.00"
    handle = temporal_client.get_workflow_handle(flow.state["flow_id"])
    run = (await handle.describe()).run_id
    point = reset_point(await history(handle))
    reset = await temporal_client.workflow_service.reset_workflow_execution(ResetWorkflowExecutionRequest(
        namespace=temporal_client.namespace, workflow_execution=WorkflowExecution(workflow_id=handle.id, run_id=run),
        reason="runbook repair (test)", workflow_task_finish_event_id=point, request_id=str(uuid.uuid4())))
    new = temporal_client.get_workflow_handle(handle.id, run_id=reset.run_id)
    start, resubmitted = time.monotonic(), False
    while True:  # the reset run replays the transfer step (the Update is reapplied; else the investor submits again)
        state = await new.query("state")
        if state["step"] == "transfer-initiated":
            break
        if state["step"] == "transfer" and not resubmitted and time.monotonic() > start + 5:
            r = await api.post(f"{flow.base}/steps/transfer", json={"transfer_amount": "125"}, headers=flow.headers)
            assert r.status_code == 200, r.text
            resubmitted = True
        assert time.monotonic() < start + DEADLINE, state
        await asyncio.sleep(0.2)
    events = await history(new)
    assert any(e.event_type == EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED and e.event_id > point
               for e in events), "the reset run did not go through the deposit step again"
    async with app_state.sessions() as db:
        transfers = (await db.scalars(select(Transfer).where(Transfer.user_id == user["user_id"]))).all()
        assert len(transfers) == 1 and transfers[0].amount == Decimal("125.00")
        keys = sorted((await db.scalars(select(col(LedgerEntry.idempotency_key)).where(
            col(LedgerEntry.idempotency_key).like(f"transfer-{transfers[0].id}:%")))).all())
        cash = await db.scalar(select(func.sum(LedgerPosting.amount))
                               .where(col(LedgerPosting.account) == f"user:{user['user_id']}:cash"))
        customer = await db.scalar(select(Customer).where(Customer.user_id == user["user_id"]))
        assert customer is not None
    assert keys == [f"transfer-{transfers[0].id}:initiated", f"transfer-{transfers[0].id}:settled"]
    assert cash == Decimal("125.00")
    at_provider = (await sandbox.get(f"/payments/customers/{customer.provider_customer_id}/transfers",
                                     headers={"X-Provider-Key": app_state.settings.provider_api_key})).json()["items"]
    deposits = [t for t in at_provider if t["direction"] == "deposit"]
    assert len(deposits) == 1, at_provider
    await record(new, "FundAccount--reset-replays-deposit")


async def test_a_step_sent_after_the_flow_s_workflow_closed_is_told_the_flow_ended(
        api: httpx.AsyncClient, app_state: AppState, temporal_client: Client) -> None:
    """A provider's callback may end a flow between the page's last state and its next step (a declined e-signature
    fails the purchase while the page sends the signing step): once the workflow has closed, the step answers 409
    FlowEnded as for an ended flow still running — the page then reads the final state — and not 404; an id nobody
    started stays 404."""
    user = await funded_investor(api, app_state)
    asset = await offering(app_state)
    buy = Purchase(api, user, asset.id)
    await buy.open()
    await temporal_client.get_workflow_handle(buy.state["flow_id"]).terminate(reason="test: the flow closed")
    r = await buy.submit({}, step="intro")
    assert r.status_code == 409, r.text
    assert r.json()["error_type"] == "FlowEnded" and r.json()["errors"][0]["message"] == "This flow has ended.", r.text
    unknown = await api.post(f"/api/flows/make-investment/{buy.state['flow_id']}x/steps/intro", json={},
                             headers=user["headers"])
    assert unknown.status_code == 404, unknown.text
