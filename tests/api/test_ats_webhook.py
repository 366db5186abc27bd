"""The ATS's webhooks at /api/webhooks/ats/ on the real stack: the ATS's own signed deliveries are applied; a forged
one is refused and signals nothing; a replay is applied once (one `ats_event` signal in the order's history);
`order.accepted` is applied without a signal (the order has it from its placement's answer); an execution reaches
the order of Vitrine's side; an event for an order whose workflow does not exist (yet) answers 503
and is not recorded, so the ATS delivers it again; window events reach the instrument's live channel."""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from typing import Any

import httpx
from temporalio.client import Client

from api.state import AppState
from clients.ats import ats_client
from store.live import market_channel
from tests.api.accounts import account_id as acct
from tests.api.test_orders import order_body, placed
from tests.conftest import Providers
from tests.flows.investors import funded_investor
from tests.flows.test_place_order import trading_asset
from tests.waiting import eventually
from workflows.trading import order_types as O

URL = "/api/webhooks/ats/"


def signed(secret: str, event: dict[str, Any]) -> tuple[bytes, dict[str, str]]:
    body = json.dumps(event, separators=(",", ":")).encode()
    signature = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return body, {"content-type": "application/json", "X-Sandbox-Signature": signature,
                  "X-Sandbox-Event-Id": str(event["id"])}


async def ats_events(temporal: Client, order_id: str) -> list[str]:
    """The ids of the `ats_event` signals in the order workflow's history."""
    out = []
    async for e in temporal.get_workflow_handle(O.workflow_id(order_id)).fetch_history_events():
        if e.HasField("workflow_execution_signaled_event_attributes"):
            a = e.workflow_execution_signaled_event_attributes
            if a.signal_name == O.ATS_EVENT:
                [event] = await temporal.data_converter.decode(a.input.payloads, [O.AtsEvent])
                out.append(event.event_id)
    return out


async def ats_order(state: AppState, account: str, ats_order_id: str) -> dict[str, Any]:
    data: dict[str, Any] = (await ats_client(state.http, state.settings).get_order(account, ats_order_id))["data"]
    return data


async def test_forged_replayed_and_routed_webhooks(api: httpx.AsyncClient, app_state: AppState, providers: Providers,
                                                   temporal_client: Client) -> None:
    secret = app_state.settings.webhook_secret
    asset = await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state)
    order = await placed(api, a, order_body(asset.ticker, "bid", 1, "9.00"))
    oid, account = order["id"], O.account_id_for(int(a["user_id"]))  # the ATS's key of the investor's account
    view = await temporal_client.get_workflow_handle(O.workflow_id(oid)).query(O.VIEW, result_type=O.OrderView)
    assert view.ats_order_id, view
    data = await ats_order(app_state, account, view.ats_order_id)
    assert data["idempotencyKey"] == O.workflow_id(oid)

    # forged: 401, nothing signalled, nothing recorded (the genuine event is applied afterwards)
    event = {"id": f"evt_test_{uuid.uuid4().hex}", "topic": "order.replaced", "created": data["modified"], "data": data}
    body, headers = signed(secret, event)
    for forged in ({**headers, "X-Sandbox-Signature": "0" * 64}, {**headers, "X-Sandbox-Signature": ""},
                   {k: v for k, v in headers.items() if k != "X-Sandbox-Signature"}):
        r = await api.post(URL, content=body, headers=forged)
        assert r.status_code == 401, r.text
    r = await api.post(URL, content=body.replace(b"order.replaced", b"order.canceled"), headers=headers)
    assert r.status_code == 401, r.text  # a body changed after signing
    # (the ATS's own deliveries may reach the workflow meanwhile when the served api runs: only this event counts)
    assert event["id"] not in await ats_events(temporal_client, oid)

    # genuine, then replayed twice: applied once
    answers = [(await api.post(URL, content=body, headers=headers)).json()["status"] for _ in range(3)]
    assert answers == ["applied", "duplicate", "duplicate"], answers
    assert (await ats_events(temporal_client, oid)).count(event["id"]) == 1

    # order.accepted: applied (each time: it only refreshes the book), and no signal (the workflow has the
    # acceptance from its placement activity's answer); forged still 401
    accepted = {**event, "id": f"evt_test_{uuid.uuid4().hex}", "topic": "order.accepted"}
    for _ in range(2):
        r = await api.post(URL, content=signed(secret, accepted)[0], headers=signed(secret, accepted)[1])
        assert r.status_code == 200 and r.json()["status"] == "applied", r.text
    r = await api.post(URL, content=signed(secret, accepted)[0], headers={**signed(secret, accepted)[1],
                                                                          "X-Sandbox-Signature": "0" * 64})
    assert r.status_code == 401, r.text
    assert accepted["id"] not in await ats_events(temporal_client, oid)

    # an execution: routed to the order of Vitrine's side (the other side belongs to another broker)
    execution = {"id": f"x-test-{uuid.uuid4().hex[:8]}", "status": "VOIDED", "financialInstrumentId": data[
        "financialInstrumentId"], "windowId": "W-test", "unitPrice": "9.00", "units": 1, "amount": "9.00",
        "aggressor": "ASK", "buyer": {"external": False, "accountId": account, "orderId": view.ats_order_id,
                                      "confirmed": False},
        "seller": {"external": True, "accountId": None, "orderId": None, "confirmed": False},
        "voidReason": "test", "created": data["modified"], "modified": data["modified"]}
    xevent = {"id": f"evt_test_{uuid.uuid4().hex}", "topic": "execution.voided", "created": data["modified"],
              "data": execution}
    r = await api.post(URL, content=signed(secret, xevent)[0], headers=signed(secret, xevent)[1])
    assert r.status_code == 200 and r.json()["status"] == "applied", r.text
    assert (await ats_events(temporal_client, oid))[-1] == xevent["id"]

    # an order whose workflow does not exist: 503 (delivered again later), not recorded as applied
    ghost = {**event, "id": f"evt_test_{uuid.uuid4().hex}",
             "data": {**data, "id": "ord_ghost", "idempotencyKey": O.workflow_id(str(uuid.uuid4()))}}
    for _ in range(2):
        r = await api.post(URL, content=signed(secret, ghost)[0], headers=signed(secret, ghost)[1])
        assert r.status_code == 503, r.text
    # malformed but signed: 422
    r = await api.post(URL, content=b"[1]", headers=signed(secret, {"id": "x"})[1] | {
        "X-Sandbox-Signature": hmac.new(secret.encode(), b"[1]", hashlib.sha256).hexdigest()})
    assert r.status_code == 422, r.text
    await api.delete(f"/api/financial-accounts/{acct(a)}/orders/{oid}", headers=a["headers"])


async def test_window_events_reach_the_instruments_channel(api: httpx.AsyncClient, app_state: AppState) -> None:
    instrument = f"W{uuid.uuid4().hex[:6].upper()}"
    pubsub = app_state.redis.pubsub()
    await pubsub.subscribe(market_channel(instrument))
    try:
        window = {"id": f"W-{instrument}-d1", "instrument_id": instrument, "status": "OPEN", "closing_price": None,
                  "matched_bids": 0, "matched_asks": 0}
        event = {"id": f"evt_test_{uuid.uuid4().hex}", "topic": "window.open", "created": "2026-11-23T10:00:00Z",
                 "data": window}
        body, headers = signed(app_state.settings.webhook_secret, event)
        r = await api.post(URL, content=body, headers=headers)
        assert r.status_code == 200 and r.json()["status"] == "applied", r.text
        async def published() -> Any:
            return await pubsub.get_message(ignore_subscribe_messages=True, timeout=1)

        message = await eventually(published)  # past the deadline: "the window event was not published"
        assert json.loads(message["data"]) == {"type": "window", "data": window}
    finally:
        await pubsub.unsubscribe()
        await pubsub.aclose()  # type: ignore[no-untyped-call]


async def test_the_ats_own_deliveries_are_applied(api: httpx.AsyncClient, app_state: AppState, providers: Providers,
                                                  served_api: str, temporal_client: Client) -> None:
    """With the api served where the ATS sends its webhooks, the ATS's own signed events for an order are answered
    200; its `order.accepted` wakes no workflow (the order has it from its placement)."""
    asset = await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state)
    order = await placed(api, a, order_body(asset.ticker, "bid", 1, "9.00"))
    view = await temporal_client.get_workflow_handle(O.workflow_id(order["id"])).query(O.VIEW,
                                                                                      result_type=O.OrderView)
    async with httpx.AsyncClient(base_url=providers.url, headers={"X-Provider-Key": providers.settings.api_key}) as ps:
        async def accepted_delivered() -> list[dict[str, Any]]:
            hooks = (await ps.get("/sandbox/ats/webhooks", params={"resourceId": view.ats_order_id})).json()["data"]
            delivered = [h for h in hooks if h["topic"] == "order.accepted" and h["delivery"]["status"] == "delivered"]
            assert delivered, f"order.accepted not delivered yet: {hooks}"
            return delivered

        delivered = await eventually(accepted_delivered)
    signalled = await ats_events(temporal_client, order["id"])
    assert delivered[0]["id"] not in signalled, (delivered, signalled)
