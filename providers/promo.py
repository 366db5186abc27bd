"""Sandbox promo-code provider: gift-code validation for initial-offering purchases.

Fixed sandbox codes (case-insensitive, trimmed):
- ``WELCOME10``: $10.00 off, any asset;
- ``CARS25``: $25.00 off, only for asset ``#55PS1``;
- ``EXPIRED5``: an expired code (never valid).
Later issues will add redemption (a code used once per user) behind the same boundary.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from providers.common import ProviderKey

router = APIRouter(tags=["promo"])


@dataclass(frozen=True)
class PromoCode:
    value: str
    asset_ticker: str | None = None  # None: valid for any asset
    expired: bool = False


CODES: dict[str, PromoCode] = {
    "WELCOME10": PromoCode(value="10.00"),
    "CARS25": PromoCode(value="25.00", asset_ticker="#55PS1"),
    "EXPIRED5": PromoCode(value="5.00", expired=True),
}


class ValidateIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    code: str = Field(max_length=64)
    asset_ticker: str | None = Field(default=None, max_length=32)


class ValidateOut(BaseModel):
    valid: bool
    code: str
    value: str | None
    asset_ticker: str | None
    message: str


def _ticker_key(ticker: str) -> str:
    return ticker.strip().lstrip("#").upper()


def validate_code(code: str, asset_ticker: str | None) -> ValidateOut:
    normalized = code.strip().upper()
    if not normalized:
        return ValidateOut(valid=False, code="", value=None, asset_ticker=None, message="Please enter a gift code")
    promo = CODES.get(normalized)
    if promo is None:
        return ValidateOut(valid=False, code=normalized, value=None, asset_ticker=None, message="This promo code is not valid.")
    if promo.expired:
        return ValidateOut(
            valid=False,
            code=normalized,
            value=None,
            asset_ticker=promo.asset_ticker,
            message="This promo code has expired.",
        )
    if promo.asset_ticker and _ticker_key(asset_ticker or "") != _ticker_key(promo.asset_ticker):
        return ValidateOut(
            valid=False,
            code=normalized,
            value=promo.value,
            asset_ticker=promo.asset_ticker,
            message=f'This promo code is only valid for asset "{promo.asset_ticker}".',
        )
    return ValidateOut(
        valid=True,
        code=normalized,
        value=promo.value,
        asset_ticker=promo.asset_ticker,
        message="Promo code applied.",
    )


@router.post("/promo/codes/validate", dependencies=[ProviderKey])
async def validate(body: ValidateIn) -> ValidateOut:
    return validate_code(body.code, body.asset_ticker)
