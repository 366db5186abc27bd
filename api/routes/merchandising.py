"""The merchandise upsell after a purchase (spec doc 2 §2.7, §3 "Merchandise order"): the shop's inventory check,
and an order paid from the investor's cash. The order's money moves only in its workflow (`merchandise-order-{key}`,
a saga: charge, place at the shop, refund when refused); the api starts it once per business key (the user with
the client's Idempotency-Key, else the user's latest investment in the asset and the cart) and waits for it."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from fastapi.responses import JSONResponse
from pydantic import Field
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.client import WorkflowFailureError
from temporalio.common import (
    SearchAttributePair,
    TypedSearchAttributes,
    WorkflowIDConflictPolicy,
    WorkflowIDReusePolicy,
)
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError

from activities.interfaces.merchandise import MerchandiseItem, MerchandiseOrderRequest
from api.deps import CurrentUser, Db, State
from api.errors import SOMETHING_WENT_WRONG, ApiError
from api.purchase.schemas import ProductsOut
from api.schemas import Body
from clients.http import ProviderError, ProviderRejected
from clients.shop import ShopClient
from store.models import Investment, MerchandiseOrder, MerchandiseOrderPublic
from workflows import search_attributes as sa
from workflows.merchandise import MerchandiseOrderResult, MerchandiseOrderWorkflow, workflow_id

router = APIRouter(tags=["merchandising"])
log = logging.getLogger("vitrine.api")


class CartProduct(Body):
    id: int
    quantity: int = Field(default=1, ge=1, le=10)
    variantId: str | None = Field(default=None, max_length=64)


class CartItem(Body):
    merchant: str | int | None = None
    product: CartProduct


class MerchandiseOrderIn(Body):
    cart: list[CartItem] = Field(min_length=1, max_length=10)
    order: dict[str, Any] = Field(default_factory=dict)


def failure(support_email: str) -> str:
    return (f"Unable to complete purchase. Your purchase from the store could not be completed. Please contact "
            f"{support_email} for assistance.")


def _shop(state: State) -> ShopClient:
    return ShopClient(state.http, state.settings.providers_url, state.settings.provider_api_key)


@router.get("/api/merchandising/products/", response_model=None, responses={200: {"model": ProductsOut}})
async def products(user: CurrentUser, state: State,
                   id: Annotated[list[int] | None, Query(max_length=50)] = None) -> dict[str, Any]:
    """The inventory check: the shop's products asked for (an unreachable shop is a 503: the upsell is skipped)."""
    try:
        return {"items": await _shop(state).products(id or [])}
    except (ProviderError, ProviderRejected):
        raise ApiError(503, "The store is not available right now.") from None


def _asset_id(order: dict[str, Any]) -> int | None:
    try:
        return int(order["context"]["subject"]["descriptors"]["id"])
    except (KeyError, TypeError, ValueError):
        return None


async def merchandise_order_key(db: Db, user_id: int, body: MerchandiseOrderIn, idempotency_key: str | None) -> str:
    """The order's business key: the client's Idempotency-Key; else the upsell of the user's latest investment in
    the asset with this cart (a retried request is the same order); else a new order."""
    if idempotency_key:
        return f"{user_id}-k{hashlib.sha256(idempotency_key.encode()).hexdigest()[:24]}"
    asset = _asset_id(body.order)
    investment = None if asset is None else await db.scalar(select(func.max(Investment.id)).where(
        col(Investment.user_id) == user_id, col(Investment.asset_id) == asset))
    if investment is None:
        return f"{user_id}-{uuid.uuid4().hex}"
    cart = json.dumps([i.product.model_dump() for i in body.cart], sort_keys=True)
    return f"{user_id}-i{investment}-{hashlib.sha256(cart.encode()).hexdigest()[:16]}"


async def run_merchandise_order(state: State, req: MerchandiseOrderRequest) -> MerchandiseOrderResult:
    """Starts the order's workflow (or joins it: running or closed, the same key starts nothing new) and waits for
    its result, at most `money_workflow_wait_seconds` (then TimeoutError)."""
    client = await state.temporal()
    count = sum(i.quantity for i in req.items)
    try:
        handle = await client.start_workflow(
            MerchandiseOrderWorkflow.run, req, id=workflow_id(req.key), task_queue=state.settings.task_queue,
            id_reuse_policy=WorkflowIDReusePolicy.REJECT_DUPLICATE, id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            static_summary=f"Merchandise order of {count} item(s) for user {req.user_id}",
            search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(req.user_id)),
                                                     SearchAttributePair(sa.FLOW, "merchandise-order"),
                                                     SearchAttributePair(sa.STEP, "charging")]))
    except WorkflowAlreadyStartedError:  # it ran before and closed: its result is the answer
        handle = client.get_workflow_handle(workflow_id(req.key), result_type=MerchandiseOrderResult)
    return await asyncio.wait_for(handle.result(), state.settings.money_workflow_wait_seconds)


def merchandise_order_json(order: MerchandiseOrder, status: str | None = None) -> dict[str, Any]:
    """The order as its public model answers it (its status overridden while its workflow still runs)."""
    public = MerchandiseOrderPublic.model_validate(order, update={"status": status} if status else None)
    return public.model_dump(mode="json")


# 201: the order confirmed; 202: its workflow still runs (the order `pending`, it finishes it); never a 200
MERCHANDISE_ORDER_ANSWERS: dict[int | str, dict[str, Any]] = {202: {"model": MerchandiseOrderPublic,
                                                                    "description": "Accepted"}}


@router.post("/api/merchandising/orders/", status_code=201, response_model=MerchandiseOrderPublic,
             response_description="Created", responses=MERCHANDISE_ORDER_ANSWERS)
async def create_order(body: MerchandiseOrderIn, user: CurrentUser, state: State, db: Db,
                       idempotency_key: Annotated[str | None, Header(max_length=100)] = None) -> JSONResponse:
    # the order was refused (stock, payment): not the form's to fix, the spec's message says whom to contact
    refused = ApiError(409, failure(state.settings.support_email)).response()
    key = await merchandise_order_key(db, user.id, body, idempotency_key)
    items = [MerchandiseItem(i.product.id, i.product.quantity, i.product.variantId) for i in body.cart]
    req = MerchandiseOrderRequest(user.id, key, items)
    try:
        result = await run_merchandise_order(state, req)
    except WorkflowFailureError:
        log.exception("merchandise order %s failed", key)
        return refused
    except (RPCError, TimeoutError) as exc:  # not started, or still running: the order's workflow finishes it
        log.warning("merchandise order %s: no result in time (%r)", key, exc)
        order = await db.scalar(select(MerchandiseOrder).where(col(MerchandiseOrder.idempotency_key) == key))
        if order is None:  # not started, or no worker answering: sent again, the same key joins the same order
            raise ApiError(503, SOMETHING_WENT_WRONG) from None
        return JSONResponse(merchandise_order_json(order, status="pending"), status_code=202)
    if result.status != "confirmed" or result.order_id is None:
        return refused
    order = await db.get(MerchandiseOrder, result.order_id)
    assert order is not None
    return JSONResponse(merchandise_order_json(order), status_code=201)
