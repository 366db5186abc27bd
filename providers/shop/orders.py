"""Sandbox shop orders: ``POST /store/orders`` (provider key + ``Idempotency-Key``) takes stock and confirms.

``{customer_ref, items: [{product_id, variant_id?, quantity 1..10}]}`` → 201 ``{order_id, status: "confirmed",
total, items}``. An unknown product or variant is a 400, more than what is left of a product (the Archive
Tote Bag has none) a 409 ``Out of stock``; a refused order takes nothing. The same key answers the same order
again without taking stock twice.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from decimal import Decimal
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from providers import jobs
from providers.common import ProviderError, ProviderKey, StorageDep
from providers.idempotency import IdempotencyKey, Outcome
from providers.resources import money, new_id, respond
from providers.shop.catalogue import CATALOGUE, remaining, variant_id

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS store_orders (
        id TEXT PRIMARY KEY,
        customer_ref TEXT NOT NULL,
        status TEXT NOT NULL,
        total TEXT NOT NULL,
        items TEXT NOT NULL,
        created TEXT NOT NULL
    )
    """,
)

CONFIRMED = "confirmed"

router = APIRouter(tags=["shop"], dependencies=[ProviderKey])


class OrderItemIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    product_id: int
    variant_id: str | None = Field(default=None, max_length=64)
    quantity: int = Field(ge=1, le=10)


class OrderIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    customer_ref: str = Field(min_length=1, max_length=64)
    items: list[OrderItemIn] = Field(min_length=1, max_length=20)


class OrderItemOut(BaseModel):
    product_id: int
    variant_id: str
    name: str
    quantity: int
    unit_price: str
    subtotal: str


class OrderOut(BaseModel):
    order_id: str
    status: str
    total: str
    items: list[OrderItemOut]


def _line(item: OrderItemIn) -> OrderItemOut:
    entry = CATALOGUE.get(item.product_id)
    if entry is None:
        raise ProviderError(400, "Unknown product", error_type="unknown_product")
    if item.variant_id and item.variant_id != variant_id(item.product_id):
        raise ProviderError(400, "Unknown variant", error_type="unknown_variant")
    name, price = entry[0], entry[1]
    return OrderItemOut(
        product_id=item.product_id,
        variant_id=variant_id(item.product_id),
        name=name,
        quantity=item.quantity,
        unit_price=money(price),
        subtotal=money(price * item.quantity),
    )


def place_order(conn: sqlite3.Connection, body: OrderIn, at: float) -> dict[str, Any]:
    """Take the items' stock and record a confirmed order; all or nothing (a refusal raises before any write)."""
    lines = [_line(item) for item in body.items]
    wanted = Counter[int]()
    for line in lines:
        wanted[line.product_id] += line.quantity
    left = remaining(conn, wanted)
    if any(quantity > left[product_id] for product_id, quantity in wanted.items()):
        raise ProviderError(409, "Out of stock")
    conn.executemany(
        "INSERT INTO store_stock (product_id, sold) VALUES (?, ?)"
        " ON CONFLICT (product_id) DO UPDATE SET sold = sold + excluded.sold",
        list(wanted.items()),
    )
    total = sum((Decimal(line.subtotal) for line in lines), Decimal("0"))
    order = OrderOut(order_id=new_id("ord"), status=CONFIRMED, total=money(total), items=lines)
    items = json.dumps([line.model_dump() for line in lines])
    conn.execute(
        "INSERT INTO store_orders (id, customer_ref, status, total, items, created) VALUES (?, ?, ?, ?, ?, ?)",
        (order.order_id, body.customer_ref, order.status, order.total, items, jobs.iso(at)),
    )
    return order.model_dump()


@router.post("/store/orders", status_code=201, response_model=OrderOut)
async def create_order(body: OrderIn, storage: StorageDep, key: IdempotencyKey) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        return Outcome(201, place_order(conn, body, jobs.now_epoch()))

    return await respond(storage, key, "POST /store/orders", body.model_dump(), work)
