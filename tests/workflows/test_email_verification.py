"""The e-mail verification workflow on the real dev server: confirm, resend, reminder and expiry (short durations)."""

from __future__ import annotations

import uuid

import httpx
from sqlalchemy import select
from sqlmodel import col
from temporalio.client import Client, WorkflowExecutionStatus
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from api.state import AppState
from config import Settings
from store.models import Email
from tests.api.accounts import confirmation_key, signup
from tests.conftest import wait_for_mail
from tests.waiting import within_deadline
from tests.workflows.histories import record
from workflows import search_attributes as sa
from workflows.email_verification import EmailVerificationInput, EmailVerificationWorkflow, workflow_id


async def email_row(state: AppState, address: str) -> Email:
    async with state.sessions() as db:
        row = await db.scalar(select(Email).where(col(Email.email) == address))
        assert row is not None
        return row


async def test_confirm_link_verifies_the_email_and_ends_the_workflow(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState, temporal_client: Client) -> None:
    user = await signup(api)
    key = await confirmation_key(sandbox, user["email"])
    r = await api.post("/api/auth/email/confirm/", json={"key": key})
    assert r.status_code == 200, r.text
    assert r.json()["email"] == user["email"]
    me = (await api.get("/api/auth/user/", headers=user["headers"])).json()
    assert me["emails"][0]["verified"] is True
    row = await email_row(app_state, user["email"])
    handle = temporal_client.get_workflow_handle(workflow_id(row.id))
    assert await within_deadline(handle.result()) == "confirmed"
    await record(handle, "EmailVerification--confirmed")
    desc = await handle.describe()
    assert desc.typed_search_attributes.get(sa.USER_ID) == str(user["user_id"])
    assert desc.typed_search_attributes.get(sa.FLOW) == "email-verification"
    assert user["email"] not in workflow_id(row.id)
    # the same link again is harmless
    assert (await api.post("/api/auth/email/confirm/", json={"key": key})).status_code == 200


async def test_bad_keys_answer_the_server_message(api: httpx.AsyncClient) -> None:
    r = await api.post("/api/auth/email/confirm/", json={"key": "no-such-key"})
    assert r.status_code == 422
    assert r.json()["errors"][0]["message"] == "This confirmation link is invalid."
    r = await api.post("/api/auth/email/confirm/", json={"key": 12})
    assert r.status_code == 422


async def test_resend_sends_a_new_link_and_both_work_until_confirmed(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState, temporal_client: Client) -> None:
    user = await signup(api)
    await confirmation_key(sandbox, user["email"], 1)
    r = await api.post("/api/auth/email/verify/", json={"email": user["email"]}, headers=user["headers"])
    assert r.status_code == 200, r.text
    second = await confirmation_key(sandbox, user["email"], 2)
    assert (await api.post("/api/auth/email/confirm/", json={"key": second})).status_code == 200
    r = await api.post("/api/auth/email/verify/", json={"email": user["email"]}, headers=user["headers"])
    assert r.json()["errors"][0]["message"] == "This e-mail address is already verified."
    handle = temporal_client.get_workflow_handle(workflow_id((await email_row(app_state, user["email"])).id))
    assert await within_deadline(handle.result()) == "confirmed"
    await record(handle, "EmailVerification--resent-confirmed")


async def test_change_email_starts_a_new_verification(api: httpx.AsyncClient, sandbox: httpx.AsyncClient) -> None:
    user = await signup(api)
    new = f"changed-{uuid.uuid4().hex[:8]}@example.com"
    r = await api.post("/api/auth/change-email/", json={"email": new}, headers=user["headers"])
    assert r.status_code == 200, r.text
    me = (await api.get("/api/auth/user/", headers=user["headers"])).json()
    assert me["email"] == user["email"]  # the login address moves once the new one is confirmed
    assert {"email": new, "primary": False, "verified": False} in me["emails"]
    key = await confirmation_key(sandbox, new)
    assert (await api.post("/api/auth/email/confirm/", json={"key": key})).status_code == 200
    me = (await api.get("/api/auth/user/", headers=user["headers"])).json()
    assert me["email"] == new and {"email": new, "primary": True, "verified": True} in me["emails"]
    other = await signup(api)
    r = await api.post("/api/auth/change-email/", json={"email": new}, headers=other["headers"])
    assert r.json()["errors"][0]["message"] == "A user is already registered with this e-mail address."


async def test_reminder_then_expiry(api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState,
                                    temporal_client: Client, settings: Settings) -> None:
    """The confirmation mail, a reminder, then the link stops working — in this order on any machine: the test's
    reminder is due at once (the workflow's clock stands still within one workflow task, so the reminder is sent
    before the expiry is ever checked against it) and the expiry 2 s later; the test waits for the end state."""
    user = await signup(api)
    first = await confirmation_key(sandbox, user["email"])
    row = await email_row(app_state, user["email"])
    # replace the running verification by a short one (same id: the product's id, the test's durations)
    await temporal_client.get_workflow_handle(workflow_id(row.id)).terminate("test uses short durations")
    handle = await temporal_client.start_workflow(
        EmailVerificationWorkflow.run, EmailVerificationInput(user["user_id"], row.id, 0, 2, activity_timeout_seconds=7),
        id=workflow_id(row.id), task_queue=settings.task_queue,
        search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(user["user_id"]))]))
    mails = await wait_for_mail(sandbox, user["email"], 3)
    assert [m["subject"] for m in mails][-1] == "Reminder: confirm your e-mail address"
    assert await within_deadline(handle.result()) == "expired"
    # every activity (the two mails, the expiry) had the input's start-to-close, as the chaos stack's short one
    scheduled = [e.activity_task_scheduled_event_attributes for e in (await handle.fetch_history()).events
                 if e.HasField("activity_task_scheduled_event_attributes")]
    assert [a.start_to_close_timeout.seconds for a in scheduled] == [7, 7, 7]
    await record(handle, "EmailVerification--reminded-expired")
    assert (await handle.describe()).status == WorkflowExecutionStatus.COMPLETED
    reminder_key = await confirmation_key(sandbox, user["email"], 3)
    for key in (first, reminder_key):
        r = await api.post("/api/auth/email/confirm/", json={"key": key})
        assert r.status_code == 422
        assert r.json()["errors"][0]["message"] == "This confirmation link has expired. Please request a new one."
    me = (await api.get("/api/auth/user/", headers=user["headers"])).json()
    assert me["emails"][0]["verified"] is False
    # asking again starts a fresh verification whose link works
    r = await api.post("/api/auth/email/verify/", json={"email": user["email"]}, headers=user["headers"])
    assert r.status_code == 200
    fresh = await confirmation_key(sandbox, user["email"], 4)
    assert (await api.post("/api/auth/email/confirm/", json={"key": fresh})).status_code == 200
