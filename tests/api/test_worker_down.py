"""While no worker answers (docs/errors.md "While no worker answers"): every endpoint that waits for a workflow's
answer (an Update, a query, an update-with-start, a started workflow's first answer) answers 503 with Retry-After in
the one error shape once its wait ran out — never "link expired", "not found" or another 4xx, never a 500. Once a
worker is back, the same request succeeds and took effect once.

The api here waits WAIT seconds; its workflows run on a task queue of this module's own, polled only while a test
runs a worker on it (`working`), or on NOBODY, a task queue no worker ever polls."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlmodel import col
from temporalio.client import Client
from temporalio.common import SearchAttributePair, TypedSearchAttributes
from temporalio.testing import WorkflowEnvironment

from api.state import AppState
from config import Settings
from store.models import Asset, Customer, Email, FundingSource, PurchaseCounter, Transfer
from store.transfers import REFUSED
from tests.api.accounts import account_id, confirmation_key, signup
from tests.api.apps import api_with, client, random_address
from tests.error_shape import error_body
from tests.flows.driver import PROFILE, Flow
from worker.build import build_worker, worker_resources
from workflows import bank_link, onboarding
from workflows import search_attributes as sa
from workflows.purchase import workflow as purchase
from workflows.trading import order_types as O

WAIT = 2.0  # seconds the api waits for a workflow's answer here: every call below runs into it
NOBODY = f"vitrine-nobody-{uuid.uuid4().hex[:6]}"
HTTP_WAIT = 120.0  # a generous bound on one request: the api answers after WAIT (plus its own work)


@pytest.fixture
def down(settings: Settings) -> Settings:
    """The api's settings here: its own task queue (no worker unless a test runs one) and short waits."""
    return settings.model_copy(update={
        "task_queue": f"vitrine-down-{uuid.uuid4().hex[:6]}", "workflow_answer_wait_seconds": WAIT,
        "money_workflow_wait_seconds": WAIT, "order_update_wait_seconds": WAIT, "worker_sticky_timeout_seconds": 1.0})


@asynccontextmanager
async def api(settings: Settings, temporal: Client, **changes: Any) -> AsyncIterator[tuple[AppState, httpx.AsyncClient]]:
    async with api_with(settings, temporal, **changes) as state, client(state, random_address(), as_served=True) as http:
        http.timeout = httpx.Timeout(HTTP_WAIT)
        yield state, http


@asynccontextmanager
async def working(settings: Settings, temporal: Client) -> AsyncIterator[None]:
    """A worker polling the settings' task queue for as long as the block runs."""
    async with worker_resources(settings) as resources, build_worker(temporal, settings, resources):
        yield


def unavailable(r: httpx.Response, what: str) -> str | None:
    """Why `r` is not the answer while no worker answers (503, Retry-After, the one error shape), or None."""
    if r.status_code != 503 or not r.headers.get("retry-after", "").isdigit():
        return f"{what}: {r.status_code} {r.headers.get('retry-after')!r} {r.text[:200]}"
    error_body(r.json())
    return None


async def verified(http: httpx.AsyncClient, user: dict[str, Any]) -> bool:
    r = await http.get("/api/auth/user/", headers=user["headers"])
    assert r.status_code == 200, r.text
    return all(e["verified"] for e in r.json()["emails"] if e["email"] == user["email"])


async def test_the_confirmation_and_a_step_answer_503_then_succeed_once_with_the_worker_back(
        down: Settings, temporal_env: WorkflowEnvironment, seeded: None, sandbox: httpx.AsyncClient) -> None:
    temporal = temporal_env.client
    async with api(down, temporal) as (_, http):
        async with working(down, temporal):
            user = await signup(http)
            key = await confirmation_key(sandbox, user["email"], wait=HTTP_WAIT)
            flow = Flow(http, user["headers"])
            await flow.open()
            await flow.ok()  # intro
        assert flow.state["step"] == "name-phone-info", flow.state
        step = f"{flow.base}/steps/name-phone-info"
        fields = PROFILE["name-phone-info"]
        confirm = await http.post("/api/auth/email/confirm/", json={"key": key})
        submit = await http.post(step, json=fields, headers=user["headers"])
        assert [why for why in (unavailable(confirm, "confirm"), unavailable(submit, "step")) if why] == []
        assert not await verified(http, user)

    # the worker back (starting: its first tasks may take seconds), the person sends the same requests again
    async with api(down, temporal, workflow_answer_wait_seconds=HTTP_WAIT / 2) as (_, http), working(down, temporal):
        confirm = await http.post("/api/auth/email/confirm/", json={"key": key})
        assert confirm.status_code == 200, confirm.text
        assert confirm.json()["email"] == user["email"]
        assert await verified(http, user)
        submit = await http.post(step, json=fields, headers=user["headers"])
        assert submit.status_code == 200, submit.text  # the step sent while no worker answered was not applied
        state = submit.json()
        assert state["step"] == "date-of-birth", state  # one step on, not two
        again = await http.get(flow.base, headers=user["headers"])
        assert again.status_code == 200 and again.json()["step"] == "date-of-birth", again.text
        back = await http.post(f"{flow.base}/back", headers=user["headers"])
        assert back.status_code == 200 and back.json()["values"] == fields, back.text  # saved once, as sent


async def _nobody_runs(temporal: Client, workflow_id: str, user_id: int) -> None:
    """A running workflow with this id on NOBODY: every Update and query to it goes unanswered."""
    await temporal.start_workflow("Nobody", id=workflow_id, task_queue=NOBODY, search_attributes=TypedSearchAttributes(
        [SearchAttributePair(sa.USER_ID, str(user_id))]))


async def _owner_of_everything(state: AppState, temporal: Client, uid: int) -> tuple[int, str]:
    """The rows and workflows each endpoint needs to reach its workflow: a verified e-mail, customer and bank (a
    deposit), a running purchase, an order, an onboarding flow. Returns the asset and the order's id."""
    order_id = O.order_id_for(uid, "worker-down")
    async with state.sessions() as db:
        asset = await db.scalar(select(col(Asset.id)).order_by(col(Asset.id)))
        assert asset is not None
        for email in await db.scalars(select(Email).where(col(Email.user_id) == uid)):
            email.verified = True
        customer = await db.scalar(select(Customer).where(col(Customer.user_id) == uid)) or Customer(user_id=uid)
        customer.status = "verified"
        db.add(customer)
        db.add(PurchaseCounter(user_id=uid, asset_id=asset, n=1))
        await db.commit()
    await _bank(state, uid, "verified")
    for workflow_id in (onboarding.workflow_id(uid), purchase.workflow_id(uid, asset, 1), O.workflow_id(order_id)):
        await _nobody_runs(temporal, workflow_id, uid)
    return asset, order_id


async def _bank(state: AppState, uid: int, status: str) -> int:
    """A manually linked bank account of the user (the newest is the one the money calls use)."""
    async with state.sessions() as db:
        source = FundingSource(user_id=uid, provider_id=f"fs-down-{uuid.uuid4().hex[:12]}", status=status,
                               method="manual", account_number_encrypted="", idempotency_key=uuid.uuid4().hex)
        db.add(source)
        await db.commit()
        return source.id


async def test_every_endpoint_that_waits_for_a_workflow_answers_503_while_no_worker_answers(
        down: Settings, temporal_env: WorkflowEnvironment, seeded: None) -> None:
    temporal = temporal_env.client
    async with api(down, temporal, task_queue=NOBODY) as (state, http):
        user = await signup(http)  # starts the e-mail verification: a start needs no worker
        uid = int(user["user_id"])
        asset, order_id = await _owner_of_everything(state, temporal, uid)
        flow = f"/api/flows/onboarding/{onboarding.workflow_id(uid)}"
        order = f"/api/financial-accounts/{account_id(user)}/orders/{order_id}"
        edit = {"units": 1, "unitPrice": "10.00"}
        calls: dict[str, tuple[str, str, dict[str, Any] | None]] = {
            "open a flow (update-with-start)": ("POST", "/api/flows/onboarding", None),
            "read a flow (query)": ("GET", flow, None),
            "a flow's events (query)": ("GET", f"{flow}/events", None),
            "submit a step": ("POST", f"{flow}/steps/intro", {}),
            "back": ("POST", f"{flow}/back", None),
            "close": ("POST", f"{flow}/close", None),
            "the reservation (query)": ("POST", f"/api/assets/{asset}/invest/reservations", {}),
            "the signature (query)": ("POST", "/api/investments/docusign/", {"asset": asset}),
            "invest": ("POST", f"/api/assets/{asset}/invest", {"shares": 1}),
            "a deposit": ("POST", "/api/dwolla/transfers/", {"type": "deposit", "amount": "25.00"}),
            "a merchandise order": ("POST", "/api/merchandising/orders/", {"cart": [{"product": {"id": 1}}]}),
            "read an order (query)": ("GET", order, None),
            "submit an order": ("POST", f"{order}/submit", None),
            "edit an order": ("PUT", order, edit),
            "prevalidate an edit": ("POST", f"{order}/prevalidate", edit),
            "cancel an order": ("DELETE", order, None),
            "confirm a match": ("POST", f"/api/trading/orders/{order_id}/confirm/", None),
        }
        headers = {**user["headers"], "Idempotency-Key": "worker-down"}
        answers = await asyncio.gather(*(http.request(method, path, json=body, headers=headers)
                                         for method, path, body in calls.values()))
        wrong = [why for what, r in zip(calls, answers, strict=True) if (why := unavailable(r, what))]
        await _nobody_runs(temporal, bank_link.workflow_id(uid, await _bank(state, uid, "unverified")), uid)
        r = await http.post("/api/dwolla/micro-deposits/", json={"value1": "0.05", "value2": "0.07"}, headers=headers)
        assert wrong == [] and unavailable(r, "micro-deposits") is None, (wrong, r.text)
        async with state.sessions() as db:  # the deposit nobody initiated is refused: nothing moves
            transfers = (await db.scalars(select(Transfer).where(col(Transfer.user_id) == uid))).all()
        assert [t.failure_code for t in transfers] == [REFUSED]
