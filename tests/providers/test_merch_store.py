from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal

import httpx

from providers.store import CATALOGUE


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
