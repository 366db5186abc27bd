"""Typed client of the promo-code provider: validate a gift code, redeem it for a purchase, release it again."""

from __future__ import annotations

from typing import Any

from clients.http import ProviderClient


class PromoClient(ProviderClient):
    async def validate(self, code: str, asset_ticker: str | None) -> dict[str, Any]:
        """``{valid, code, value, asset_ticker, message}`` (an invalid code is an answer, not an error)."""
        return await self.call("POST", "/promo/codes/validate", json={"code": code, "asset_ticker": asset_ticker})

    async def redeem(self, code: str, asset_ticker: str | None, user_ref: str, idempotency_key: str) -> dict[str, Any]:
        """``{redeemed, code, value}``; ``ProviderRejected`` 400 (invalid) or 409 ``NoFreePromocodesException``."""
        return await self.call("POST", "/promo/codes/redeem", idempotency_key=idempotency_key,
                               json={"code": code, "asset_ticker": asset_ticker, "user_ref": user_ref})

    async def release(self, code: str, user_ref: str, idempotency_key: str) -> dict[str, Any]:
        """Give a redeemed code back (the purchase failed): ``{released: true}``."""
        return await self.call("POST", "/promo/codes/release", idempotency_key=idempotency_key,
                               json={"code": code, "user_ref": user_ref})
