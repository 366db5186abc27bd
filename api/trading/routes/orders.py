"""The spec's order calls (doc 3 §7 "Orders"; account id = the user's first financial account, the user read's
`customer.accounts[0].id`; the ATS keeps its own key of it, `acct-{user_id}`, never in these paths): prevalidate,
create, submit, list, read, edit, cancel, positions. Each order is a Temporal workflow (`order-{order_id}`): create starts
it (a retried create with the same Idempotency-Key finds the same order), edit/cancel/submit are its Updates, reads
come from the workflow (one order) or its projection (lists). Another investor's account or order is not found."""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Header, Path, Query, Response
from temporalio.exceptions import WorkflowAlreadyStartedError

from api.deps import CurrentUser, Db, State
from api.errors import ApiError, ErrorBody
from api.flows_registry import order_timings
from api.trading import order_calls as C
from api.trading.order_checks import asset_of_instrument, market_of, order_check, refuse
from api.trading.order_schemas import (
    CancelOut,
    EditIn,
    OrderData,
    OrderIdData,
    OrderIdOut,
    OrderList,
    OrderRequestIn,
    PositionOut,
    PositionsOut,
    PrevalidationOut,
    UnitsContext,
    order_out,
)
from domain.money import money_str
from domain.trading import order_rules as R
from domain.trading import order_wizard as W
from store.models import Asset
from store.positions import positions as positions_of
from store.trading import order_owner
from store.trading.orders import get_view, list_views
from workflows.trading import order_types as O
from workflows.trading.order_start import start_order

# besides the shared error answers (app.py): the create and edit calls need an Idempotency-Key
router = APIRouter(tags=["orders"], responses={400: {"model": ErrorBody, "description": "Idempotency-Key missing"}})
BASE = "/api/financial-accounts/{account_id}"
AccountId = Annotated[str, Path(max_length=64)]
OrderId = Annotated[str, Path(max_length=64)]
IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]
KEY_REQUIRED = "The Idempotency-Key header is required."
SIDE_REQUIRED = "Please choose bid or ask."
TYPE_INVALID = "The order type must be LIMIT or INSTANT."
TERM_INVALID = "The term must be GOOD_TIL_CANCELED or IMMEDIATE_OR_CANCEL."


def _key(value: str | None) -> str:
    # 400, not 422: a protocol header missing, no field of the order (draft-ietf-httpapi-idempotency-key-header §2.7)
    if value is None or not value.strip():
        raise ApiError(400, KEY_REQUIRED, error_type="IDEMPOTENCY_KEY_REQUIRED")
    return value.strip()


def _side(context: str) -> R.Side:
    side = context.strip().upper()
    if side == "BID":
        return R.BID
    if side == "ASK":
        return R.ASK
    raise ApiError(422, SIDE_REQUIRED, field="context", error_type="INVALID_REQUEST")


def _terms(body: OrderRequestIn) -> tuple[O.OrderType, O.Term]:
    kind, term = body.type.strip().upper(), body.term.strip().upper()
    if kind not in (R.LIMIT, R.INSTANT):
        raise ApiError(422, TYPE_INVALID, field="type", error_type="INVALID_REQUEST")
    if term not in ("GOOD_TIL_CANCELED", "IMMEDIATE_OR_CANCEL"):
        raise ApiError(422, TERM_INVALID, field="term", error_type="INVALID_REQUEST")
    if kind == R.INSTANT:
        return "INSTANT", "IMMEDIATE_OR_CANCEL"
    return "LIMIT", "GOOD_TIL_CANCELED" if term == "GOOD_TIL_CANCELED" else "IMMEDIATE_OR_CANCEL"


def _answer(result: R.Prevalidation) -> PrevalidationOut:
    return PrevalidationOut(valid=result.valid, code=result.code, message=result.message, field=result.field,
                            context=UnitsContext(unitsAvailable=result.units_available))


async def _asset(db: Db, asset_id: int) -> Asset:
    asset = await db.get(Asset, asset_id)
    if asset is None:
        raise ApiError(404, C.ORDER_NOT_FOUND)
    return asset


@router.post(BASE + "/orders/prevalidate", response_model=PrevalidationOut)
async def prevalidate(account_id: AccountId, body: OrderRequestIn, user: CurrentUser, state: State,
                      db: Db) -> PrevalidationOut:
    """The order request checked against the investor's cash, shares, open orders and the market: 200 with
    valid, and when invalid the spec's code and message (§8) and context.unitsAvailable."""
    await C.account_user(db, account_id, user.id)
    side = _side(body.context)
    kind, _ = _terms(body)
    asset = await asset_of_instrument(db, body.financialInstrumentId)
    check = await order_check(state, db, user, asset, side=side, order_type=kind, units=body.units,
                              unit_price=body.unitPrice)
    return _answer(R.prevalidate(check))


@router.post(BASE + "/orders/{order_id}/prevalidate", response_model=PrevalidationOut)
async def prevalidate_edit(account_id: AccountId, order_id: OrderId, body: EditIn, user: CurrentUser, state: State,
                           db: Db) -> PrevalidationOut:
    """An edit (units: the new unfilled units; unitPrice) checked as the create is, the order's own hold counting
    as free."""
    await C.account_user(db, account_id, user.id)
    view = await C.current_view(await state.temporal(), db, user.id, order_id, C.wait_seconds(state))
    asset = await _asset(db, int(view["asset_id"]))
    check = await order_check(state, db, user, asset, side=view["side"], order_type=R.LIMIT, units=body.units,
                              unit_price=body.unitPrice, editing=order_id)
    return _answer(R.prevalidate(check))


@router.post(BASE + "/orders", response_model=OrderIdOut, status_code=201)
async def create_order(account_id: AccountId, body: OrderRequestIn, user: CurrentUser, state: State, db: Db,
                       response: Response, idempotency_key: IdempotencyKey = None) -> OrderIdOut:
    """Prevalidates, then starts the order's workflow. The same Idempotency-Key again → 200 with the same id (the
    first order, never a second one): found in the order list, else refused by the start itself (no `describe`).
    The order's first view is written before its hold, so a retry refused by the prevalidation because of the
    first order's own hold finds the order there: 200 too."""
    await C.account_user(db, account_id, user.id)
    key = _key(idempotency_key)
    order_id = O.order_id_for(user.id, key)
    if await get_view(db, user.id, order_id) is not None:
        response.status_code = 200
        return OrderIdOut(data=OrderIdData(id=order_id))
    client = await state.temporal()
    side = _side(body.context)
    kind, term = _terms(body)
    asset = await asset_of_instrument(db, body.financialInstrumentId)
    check = await order_check(state, db, user, asset, side=side, order_type=kind, units=body.units,
                              unit_price=body.unitPrice, strict=False)
    result = R.prevalidate(check)
    if not result.valid and await get_view(db, user.id, order_id) is not None:
        response.status_code = 200  # a retry that met the first order's hold
        return OrderIdOut(data=OrderIdData(id=order_id))
    refuse(result)
    units, price = (1, check.lowest_ask) if kind == R.INSTANT else (check.units, check.unit_price)
    assert units is not None and price is not None  # prevalidate refused anything else
    inp = O.OrderInput(order_id=order_id, user_id=user.id, asset_id=asset.id, ticker=asset.ticker, side=side,
                       order_type=kind, term=term, units=units, unit_price=money_str(Decimal(price)),
                       timings=order_timings(state.settings), created=datetime.now(UTC).isoformat())
    try:
        await start_order(client, inp, state.settings.task_queue, new_only=True)
    except WorkflowAlreadyStartedError:
        response.status_code = 200
    else:
        await order_owner.remember(state.redis, order_id, user.id)  # the submit that follows checks the owner here
    return OrderIdOut(data=OrderIdData(id=order_id))




@router.post(BASE + "/orders/{order_id}/submit", response_model=OrderData)
async def submit_order(account_id: AccountId, order_id: OrderId, user: CurrentUser, state: State,
                       db: Db) -> OrderData:
    """The spec's "submit/confirm by order id": answers once the ATS answered the placement (its status), or
    QUEUED with the high-volume message when the broker keeps refusing for a while."""
    account = await C.account_user(db, account_id, user.id)
    client = await state.temporal()
    await C.owned(client, db, user.id, order_id, state.redis)
    view = await C.update(client, order_id, O.SUBMIT, None, O.OrderView, wait=C.wait_seconds(state),
                          update_id=f"submit-{order_id}")
    data = asdict(view)
    if view.status == O.QUEUED and not view.message:
        asset = await _asset(db, view.asset_id)
        live = (await market_of(state, asset, strict=False)).live
        data["message"] = W.HIGH_VOLUME_LIVE if live else W.HIGH_VOLUME_LATER
    return OrderData(data=order_out(data, account))


@router.get(BASE + "/orders", response_model=OrderList)
async def list_orders(account_id: AccountId, user: CurrentUser, db: Db,
                      instrumentId: Annotated[str | None, Query(max_length=64)] = None,
                      asset: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
                      active: bool | None = None) -> OrderList:
    """The investor's orders, newest first; filters: instrumentId (or asset id), active (still open or ended)."""
    account = await C.account_user(db, account_id, user.id)
    asset_id = asset
    if instrumentId:
        asset_id = (await asset_of_instrument(db, instrumentId)).id
    views = await list_views(db, user.id, asset_id=asset_id, active=active)
    return OrderList(data=[order_out(asdict(v), account) for v in views])


@router.get(BASE + "/orders/{order_id}", response_model=OrderData)
async def read_order(account_id: AccountId, order_id: OrderId, user: CurrentUser, state: State, db: Db) -> OrderData:
    account = await C.account_user(db, account_id, user.id)
    view = await C.current_view(await state.temporal(), db, user.id, order_id, C.wait_seconds(state))
    return OrderData(data=order_out(view, account))


@router.put(BASE + "/orders/{order_id}", response_model=OrderData)
async def edit_order(account_id: AccountId, order_id: OrderId, body: EditIn, user: CurrentUser, state: State,
                     db: Db, idempotency_key: IdempotencyKey = None) -> OrderData:
    """Prevalidates the edit (units: the new unfilled units), then the workflow's `replace` Update; the same
    Idempotency-Key again is the same edit. 'Unable to Edit Order' (409) while a change is processing."""
    account = await C.account_user(db, account_id, user.id)
    key = _key(idempotency_key)
    client = await state.temporal()
    view = await C.current_view(client, db, user.id, order_id, C.wait_seconds(state))
    if view["status"] in O.ENDED:
        raise ApiError(409, O.ORDER_ENDED, error_type=C.ORDER_ENDED)
    asset = await _asset(db, int(view["asset_id"]))
    check = await order_check(state, db, user, asset, side=view["side"], order_type=R.LIMIT, units=body.units,
                              unit_price=body.unitPrice, editing=order_id, strict=False)
    refuse(R.prevalidate(check))
    assert check.units is not None and check.unit_price is not None
    edit = O.EditRequest(units=check.units, unit_price=money_str(check.unit_price))
    result = await C.update(client, order_id, O.REPLACE, edit, O.OrderView, wait=C.wait_seconds(state),
                            update_id=f"replace-{O.order_id_for(user.id, key)}")
    return OrderData(data=order_out(asdict(result), account))


@router.delete(BASE + "/orders/{order_id}", response_model=CancelOut)
async def cancel_order(account_id: AccountId, order_id: OrderId, user: CurrentUser, state: State,
                       db: Db) -> CancelOut:
    """The workflow's `cancel` Update: CANCELED (or ALREADY_ENDED); the fill came first → 409 'Unable to Process
    Cancelation'; a change still processing → 409 'Unable to Cancel Order'; while the instrument trades live (spec
    doc 3 §4.4: Cancel is hidden then) → 409 with error_type LIVE_TRADING, nothing sent (the workflow refuses it as
    well when the window opened before its cancel reached the ATS)."""
    account = await C.account_user(db, account_id, user.id)
    client = await state.temporal()
    view = await C.current_view(client, db, user.id, order_id, C.wait_seconds(state))
    if view["status"] not in O.ENDED and (await market_of(state, await _asset(db, int(view["asset_id"])),
                                                          strict=False)).live:
        raise ApiError(409, O.CANCEL_WHILE_LIVE, error_type=O.LIVE_TRADING)
    try:
        result = await C.update(client, order_id, O.CANCEL, None, O.CancelResult, wait=C.wait_seconds(state))
    except ApiError as exc:
        if exc.error_type != C.ORDER_ENDED:
            raise
        return CancelOut(data=order_out(view, account), cancel="ALREADY_ENDED")
    if result.outcome == "TOO_LATE":
        raise ApiError(409, O.CANCEL_FAILED, error_type="TOO_LATE")
    outcome = "ALREADY_ENDED" if result.outcome == "ALREADY_ENDED" else "CANCELED"
    return CancelOut(data=order_out(asdict(result.order), account), cancel=outcome)


@router.get(BASE + "/positions", response_model=PositionsOut)
async def positions(account_id: AccountId, user: CurrentUser, db: Db) -> PositionsOut:
    """Per financial instrument (the ticker without '#'): units.total (owned, those held for open asks included)
    and units.openAndAlienable (held past 5 business days, minus open asks)."""
    await C.account_user(db, account_id, user.id)
    return PositionsOut(data={p.instrument_id: PositionOut.model_validate(p.as_json())
                              for p in await positions_of(db, user.id)})
