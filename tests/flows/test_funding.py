"""Bank verification with micro-deposits, deposits and withdrawals through the ledger, and the provider's webhooks."""

from __future__ import annotations

from decimal import Decimal

import httpx
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.client import Client

from api.state import AppState
from store.models import FundingSource, LedgerPosting, Transfer, WebhookEvent
from tests.flows.funding import balance, micro_deposits, onboarded, verify_bank, wait_balance
from tests.waiting import within_deadline
from tests.workflows.histories import record
from workflows.bank_link import BankLinkInput, BankLinkWorkflow
from workflows.bank_link import workflow_id as bank_link_id
from workflows.transfer import workflow_id as transfer_id


async def ledger_is_balanced(state: AppState) -> None:
    async with state.sessions() as db:
        total = await db.scalar(select(func.coalesce(func.sum(LedgerPosting.amount), 0)))
        assert Decimal(total or 0) == 0


async def test_verify_micro_deposits_then_deposit_settles(api: httpx.AsyncClient, sandbox: httpx.AsyncClient,
                                                          app_state: AppState, temporal_client: Client,
                                                          served_api: str) -> None:
    user = await onboarded(api, sandbox)
    h = user["headers"]
    r = await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "1000"}, headers=h)
    assert r.status_code == 409
    assert r.json()["errors"][0]["message"] == "You must add or verify your bank account prior to investing"
    a, b = await micro_deposits(sandbox, user)
    wrong = f"0.{(int(a[-1]) % 9) + 1:02d}" if a != "0.01" else "0.02"
    r = await api.post("/api/dwolla/micro-deposits/", json={"value1": wrong, "value2": wrong}, headers=h)
    assert r.status_code == 422 and "2 attempt(s) left" in r.json()["errors"][0]["message"], r.text
    r = await api.post("/api/dwolla/micro-deposits/", json={"value1": "abc", "value2": "1"}, headers=h)
    assert r.json()["errors"][0]["message"] == "Enter both amounts, e.g. 0.07"
    r = await api.post("/api/dwolla/micro-deposits/", json={"value1": b, "value2": a}, headers=h)
    assert r.status_code == 200 and r.json()["message"] == "You bank account was verified."
    source = (await api.get(f"/api/users/{user['user_id']}/financials/funding-source", headers=h)).json()["info"]
    assert (source["status"], source["accountNumberTail"]) == ("verified", user["account"][-4:])
    handle = temporal_client.get_workflow_handle(bank_link_id(user["user_id"], source["id"]))
    assert await within_deadline(handle.result()) == "verified"
    await record(handle, "BankLink--verified")

    r = await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "1000"}, headers=h)
    assert r.status_code == 201, r.text
    t = r.json()
    assert (t["status"], t["amount"]) == ("pending", "1000.00")
    b1 = await balance(api, user)
    assert (b1["cash"], b1["pending"], b1["total"]) == ("0.00", "1000.00", "1000.00")
    b2 = await wait_balance(api, user, "cash", "1000.00")
    assert (b2["cash"], b2["pending"], b2["total"], b2["available"]) == ("1000.00", "0.00", "1000.00", "0.00")
    handle = temporal_client.get_workflow_handle(transfer_id(t["id"]))
    assert await within_deadline(handle.result()) == "processed"
    await record(handle, "Transfer--initiated-processed")
    history = (await api.get(f"/api/users/{user['user_id']}/financials/transactions", headers=h)).json()["items"]
    assert [(i["type"], i["amount"], i["status"]) for i in history] == [("deposit", "1000.00", "processed")]
    # the deposit is held for seven days before it can be withdrawn
    r = await api.post("/api/dwolla/transfers/", json={"type": "withdrawal", "amount": "10"}, headers=h)
    assert r.json()["errors"][0]["message"] == (
        "Deposits must stay in your account for seven days before they are available for withdraw.")
    await ledger_is_balanced(app_state)


async def test_three_wrong_attempts_fail_the_bank(api: httpx.AsyncClient, sandbox: httpx.AsyncClient,
                                                  temporal_client: Client, served_api: str) -> None:
    user = await onboarded(api, sandbox)
    a, _ = await micro_deposits(sandbox, user)
    wrong = "0.01" if a != "0.01" else "0.02"
    messages = []
    for _ in range(3):
        r = await api.post("/api/dwolla/micro-deposits/", json={"value1": wrong, "value2": wrong}, headers=user["headers"])
        messages.append(r.json()["errors"][0]["message"])
    assert "1 attempt(s) left" in messages[1]
    assert messages[2].startswith("Too many failed attempts")
    source = (await api.get(f"/api/users/{user['user_id']}/financials/funding-source", headers=user["headers"])).json()
    assert source["info"]["status"] == "verification_failed"
    handle = temporal_client.get_workflow_handle(bank_link_id(user["user_id"], source["info"]["id"]))
    assert await within_deadline(handle.result()) == "verification_failed"
    await record(handle, "BankLink--verification-failed")


async def test_unverified_bank_expires(api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState,
                                       temporal_client: Client, settings: object, served_api: str) -> None:
    user = await onboarded(api, sandbox)
    async with app_state.sessions() as db:
        fs = await db.scalar(select(FundingSource).where(FundingSource.user_id == user["user_id"]))
        assert fs is not None
    wid = bank_link_id(user["user_id"], fs.id)
    await temporal_client.get_workflow_handle(wid).terminate("test uses short durations")
    handle = await temporal_client.start_workflow(BankLinkWorkflow.run, BankLinkInput(user["user_id"], fs.id, 1, 1, 3),
                                                  id=wid, task_queue=app_state.settings.task_queue)
    assert await within_deadline(handle.result()) == "expired"
    await record(handle, "BankLink--reminded-expired")
    mails = (await sandbox.get("/sandbox/mail", params={"to": user["email"]})).json()
    assert mails[-1]["subject"] == "Verify your bank account"


async def test_failed_deposit_returns_nothing(api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState,
                                              temporal_client: Client, served_api: str) -> None:
    user = await onboarded(api, sandbox)
    await verify_bank(api, sandbox, user)
    r = await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "100.13"}, headers=user["headers"])
    assert r.status_code == 201
    handle = temporal_client.get_workflow_handle(transfer_id(r.json()["id"]))
    assert await within_deadline(handle.result()) == "failed"
    await record(handle, "Transfer--initiated-failed")
    b = await balance(api, user)
    assert (b["cash"], b["pending"], b["total"]) == ("0.00", "0.00", "0.00")
    items = (await api.get(f"/api/users/{user['user_id']}/financials/transactions", headers=user["headers"])).json()["items"]
    assert items[0]["status"] == "failed" and "Insufficient funds" in items[0]["failure_reason"]
    await ledger_is_balanced(app_state)


async def test_transfer_rules_refuse_and_move_no_money(api: httpx.AsyncClient, sandbox: httpx.AsyncClient,
                                                       app_state: AppState, served_api: str) -> None:
    unverified = await onboarded(api, sandbox, confirm=False)
    r = await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "10"}, headers=unverified["headers"])
    assert r.json()["errors"][0]["message"] == (
        f"In order to fund your account on Vitrine you must verify your email, {unverified['email']}")
    user = await onboarded(api, sandbox)
    await verify_bank(api, sandbox, user)
    h = user["headers"]
    for body, message in [({"type": "deposit", "amount": "5000.01"}, "ONE-TIME TRANSFER CAN NOT EXCEED $5000"),
                          ({"type": "deposit", "amount": "0"}, "Enter an amount greater than $0"),
                          ({"type": "deposit", "amount": "ten"}, "Enter an amount greater than $0"),
                          ({"type": "withdrawal", "amount": "1"}, "Your withdrawal can not exceed your available cash of $0.00."),
                          ({"type": "gift", "amount": "1"}, "Choose deposit or withdrawal.")]:
        r = await api.post("/api/dwolla/transfers/", json=body, headers=h)
        assert r.status_code == 422 and r.json()["errors"][0]["message"] == message, (body, r.text)
    async with app_state.sessions() as db:
        assert await db.scalar(select(func.count()).select_from(Transfer).where(Transfer.user_id == user["user_id"])) == 0
    b = await balance(api, user)
    assert (b["cash"], b["pending"]) == ("0.00", "0.00")


async def test_webhooks_forged_refused_and_redelivered_applied_once(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState, temporal_client: Client,
        served_api: str) -> None:
    r = await api.post("/api/webhooks/payments/", content=b'{"id":"x","topic":"transfer_completed"}',
                       headers={"X-Sandbox-Signature": "0" * 64})
    assert r.status_code == 401
    user = await onboarded(api, sandbox)
    await verify_bank(api, sandbox, user)
    r = await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "250"}, headers=user["headers"])
    t = r.json()
    assert await within_deadline(temporal_client.get_workflow_handle(transfer_id(t["id"])).result()) == "processed"
    async with app_state.sessions() as db:
        provider_id = (await db.get(Transfer, t["id"])).provider_id  # type: ignore[union-attr]
    events = (await sandbox.get("/sandbox/webhooks", params={"resource_id": provider_id})).json()
    completed = [e for e in events if e["topic"] == "transfer_completed"]
    assert completed, events
    again = await sandbox.post(f"/sandbox/webhooks/{completed[0]['id']}/redeliver")
    assert again.json()["delivered"] is True
    async with app_state.sessions() as db:
        assert await db.scalar(select(func.count()).select_from(WebhookEvent)
                               .where(WebhookEvent.event_id == completed[0]["id"])) == 1
        entries = await db.scalar(select(func.count()).select_from(LedgerPosting)
                                  .where(col(LedgerPosting.account) == f"user:{user['user_id']}:cash"))
        assert entries == 1
    assert (await balance(api, user))["cash"] == "250.00"


async def test_bank_removal_rules(api: httpx.AsyncClient, sandbox: httpx.AsyncClient, temporal_client: Client,
                                  served_api: str) -> None:
    user = await onboarded(api, sandbox)
    await verify_bank(api, sandbox, user)
    h = user["headers"]
    r = await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "20"}, headers=h)
    blocked = await api.delete("/api/dwolla/bank-funding-source/", headers=h)
    assert blocked.status_code == 409 and blocked.json()["errors"][0]["message"] == (
        "You must have a total balance of $0 and no pending transfers or investments, in order to remove your bank account.")
    await within_deadline(temporal_client.get_workflow_handle(transfer_id(r.json()["id"])).result())
    assert (await api.delete("/api/dwolla/bank-funding-source/", headers=h)).status_code == 409  # cash is not 0
    other = await onboarded(api, sandbox)
    assert (await api.delete("/api/dwolla/bank-funding-source/", headers=other["headers"])).status_code == 200
    info = (await api.get(f"/api/users/{other['user_id']}/financials/funding-source", headers=other["headers"])).json()
    assert info["info"] is None
