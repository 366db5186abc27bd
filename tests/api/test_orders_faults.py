"""The order calls when no worker answers in time: the submit's Update reaches the order's workflow, but the worker
on its task queue runs workflow tasks and local activities only (`no_remote_activities`: it does not poll for
activities) and its local placement finds the ATS not answering (`ats_down`), so the placement the Update waits for
goes to the server activity (patch `order-hold-place-local`), which never runs. The call answers 503 with
Retry-After in the one error shape, never a 500 or a hang; once a whole worker is back, the same Update (its id
from the order) completes and the submit sent again answers the order."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import httpx
import pytest
from temporalio import activity
from temporalio.exceptions import ApplicationError
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from activities.interfaces import trading as T
from api.app import create_app
from api.errors import RETRY_AFTER_SECONDS, SOMETHING_WENT_WRONG
from api.state import AppState
from config import Settings
from tests.api.accounts import account_id as acct
from tests.api.test_orders import create, order_body
from tests.conftest import Providers
from tests.flows.investors import funded_investor
from tests.flows.test_place_order import trading_asset
from tests.waiting import within_deadline
from worker.build import WORKFLOWS, build_id, build_worker, worker_resources
from worker.build import activities as worker_activities
from workflows.trading import order_types as O


@activity.defn(name=T.HOLD_PLACE)
async def ats_down(_: T.HoldPlaceInput) -> T.AtsOrder:
    """The new order's local hold-and-place finding the ATS not answering: the order falls back to the server
    activity (a 503 is no refusal), which this test's first worker never polls."""
    raise ApplicationError("the ATS is not answering", type=T.ATS_UNAVAILABLE)


@dataclass
class FaultApi:
    api: httpx.AsyncClient
    settings: Settings
    env: WorkflowEnvironment


@pytest.fixture
async def fault_api(app_state: AppState, temporal_env: WorkflowEnvironment) -> AsyncIterator[FaultApi]:
    """An api on a task queue of its own, waiting 3 s for an order's workflow; its errors are answers, as a server
    gives them (ASGITransport would raise what the 503 handler answered)."""
    settings = app_state.settings.model_copy(update={"task_queue": f"orders-fault-{uuid.uuid4().hex[:6]}",
                                                     "order_update_wait_seconds": 3.0})
    state = AppState.create(settings)
    state._temporal = temporal_env.client
    app = create_app(settings)
    app.state.vitrine = state
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield FaultApi(client, settings, temporal_env)
    await state.close()


async def test_submit_with_no_worker_answering_is_503(fault_api: FaultApi, api: httpx.AsyncClient,
                                                     app_state: AppState, providers: Providers,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    asset = await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state)
    client, queue = fault_api.env.client, fault_api.settings.task_queue
    submit_url = ""
    async with worker_resources(fault_api.settings) as resources, Worker(
            client, task_queue=queue, workflows=list(WORKFLOWS),
            activities=[*(f for f in worker_activities(fault_api.settings, resources) if f.__name__ != "hold_place"),
                        ats_down],
            no_remote_activities=True, build_id=build_id()):  # workflow tasks and local activities only
        r = await create(fault_api.api, a, order_body(asset.ticker, "bid", 1, "9.00"))
        assert r.status_code == 201, r.text
        order_id = r.json()["data"]["id"]
        submit_url = f"/api/financial-accounts/{acct(a)}/orders/{order_id}/submit"
        with caplog.at_level(logging.WARNING, logger="vitrine.api"):
            r = await fault_api.api.post(submit_url, headers=a["headers"])
        assert r.status_code == 503, r.text
        assert r.headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
        assert r.json() == {"errors": [{"message": SOMETHING_WENT_WRONG}]}
        # the fault landed where meant: the view was read (the query answered, the hold taken), the Update timed out
        assert "WorkflowUpdateRPCTimeoutOrCancelledError" in caplog.text, caplog.text
        handle = client.get_workflow_handle(O.workflow_id(order_id))
        assert (await handle.query(O.VIEW, result_type=O.OrderView)).status not in O.ENDED

    async with worker_resources(fault_api.settings) as resources, build_worker(client, fault_api.settings, resources):
        # the Update the api sent (nobody else sends `submit-{id}`) completes now that the placement can run
        sent = handle.get_update_handle(f"submit-{order_id}", result_type=O.OrderView)
        assert (await within_deadline(sent.result())).status == "SUBMITTED"
        r = await fault_api.api.post(submit_url, headers=a["headers"])  # the person's retry: the same Update
        assert r.status_code == 200 and r.json()["data"]["status"] == "SUBMITTED", r.text
        assert (await api.delete(f"/api/financial-accounts/{acct(a)}/orders/{order_id}",
                                 headers=a["headers"])).status_code == 200
