"""The fund-account wizard: its skip rules, the instant bank path with a first deposit, and its gates."""

from __future__ import annotations

import httpx
from temporalio.client import Client

from tests.api.accounts import confirmation_key, signup
from tests.error_shape import field_errors
from tests.flows.driver import PROFILE, Flow
from tests.flows.funding import onboarded, wait_balance
from tests.flows.test_onboarding import complete_bank_link
from tests.workflows.histories import record


async def test_existing_unverified_bank_shows_the_micro_deposit_notice(api: httpx.AsyncClient,
                                                                        sandbox: httpx.AsyncClient,
                                                                        temporal_client: Client) -> None:
    user = await onboarded(api, sandbox)
    flow = Flow(api, user["headers"], "fund-account")
    state = await flow.open()
    assert state["flow_id"] == f"fund-account-{user['user_id']}"
    assert {"connect-bank", "bank-account-type", "bank-info", "transfer", "transfer-initiated"} <= flow.skipped()
    await flow.ok()
    assert flow.state["step"] == "confirmation" and flow.state["context"]["micro_deposits"] is True
    await flow.ok()
    done = await flow.ok()
    assert done["status"] == "completed" and done["result"]["redirect"] == "/app"
    await record(temporal_client.get_workflow_handle(done["flow_id"]), "FundAccount--micro-deposit-notice")


async def test_instant_bank_then_first_deposit(api: httpx.AsyncClient, sandbox: httpx.AsyncClient,
                                               temporal_client: Client, served_api: str) -> None:
    user = await signup(api)
    key = await confirmation_key(sandbox, user["email"])
    await api.post("/api/auth/email/confirm/", json={"key": key})
    onboarding = Flow(api, user["headers"])
    await onboarding.open()
    await onboarding.until("connect-bank")
    await onboarding.post("close")
    flow = Flow(api, user["headers"], "fund-account")
    await flow.open()
    await flow.ok()
    assert flow.state["step"] == "connect-bank"
    link = (await api.post("/api/bank-link/token", json={"return_url": "http://app.test/app/fund-account/connect-bank"},
                           headers=user["headers"])).json()["url"]
    public_token, account_id = await complete_bank_link(sandbox, link)
    await flow.ok({"method": "provider", "public_token": public_token, "account_id": account_id})
    assert flow.state["step"] == "transfer", flow.state
    for amount, message in [("6000", "ONE-TIME TRANSFER CAN NOT EXCEED $5000"), ("0", "Enter an amount greater than $0")]:
        r = await flow.submit({"transfer_amount": amount})
        assert (r.status_code, field_errors(r.json())) == (422, {"transfer_amount": message})
    await flow.ok({"transfer_amount": "1000"})
    assert flow.state["step"] == "transfer-initiated"
    assert flow.state["context"]["amount"] == "1000.00"
    await flow.ok()
    assert flow.state["step"] == "success" and "confirmation" in flow.skipped()
    done = await flow.ok()
    assert done["status"] == "completed"
    await record(temporal_client.get_workflow_handle(done["flow_id"]), "FundAccount--instant-deposit")
    b = await wait_balance(api, user, "cash", "1000.00")
    assert (b["cash"], b["pending"]) == ("1000.00", "0.00")


async def test_gates_replace_the_wizard(api: httpx.AsyncClient, temporal_client: Client) -> None:
    newcomer = await signup(api)
    state = await Flow(api, newcomer["headers"], "fund-account").open()
    assert state["status"] == "failed" and state["error"]["action"] == "/app/onboarding"
    await record(temporal_client.get_workflow_handle(state["flow_id"]), "FundAccount--gate-failed")
    blocked = await signup(api)
    onboarding = Flow(api, blocked["headers"])
    await onboarding.open()
    await onboarding.until("home-address")
    await onboarding.ok({**PROFILE["home-address"], "state": "TX"})
    state = await Flow(api, blocked["headers"], "fund-account").open()
    assert state["status"] == "failed" and state["error"]["title"] == "State Availability Issue"
