"""The merchandise upsell after a purchase (spec doc 2 §2.7, §3 "Merchandise order"): the store's inventory check,
and an order paid from the investor's cash — the ledger entry first, the store order with the same idempotency
key, and a refund entry when the store refuses it."""

from __future__ import annotations

import uuid
from decimal import Decimal
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from fastapi.responses import JSONResponse
from pydantic import Field
from sqlalchemy import select

from api.deps import CurrentUser, Db, State
from api.errors import ApiError
from api.schemas import Body
from clients.http import ProviderError, ProviderRejected
from clients.store import StoreClient
from domain import ledger as L
from domain.money import money, money_str
from store.ledger import InsufficientFunds, lock_user, post
from store.models import MerchandiseOrder

router = APIRouter(tags=["merchandising"])


class CartProduct(Body):
    id: int
    quantity: int = Field(default=1, ge=1, le=10)
    variantId: str | None = Field(default=None, max_length=64)


class CartItem(Body):
    merchant: str | int | None = None
    product: CartProduct


class OrderIn(Body):
    cart: list[CartItem] = Field(min_length=1, max_length=10)
    order: dict[str, Any] = Field(default_factory=dict)


def failure(support_email: str) -> str:
    return (f"Unable to complete purchase. Your purchase from the store could not be completed. Please contact "
            f"{support_email} for assistance.")


def _store(state: State) -> StoreClient:
    return StoreClient(state.http, state.settings.providers_url, state.settings.provider_api_key)


@router.get("/api/merchandising/products/")
async def products(user: CurrentUser, state: State,
                   id: Annotated[list[int] | None, Query(max_length=50)] = None) -> dict[str, Any]:
    """The inventory check: the store's products asked for (an unreachable store is a 503: the upsell is skipped)."""
    try:
        return {"items": await _store(state).products(id or [])}
    except (ProviderError, ProviderRejected):
        raise ApiError(503, "The store is not available right now.") from None


@router.post("/api/merchandising/orders/", response_model=None)
async def create_order(body: OrderIn, user: CurrentUser, state: State, db: Db,
                       idempotency_key: Annotated[str | None, Header(max_length=100)] = None) -> JSONResponse:
    message = failure(state.settings.support_email)
    refused = JSONResponse({"errors": [{"message": message}]}, status_code=400)
    key = f"merch:{user.id}:{idempotency_key or uuid.uuid4().hex}"
    existing = await db.scalar(select(MerchandiseOrder).where(MerchandiseOrder.idempotency_key == key))
    if existing is not None:
        return _answer(existing, refused)
    store = _store(state)
    try:
        found = {int(p["id"]): p for p in await store.products([i.product.id for i in body.cart])}
    except (ProviderError, ProviderRejected):
        return refused
    total = Decimal(0)
    for item in body.cart:
        product = found.get(item.product.id)
        if product is None or int(product.get("inventory", 0)) < item.product.quantity:
            return refused
        total += Decimal(str(product["price"])) * item.product.quantity
    total = money(total)
    await lock_user(db, user.id)
    order = MerchandiseOrder(idempotency_key=key, user_id=user.id, total=total)
    db.add(order)
    await db.flush()
    try:
        await post(db, key, "merchandise", L.merchandise(user.id, total), memo=f"store order {order.id}")
    except InsufficientFunds:
        await db.rollback()
        return refused
    await db.commit()
    items = [{"product_id": i.product.id, "variant_id": i.product.variantId, "quantity": i.product.quantity}
             for i in body.cart]
    try:
        placed = await store.create_order(f"user-{user.id}", items, idempotency_key=key)
    except (ProviderError, ProviderRejected):
        await lock_user(db, user.id)
        await post(db, f"{key}:refund", "merchandise-refund", L.merchandise_refund(user.id, total),
                   memo=f"store order {order.id} refused")
        order.status = "failed"
        await db.commit()
        return refused
    order.status, order.provider_order_id = "confirmed", str(placed.get("order_id") or "")
    await db.commit()
    return _answer(order, refused)


def _answer(order: MerchandiseOrder, refused: JSONResponse) -> JSONResponse:
    if order.status == "failed":
        return refused
    return JSONResponse({"id": order.id, "status": order.status, "total": money_str(order.total)}, status_code=201)
