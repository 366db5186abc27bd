"""Sandbox merchandise shop: the router and schema of its parts (its routes keep the ``/store/`` paths the api calls).

- :mod:`providers.shop.catalogue`: the products and what is left of each, the product images;
- :mod:`providers.shop.orders`: orders that take stock (provider key + ``Idempotency-Key``).
"""

from __future__ import annotations

from fastapi import APIRouter

from providers.shop import catalogue, orders

SCHEMA: tuple[str, ...] = (*catalogue.SCHEMA, *orders.SCHEMA)

router = APIRouter()
for _part in (catalogue, orders):
    router.include_router(_part.router)
