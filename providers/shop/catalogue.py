"""Sandbox merchandise shop: a small fixed catalogue the api looks products up in (inventory check).

``GET /store/products/?id=1&id=2`` answers the products asked for, in the order asked, skipping unknown
ids (no ids: the whole catalogue). A product has the flat ``price`` / ``inventory`` / ``image`` and the
same data in the storefront shape (``price_info``, ``inventory_info``, ``images``, ``variants``: one
"Standard" variant ``<id>-std``). ``inventory`` is what is left: the catalogue's stock less what orders
(:mod:`providers.shop.orders`) took. Product images are small SVGs served here for the browser.
"""

from __future__ import annotations

import html
import sqlite3
from collections.abc import Iterable
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Query, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel

from providers.common import ProviderError, ProviderKey, SettingsDep, StorageDep

SCHEMA = ("CREATE TABLE IF NOT EXISTS store_stock (product_id INTEGER PRIMARY KEY, sold INTEGER NOT NULL DEFAULT 0)",)

router = APIRouter(tags=["shop"])


class InventoryInfo(BaseModel):
    enabled: bool
    total: int


class PriceInfo(BaseModel):
    default: str


class Variant(BaseModel):
    id: str
    name: str
    isPrimary: bool


class Product(BaseModel):
    id: int
    name: str
    price: str
    inventory: int
    image: str
    inventory_info: InventoryInfo
    price_info: PriceInfo
    images: list[str]
    variants: list[Variant]


class ProductList(BaseModel):
    items: list[Product]


# id -> (name, price, inventory, accent colour, label on the image)
CATALOGUE: dict[int, tuple[str, Decimal, int, str, str]] = {
    1: ("Vitrine Garage Cap", Decimal("25.00"), 120, "#1f4e79", "CAP"),
    2: ("Racing Heritage Print 18x24", Decimal("45.00"), 60, "#a23b2a", "PRINT"),
    3: ("1:18 Scale Model Roadster", Decimal("89.00"), 25, "#c2410c", "1:18"),
    4: ("Vintage Wine Label Poster", Decimal("30.00"), 80, "#6d1a36", "POSTER"),
    5: ("Golden Age Comic Cover Print", Decimal("35.00"), 50, "#b45309", "COMIC"),
    6: ("Chronograph Blueprint Poster", Decimal("40.00"), 40, "#334155", "WATCH"),
    7: ("Collector's Enamel Pin Set", Decimal("15.00"), 200, "#047857", "PINS"),
    8: ("Archive Tote Bag", Decimal("20.00"), 0, "#4b5563", "TOTE"),
}


def variant_id(product_id: int) -> str:
    """The id of a product's only variant ("Standard")."""
    return f"{product_id}-std"


def remaining(conn: sqlite3.Connection, product_ids: Iterable[int]) -> dict[int, int]:
    """What is left of each known product: the catalogue's stock less what was sold."""
    known = [i for i in product_ids if i in CATALOGUE]
    marks = ",".join("?" * len(known))
    rows = conn.execute(f"SELECT product_id, sold FROM store_stock WHERE product_id IN ({marks})", known).fetchall()
    sold = {int(r["product_id"]): int(r["sold"]) for r in rows}
    return {i: max(0, CATALOGUE[i][2] - sold.get(i, 0)) for i in known}


def product(product_id: int, public_url: str, inventory: int) -> Product:
    """A catalogue product with ``inventory`` left."""
    name, price, _, _, _ = CATALOGUE[product_id]
    image = f"{public_url.rstrip('/')}/store/images/{product_id}.svg"
    return Product(
        id=product_id,
        name=name,
        price=f"{price:.2f}",
        inventory=inventory,
        image=image,
        inventory_info=InventoryInfo(enabled=True, total=inventory),
        price_info=PriceInfo(default=f"{price:.2f}"),
        images=[image],
        variants=[Variant(id=variant_id(product_id), name="Standard", isPrimary=True)],
    )


@router.get("/store/products/", dependencies=[ProviderKey])
async def products(
    settings: SettingsDep, storage: StorageDep, id: Annotated[list[int] | None, Query(max_length=100)] = None
) -> ProductList:
    ids = list(dict.fromkeys(id)) if id else sorted(CATALOGUE)

    def stock() -> dict[int, int]:
        with storage.reader() as conn:
            return remaining(conn, ids)

    left = await run_in_threadpool(stock)
    return ProductList(items=[product(i, settings.public_url, left[i]) for i in ids if i in left])


@router.get("/store/images/{product_id}.svg")
async def product_image(product_id: int) -> Response:
    entry = CATALOGUE.get(product_id)
    if entry is None:
        raise ProviderError(404, "Unknown product")
    name, price, _, colour, label = entry
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">'
        f'<rect width="400" height="400" rx="24" fill="{colour}"/>'
        '<rect x="24" y="24" width="352" height="352" rx="16" fill="none" stroke="#fff" stroke-opacity=".35"'
        ' stroke-width="2"/>'
        '<text x="200" y="215" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="72"'
        f' font-weight="700" fill="#fff">{html.escape(label)}</text>'
        '<text x="200" y="300" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="20"'
        f' fill="#fff" fill-opacity=".85">{html.escape(name)}</text>'
        '<text x="200" y="332" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-size="20"'
        f' fill="#fff" fill-opacity=".85">${price:.2f}</text></svg>'
    )
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})
