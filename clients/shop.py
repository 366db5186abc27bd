"""Typed client of the sandbox merchandise shop: product look-up (inventory) and orders (the provider's `/store/` paths)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from clients.http import ProviderClient


class ShopClient(ProviderClient):
    async def products(self, ids: list[int]) -> list[dict[str, Any]]:
        """The products asked for, in that order, unknown ids skipped (no ids: the whole catalogue)."""
        query = f"?{urlencode([('id', i) for i in ids])}" if ids else ""
        body = await self.call("GET", f"/store/products/{query}")
        return list(body.get("items") or [])

    async def create_order(self, customer_ref: str, items: list[dict[str, Any]], idempotency_key: str) -> dict[str, Any]:
        """``{order_id, status, total, items}`` for ``items`` ``[{product_id, variant_id?, quantity}]``; the same key
        orders once. ``ProviderRejected`` 400 (unknown product) or 409 ("Out of stock")."""
        return await self.call("POST", "/store/orders", idempotency_key=idempotency_key,
                               json={"customer_ref": customer_ref, "items": items})
