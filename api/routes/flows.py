"""The flow API (ARCHITECTURE.md): one contract for every wizard, so one React renderer draws them all."""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import Response
from temporalio.client import WithStartWorkflowOperation, WorkflowHandle, WorkflowUpdateFailedError
from temporalio.common import RawValue, SearchAttributePair, TypedSearchAttributes, WorkflowIDConflictPolicy
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from api.deps import CurrentCaller, CurrentUser, Db, State
from api.errors import ApiError, ErrorItem, error_response
from api.flow_bodies import StartBody, StepBody, step_of
from api.flow_refusals import MOVED_ON, refusal_response
from api.flows_registry import KINDS, FlowKind, Owner, Start
from api.openapi_docs import FLOW_STATE, event_stream
from api.purchase.flow import asset_of, purchase_start
from api.sse import Event, EventStream, channel_events, event_source
from api.trading.order_flow import order_start
from clients.temporal_updates import update_once
from store.live import flow_channel, publish_flow
from workflows import search_attributes as sa
from workflows.flow_core import FLOW_ENDED, REFUSALS, STATE_QUERY, FlowState, StepSubmission
from workflows.trading.place_order import KIND as ORDER_KIND

router = APIRouter(tags=["flows"])
# steps whose field checks a guessable value: (flow kind, step, field) → the rate-limited action (api/ratelimit.py)
GUESSABLE_FIELDS = {("make-investment", "select-shares", "giftCode"): "gift-code"}


def _kind(kind: str) -> FlowKind:
    if kind not in KINDS:
        raise ApiError(404, f"Unknown flow: {kind}.")
    return KINDS[kind]


def _owned(kind: str, flow_id: str, user: Owner) -> FlowKind:
    k = _kind(kind)
    if not k.owns(user, flow_id):  # a flow belongs to one user: anybody else's id is not found
        raise ApiError(404, "Flow not found.")
    return k


def _failed_update(exc: WorkflowUpdateFailedError) -> Response:
    cause = exc.cause
    if isinstance(cause, ApplicationError) and cause.type in REFUSALS:
        return refusal_response(cause)
    raise ApiError(500, "Something went wrong. Please try again.")


def _not_found(exc: RPCError) -> ApiError:
    if exc.status == RPCStatusCode.NOT_FOUND:
        return ApiError(404, "Flow not found.")
    raise exc


def _raw(value: RawValue) -> bytes:
    """A FlowState exactly as the workflow encoded it (JSON; the codec already decrypted it): the api passes it on
    to the browser and the SSE streams without parsing and re-serialising it."""
    return value.payload.data


def _state(body: bytes) -> Response:
    return Response(body, media_type="application/json")


@router.post("/api/flows/{kind}", responses=FLOW_STATE)
async def start_flow(kind: str, user: CurrentUser, state: State, db: Db,
                     body: Annotated[StartBody | None, Body()] = None) -> Response:
    """Starts the caller's flow of this kind, or returns the running one where it was (update-with-start).
    A purchase names its asset: `{"asset_id": 12}`; an order wizard its asset and side, and the order it edits:
    `{"asset_id": 12, "side": "BID", "order_id": "…"}`."""
    k = _kind(kind)
    client = await state.temporal()
    args = Start()
    attributes = [SearchAttributePair(sa.USER_ID, str(user.id)), SearchAttributePair(sa.FLOW, k.name)]
    if k.name == ORDER_KIND:  # {"asset_id", "side", "order_id"?}: a bid, an ask, or an edit of the caller's order
        args = await order_start(db, client, user, body or {})
        attributes.append(SearchAttributePair(sa.ASSET_TICKER, args.ticker))
    elif k.per_asset:
        asset = await asset_of(db, (body or {}).get("asset_id"))
        args = await purchase_start(db, client, user, asset)
        attributes.append(SearchAttributePair(sa.ASSET_TICKER, asset.ticker))
    flow_id = k.make_id(user, args)

    def start() -> WithStartWorkflowOperation[Any, Any]:  # one per send: an operation is used once
        return WithStartWorkflowOperation(
            k.workflow.run, k.make_input(user, state.settings, args), id=flow_id,
            task_queue=state.settings.task_queue, id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            static_summary=k.summary(user, args), search_attributes=TypedSearchAttributes(attributes))

    raw: RawValue = await update_once(lambda uid, timeout: client.execute_update_with_start_workflow(
        k.workflow.open, id=uid, start_workflow_operation=start(), result_type=RawValue, rpc_timeout=timeout),
        state.answer_wait)
    flow = _raw(raw)
    await publish_raw(state, flow_id, flow)
    return _state(flow)


@router.get("/api/flows/{kind}/{flow_id}", responses=FLOW_STATE)
async def get_flow(kind: str, flow_id: str, user: CurrentCaller, state: State) -> Response:
    _owned(kind, flow_id, user)
    return _state(_raw(await _read(state, flow_id)))


async def _read(state: State, flow_id: str) -> RawValue:
    """The flow's state from its workflow; no worker answering within the wait → 503 + Retry-After (api/errors)."""
    try:  # by name: given the method, the SDK would ignore result_type
        raw: RawValue = await (await state.temporal()).get_workflow_handle(flow_id).query(
            STATE_QUERY, result_type=RawValue, rpc_timeout=state.query_timeout)
    except RPCError as exc:
        raise _not_found(exc) from None
    return raw


async def _update(kind: str, flow_id: str, user: Owner, state: State, name: str, arg: Any = None) -> Response:
    k = _owned(kind, flow_id, user)
    handle = (await state.temporal()).get_workflow_handle(flow_id)
    method = getattr(k.workflow, name)
    try:
        raw: RawValue = await update_once(
            lambda uid, timeout: handle.execute_update(method, arg, id=uid, result_type=RawValue, rpc_timeout=timeout)
            if arg is not None else handle.execute_update(method, id=uid, result_type=RawValue, rpc_timeout=timeout),
            state.answer_wait)
    except WorkflowUpdateFailedError as exc:
        return _failed_update(exc)
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND and await _closed(handle):
            # the workflow ended between the page's last state and this step (a provider's callback ended it): as
            # for an ended flow still running, 409 — the page reads the flow's final state and shows its end
            return error_response(MOVED_ON, [ErrorItem(message=FLOW_ENDED)], error_type="FlowEnded")
        raise _not_found(exc) from None
    body = _raw(raw)
    await publish_raw(state, flow_id, body)
    return _state(body)


async def _closed(handle: WorkflowHandle[Any, Any]) -> bool:
    """The flow's workflow exists and has closed (an Update to it answers NOT_FOUND like an unknown id)."""
    try:
        await handle.describe()
    except RPCError:
        return False
    return True


async def publish_raw(state: State, flow_id: str, body: bytes) -> None:
    """Fans the FlowState an Update returned out to every SSE stream of this flow (any api instance) through Redis;
    a change the workflow makes by itself it publishes itself (FlowCore.publish), to the same channel."""
    with contextlib.suppress(Exception):  # a browser that misses an event re-reads the state
        await publish_flow(state.redis, flow_id, body)


async def publish(state: State, flow: FlowState) -> None:
    await publish_raw(state, flow.flow_id, json.dumps(asdict(flow), default=str).encode())


@router.post("/api/flows/{kind}/{flow_id}/steps/{step}", responses=FLOW_STATE)
async def submit_step(kind: str, flow_id: str, step: str, request: Request, user: CurrentCaller, state: State,
                      body: Annotated[StepBody, Body(default_factory=dict)]) -> Response:
    """The current step's fields → 200 FlowState, or 422 with the step's field errors in the one error shape
    (docs/errors.md); 409 when the flow moved on or ended. The body is the wizard's step body (api/flow_bodies.py):
    `step`, when sent, is the one in the address."""
    fields = step_of(step, body)
    for (k, s, name), action in GUESSABLE_FIELDS.items():
        if (k, s) == (kind, step) and str(fields.get(name) or "").strip():
            _owned(kind, flow_id, user)
            await state.limiter.hit(action, request, user.id)
    return await _update(kind, flow_id, user, state, "submit", StepSubmission(step, fields))


@router.post("/api/flows/{kind}/{flow_id}/back", responses=FLOW_STATE)
async def back(kind: str, flow_id: str, user: CurrentCaller, state: State) -> Response:
    return await _update(kind, flow_id, user, state, "back")


@router.post("/api/flows/{kind}/{flow_id}/close", responses=FLOW_STATE)
async def close(kind: str, flow_id: str, user: CurrentCaller, state: State) -> Response:
    return await _update(kind, flow_id, user, state, "close")


@router.get("/api/flows/{kind}/{flow_id}/events", response_class=EventStream,
            responses=event_stream("The FlowState now, then each new one (`data:` FlowState JSON)"))
async def events(kind: str, flow_id: str, user: CurrentCaller, state: State) -> EventStream:
    """Server-Sent Events: the current FlowState, then a new one every time it changes."""
    _owned(kind, flow_id, user)
    await _read(state, flow_id)  # the answer before the stream opens: not found → 404, no worker → 503 (sent again)
    handle = (await state.temporal()).get_workflow_handle(flow_id)

    async def opened() -> list[Event] | None:
        try:
            current: RawValue = await handle.query(STATE_QUERY, result_type=RawValue, rpc_timeout=state.query_timeout)
        except RPCError:  # the workflow is gone: the stream ends
            return None
        return [{"data": _raw(current).decode()}]

    def received(message: dict[str, Any]) -> Event:
        data = message["data"]
        return {"data": data.decode() if isinstance(data, bytes) else str(data)}

    return event_source(channel_events(state.redis, [flow_channel(flow_id)], opened, received))
