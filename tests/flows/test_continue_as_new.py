"""Workflows that wait or poll without a bound continue as new with their state (small caps from the input force it):
a bank link, a transfer, a flow and an e-mail verification each finish across two or more runs of one chain, the
first run closed as ContinuedAsNew, and nothing is applied twice."""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.client import Client, WorkflowExecutionStatus, WorkflowHandle, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from api.state import AppState
from config import Settings
from store.models import FundingSource, LedgerEntry, LedgerPosting
from store.transfers import open_transfer
from tests.api.accounts import signup
from tests.conftest import wait_for_mail
from tests.flows.driver import PROFILE
from tests.flows.funding import micro_deposits, onboarded, provider_transfer_id, verify_bank
from tests.waiting import eventually, within_deadline
from tests.workflows.histories import record
from workflows.bank_link import BankLinkInput, BankLinkWorkflow
from workflows.bank_link import workflow_id as bank_link_id
from workflows.email_verification import ConfirmRequest, EmailVerificationInput, EmailVerificationWorkflow
from workflows.flow_core import StepSubmission
from workflows.onboarding import OnboardingInput, OnboardingWorkflow
from workflows.transfer import TransferInput, TransferWorkflow
from workflows.transfer import workflow_id as transfer_id


async def continued(client: Client, handle: WorkflowHandle[Any, Any], after: str | None = None) -> list[str]:
    """Waits until the chain that `handle` started runs in a newer run than `after` (default: its first run);
    returns [that run, the current run]."""
    since = after or str(handle.result_run_id)

    async def newer_run() -> list[str]:
        current = (await client.get_workflow_handle(handle.id).describe()).run_id
        assert current is not None and current != since, f"{handle.id} has not continued as new from run {since}"
        return [since, current]

    return await eventually(newer_run)


async def first_run_status(client: Client, handle: WorkflowHandle[Any, Any]) -> WorkflowExecutionStatus | None:
    return (await client.get_workflow_handle(handle.id, run_id=handle.result_run_id).describe()).status


async def test_bank_link_continues_as_new_and_still_verifies(api: httpx.AsyncClient, sandbox: httpx.AsyncClient,
                                                             app_state: AppState, temporal_client: Client,
                                                             served_api: str) -> None:
    user = await onboarded(api, sandbox)
    async with app_state.sessions() as db:
        fs = await db.scalar(select(FundingSource).where(FundingSource.user_id == user["user_id"]))
        assert fs is not None
    wid = bank_link_id(user["user_id"], fs.id)
    await temporal_client.get_workflow_handle(wid).terminate("the test runs it with a small poll cap")
    handle = await temporal_client.start_workflow(
        BankLinkWorkflow.run, BankLinkInput(user["user_id"], fs.id, poll_seconds=1, polls_per_run=6),
        id=wid, task_queue=app_state.settings.task_queue)
    a, b = await micro_deposits(sandbox, user)
    wrong = "0.01" if a != "0.01" else "0.02"
    r = await api.post("/api/dwolla/micro-deposits/", json={"value1": wrong, "value2": wrong}, headers=user["headers"])
    assert "2 attempt(s) left" in r.json()["errors"][0]["message"], r.text
    current = await temporal_client.get_workflow_handle(wid).describe()  # the run that counted that attempt
    runs = await continued(temporal_client, handle, after=current.run_id)
    r = await api.post("/api/dwolla/micro-deposits/", json={"value1": wrong, "value2": wrong}, headers=user["headers"])
    assert "1 attempt(s) left" in r.json()["errors"][0]["message"], r.text  # carried: the second run's is the 2nd
    r = await api.post("/api/dwolla/micro-deposits/", json={"value1": a, "value2": b}, headers=user["headers"])
    assert r.status_code == 200 and r.json()["status"] == "verified", r.text
    assert await within_deadline(temporal_client.get_workflow_handle(wid).result()) == "verified"
    assert await first_run_status(temporal_client, handle) == WorkflowExecutionStatus.CONTINUED_AS_NEW
    assert len(runs) >= 2
    await record(temporal_client.get_workflow_handle(wid, run_id=runs[0]), "BankLink--continued-as-new")
    await record(temporal_client.get_workflow_handle(wid), "BankLink--carried-verified")


async def test_transfer_continues_as_new_and_settles_once(api: httpx.AsyncClient, sandbox: httpx.AsyncClient,
                                                          app_state: AppState, temporal_client: Client,
                                                          served_api: str) -> None:
    user = await onboarded(api, sandbox)
    await verify_bank(api, sandbox, user)
    async with app_state.sessions() as db:
        source = await db.scalar(select(FundingSource).where(FundingSource.user_id == user["user_id"]))
        assert source is not None
        t = await open_transfer(db, user_id=user["user_id"], funding_source_id=source.id, direction="deposit",
                                amount=Decimal("75.00"), hold_days=7)
    handle = await temporal_client.start_workflow(
        TransferWorkflow.run, TransferInput(t.id, user["user_id"], poll_seconds=1, checks_per_run=1),
        id=transfer_id(t.id), task_queue=app_state.settings.task_queue)
    assert await within_deadline(handle.result()) == "processed"  # one check per run
    runs = await continued(temporal_client, handle)
    assert await first_run_status(temporal_client, handle) == WorkflowExecutionStatus.CONTINUED_AS_NEW
    async with app_state.sessions() as db:
        keys = sorted((await db.scalars(select(col(LedgerEntry.idempotency_key))
                                        .where(col(LedgerEntry.idempotency_key).like(f"transfer-{t.id}:%")))).all())
        cash = await db.scalar(select(func.sum(LedgerPosting.amount))
                               .where(col(LedgerPosting.account) == f"user:{user['user_id']}:cash"))
    assert keys == [f"transfer-{t.id}:initiated", f"transfer-{t.id}:settled"]
    assert cash == Decimal("75.00")
    provider = (await sandbox.get(f"/payments/transfers/{(await provider_transfer_id(app_state, t.id))}",
                                  headers={"X-Provider-Key": app_state.settings.provider_api_key})).json()
    assert provider["status"] == "processed"
    await record(temporal_client.get_workflow_handle(handle.id, run_id=runs[0]), "Transfer--continued-as-new")
    await record(temporal_client.get_workflow_handle(handle.id), "Transfer--carried-processed")


async def test_a_flow_continues_as_new_where_it_was(api: httpx.AsyncClient, temporal_client: Client,
                                                   settings: Settings) -> None:
    user = await signup(api)
    handle = await temporal_client.start_workflow(
        OnboardingWorkflow.run, OnboardingInput(user["user_id"], settings.enabled_states, updates_per_run=3),
        id=f"test-flow-can-{uuid.uuid4().hex[:8]}", task_queue=settings.task_queue)
    await handle.execute_update(OnboardingWorkflow.open)
    for step in ("intro", "name-phone-info"):  # three Updates: the run continues as new
        state = await handle.execute_update(OnboardingWorkflow.submit, StepSubmission(step, PROFILE[step]))
    assert state.step == "date-of-birth"
    runs = await continued(temporal_client, handle)

    async def submitted() -> Any:  # the new run refuses Updates until it has loaded (409 NotReady): try again
        try:
            return await handle.execute_update(OnboardingWorkflow.submit,
                                               StepSubmission("date-of-birth", PROFILE["date-of-birth"]))
        except WorkflowUpdateFailedError as exc:
            if isinstance(exc.cause, ApplicationError) and exc.cause.type == "NotReady":
                return None
            raise

    state = await eventually(submitted)
    assert state.step == "home-address" and state.version > 3
    back = await handle.execute_update(OnboardingWorkflow.back)
    back = await handle.execute_update(OnboardingWorkflow.back)
    assert back.step == "name-phone-info" and back.values["first_name"] == "Ada"  # carried from the first run
    assert {s["id"]: s["state"] for s in back.steps}["intro"] == "done"
    await handle.execute_update(OnboardingWorkflow.close)
    assert await first_run_status(temporal_client, handle) == WorkflowExecutionStatus.CONTINUED_AS_NEW
    assert len(runs) >= 2
    await record(temporal_client.get_workflow_handle(handle.id, run_id=runs[0]), "Onboarding--continued-as-new")
    await handle.terminate("test over")


async def test_email_verification_continues_as_new_after_many_resends(
        api: httpx.AsyncClient, sandbox: httpx.AsyncClient, app_state: AppState, temporal_client: Client) -> None:
    user = await signup(api)
    from tests.workflows.test_email_verification import email_row

    row = await email_row(app_state, user["email"])
    wid = f"test-email-can-{uuid.uuid4().hex[:8]}"
    handle = await temporal_client.start_workflow(
        EmailVerificationWorkflow.run, EmailVerificationInput(user["user_id"], row.id, 3600, 7200, mails_per_run=2),
        id=wid, task_queue=app_state.settings.task_queue)
    await wait_for_mail(sandbox, user["email"], 2)  # the api's own workflow sent one; this one another
    await handle.signal(EmailVerificationWorkflow.resend)
    runs = await continued(temporal_client, handle)
    await handle.signal(EmailVerificationWorkflow.resend)
    mails = await wait_for_mail(sandbox, user["email"], 4)
    assert len(mails) == 4  # one mail per send: the carried count keeps each key new
    state = await handle.query(EmailVerificationWorkflow.state)
    assert state.mails_sent == 3
    assert await handle.execute_update(EmailVerificationWorkflow.confirm, ConfirmRequest(0)) == "confirmed"
    assert await within_deadline(handle.result()) == "confirmed"
    assert await first_run_status(temporal_client, handle) == WorkflowExecutionStatus.CONTINUED_AS_NEW
    await record(temporal_client.get_workflow_handle(wid, run_id=runs[0]), "EmailVerification--continued-as-new")
    await record(temporal_client.get_workflow_handle(wid), "EmailVerification--carried-confirmed")


async def test_email_verification_of_an_unknown_address_fails_with_its_type(app_state: AppState,
                                                                           temporal_client: Client) -> None:
    """A refusal is not retried: the workflow fails at once with the activity's error type (the runbook's state)."""
    from temporalio.client import WorkflowFailureError
    from temporalio.exceptions import ActivityError, ApplicationError, RetryState

    handle = await temporal_client.start_workflow(
        EmailVerificationWorkflow.run, EmailVerificationInput(0, 2_000_000_000, 3600, 7200),
        id=f"test-email-missing-{uuid.uuid4().hex[:8]}", task_queue=app_state.settings.task_queue)
    try:
        await within_deadline(handle.result())
        raise AssertionError("the verification of a missing address did not fail")
    except WorkflowFailureError as exc:
        assert isinstance(exc.cause, ActivityError) and isinstance(exc.cause.cause, ApplicationError)
        assert exc.cause.cause.type == "EmailNotFound"
        assert exc.cause.retry_state == RetryState.NON_RETRYABLE_FAILURE  # one attempt, not retried
    await record(handle, "EmailVerification--failed")
