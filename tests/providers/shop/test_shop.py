from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal
from typing import Any

import httpx
import pytest

from providers.shop.catalogue import CATALOGUE


async def test_lookup_by_repeated_ids_keeps_order_and_skips_unknown(
    client: httpx.AsyncClient, key_headers: dict[str, str]
) -> None:
    r = await client.get("/store/products/?id=3&id=1&id=999&id=3", headers=key_headers)
    assert r.status_code == 200, r.text
    items = r.json()["items"]
    assert [p["id"] for p in items] == [3, 1]
    cap = items[1]
    assert cap == {
        "id": 1,
        "name": "Vitrine Garage Cap",
        "price": "25.00",
        "inventory": 120,
        "image": "http://providers.test/store/images/1.svg",
        "inventory_info": {"enabled": True, "total": 120},
        "price_info": {"default": "25.00"},
        "images": ["http://providers.test/store/images/1.svg"],
        "variants": [{"id": "1-std", "name": "Standard", "isPrimary": True}],
    }


async def test_no_ids_lists_the_catalogue(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    items = (await client.get("/store/products/", headers=key_headers)).json()["items"]
    assert len(items) == len(CATALOGUE) >= 8
    for p in items:
        assert Decimal(p["price"]) > 0 and p["price"] == f"{Decimal(p['price']):.2f}"
        assert isinstance(p["inventory"], int) and p["inventory"] >= 0
    assert any(p["inventory"] == 0 for p in items), "one product is sold out, to try that path"


async def test_bad_ids_and_missing_key(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    bad = await client.get("/store/products/?id=abc", headers=key_headers)
    assert bad.status_code == 422 and bad.json()["errors"][0]["message"]
    unauth = await client.get("/store/products/?id=1")
    assert unauth.status_code == 401


async def test_product_image_is_svg(client: httpx.AsyncClient) -> None:
    r = await client.get("/store/images/2.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert ET.fromstring(r.text).tag.endswith("svg")
    assert (await client.get("/store/images/99.svg")).status_code == 404


async def order(client: httpx.AsyncClient, headers: dict[str, str], items: list[dict[str, Any]], key: str) -> httpx.Response:
    body = {"customer_ref": "user-42", "items": items}
    return await client.post("/store/orders", json=body, headers=headers | {"Idempotency-Key": key})


async def left(client: httpx.AsyncClient, headers: dict[str, str], product_id: int) -> int:
    [p] = (await client.get(f"/store/products/?id={product_id}", headers=headers)).json()["items"]
    assert p["inventory"] == p["inventory_info"]["total"]
    inventory: int = p["inventory"]
    return inventory


async def test_an_order_is_confirmed_and_takes_stock(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    items: list[dict[str, Any]] = [{"product_id": 1, "variant_id": "1-std", "quantity": 2}, {"product_id": 7, "quantity": 3}]
    r = await order(client, key_headers, items, key="o-1")
    assert r.status_code == 201, r.text
    data = r.json()
    assert data["order_id"].startswith("ord_") and data["status"] == "confirmed"
    assert data["total"] == "95.00"  # 2 x 25.00 + 3 x 15.00
    assert [(i["product_id"], i["variant_id"], i["quantity"], i["unit_price"], i["subtotal"]) for i in data["items"]] == [
        (1, "1-std", 2, "25.00", "50.00"),
        (7, "7-std", 3, "15.00", "45.00"),
    ]
    assert await left(client, key_headers, 1) == 118 and await left(client, key_headers, 7) == 197


async def test_the_same_key_replays_the_order_without_taking_stock_twice(
    client: httpx.AsyncClient, key_headers: dict[str, str]
) -> None:
    items = [{"product_id": 3, "quantity": 4}]
    first = await order(client, key_headers, items, key="same")
    again = await order(client, key_headers, items, key="same")
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    assert await left(client, key_headers, 3) == 21
    changed = await order(client, key_headers, [{"product_id": 3, "quantity": 5}], key="same")
    assert changed.status_code == 409


async def test_orders_run_out_of_stock(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    for n in range(2):
        r = await order(client, key_headers, [{"product_id": 3, "quantity": 10}], key=f"big-{n}")
        assert r.status_code == 201
    r = await order(client, key_headers, [{"product_id": 3, "quantity": 5}, {"product_id": 3, "quantity": 1}], key="last")
    assert r.status_code == 409 and r.json() == {"errors": [{"message": "Out of stock"}]}
    assert await left(client, key_headers, 3) == 5, "a refused order takes nothing"
    assert (await order(client, key_headers, [{"product_id": 3, "quantity": 5}], key="rest")).status_code == 201
    assert await left(client, key_headers, 3) == 0


async def test_the_sold_out_product_cannot_be_ordered(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    items = [{"product_id": 1, "quantity": 1}, {"product_id": 8, "quantity": 1}]
    r = await order(client, key_headers, items, key="tote")
    assert r.status_code == 409 and r.json() == {"errors": [{"message": "Out of stock"}]}
    assert await left(client, key_headers, 1) == 120, "nothing of the order was taken"


@pytest.mark.parametrize(
    ("item", "status", "message"),
    [
        ({"product_id": 999, "quantity": 1}, 400, "Unknown product"),
        ({"product_id": 1, "variant_id": "2-std", "quantity": 1}, 400, "Unknown variant"),
        ({"product_id": 1, "quantity": 0}, 422, None),
        ({"product_id": 1, "quantity": 11}, 422, None),
    ],
)
async def test_bad_orders_are_refused(
    client: httpx.AsyncClient, key_headers: dict[str, str], item: dict[str, Any], status: int, message: str | None
) -> None:
    r = await order(client, key_headers, [item], key="bad")
    assert r.status_code == status
    if message:
        assert r.json()["errors"][0]["message"] == message
    assert await left(client, key_headers, 1) == 120


async def test_orders_need_the_keys(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    body = {"customer_ref": "user-42", "items": [{"product_id": 1, "quantity": 1}]}
    assert (await client.post("/store/orders", json=body, headers={"Idempotency-Key": "k"})).status_code == 401
    assert (await client.post("/store/orders", json=body, headers=key_headers)).status_code == 400
    empty = await client.post("/store/orders", json={**body, "items": []}, headers=key_headers | {"Idempotency-Key": "e"})
    assert empty.status_code == 422
