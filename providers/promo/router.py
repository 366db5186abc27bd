"""Sandbox promo-code provider: gift-code validation for initial-offering purchases.

Fixed sandbox codes (case-insensitive, trimmed):
- ``WELCOME10``: $10.00 off, any asset;
- ``CARS25``: $25.00 off, only for asset ``#55PS1``;
- ``EXPIRED5``: an expired code (never valid);
- ``SOLDOUT20``: $20.00 off, any asset; validates, but no free codes are left to redeem.

``POST /promo/codes/redeem`` (``Idempotency-Key``) uses a code for a purchase: 400 with the validation message
when the code is not valid, 409 ``NoFreePromocodesException`` when none is left; ``POST /promo/codes/release``
gives a redeemed code back when the purchase failed (compensation). Both replay their answer per key.
``GET /sandbox/promo/redemptions?user_ref=`` lists a user's redemptions.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from providers import jobs
from providers.common import ProviderError, ProviderKey, StorageDep
from providers.idempotency import IdempotencyKey, Outcome, error_outcome
from providers.resources import respond

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS promo_redemptions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        code TEXT NOT NULL,
        user_ref TEXT NOT NULL,
        asset_ticker TEXT,
        value TEXT NOT NULL,
        redeemed_at TEXT NOT NULL,
        released_at TEXT
    )
    """,
    "CREATE INDEX IF NOT EXISTS promo_redemptions_user ON promo_redemptions (user_ref, code)",
)

NO_FREE_CODES = "There are no free promo codes left."

router = APIRouter(tags=["promo"])


@dataclass(frozen=True)
class PromoCode:
    value: str
    asset_ticker: str | None = None  # None: valid for any asset
    expired: bool = False
    sold_out: bool = False  # valid, but redeeming it finds no free code left


CODES: dict[str, PromoCode] = {
    "WELCOME10": PromoCode(value="10.00"),
    "CARS25": PromoCode(value="25.00", asset_ticker="#55PS1"),
    "EXPIRED5": PromoCode(value="5.00", expired=True),
    "SOLDOUT20": PromoCode(value="20.00", sold_out=True),
}


class ValidateIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    code: str = Field(max_length=64)
    asset_ticker: str | None = Field(default=None, max_length=32)


class RedeemIn(ValidateIn):
    user_ref: str = Field(min_length=1, max_length=64)


class ReleaseIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    code: str = Field(max_length=64)
    user_ref: str = Field(min_length=1, max_length=64)


class RedeemOut(BaseModel):
    redeemed: bool
    code: str
    value: str


class ReleaseOut(BaseModel):
    released: bool


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


def redeem_code(conn: sqlite3.Connection, body: RedeemIn, at: float) -> Outcome:
    """Use a valid code for ``body.user_ref``'s purchase (400 with the validation message when not valid)."""
    checked = validate_code(body.code, body.asset_ticker)
    if not checked.valid or checked.value is None:
        raise ProviderError(400, checked.message, error_type="invalid_promo_code")
    if CODES[checked.code].sold_out:
        return error_outcome(409, NO_FREE_CODES, "NoFreePromocodesException")
    conn.execute(
        "INSERT INTO promo_redemptions (code, user_ref, asset_ticker, value, redeemed_at) VALUES (?, ?, ?, ?, ?)",
        (checked.code, body.user_ref, body.asset_ticker, checked.value, jobs.iso(at)),
    )
    return Outcome(200, RedeemOut(redeemed=True, code=checked.code, value=checked.value).model_dump())


def release_code(conn: sqlite3.Connection, body: ReleaseIn, at: float) -> Outcome:
    """Give back the user's latest redemption of the code still held (nothing held: nothing to do)."""
    conn.execute(
        "UPDATE promo_redemptions SET released_at = ? WHERE id = (SELECT MAX(id) FROM promo_redemptions"
        " WHERE code = ? AND user_ref = ? AND released_at IS NULL)",
        (jobs.iso(at), body.code.strip().upper(), body.user_ref),
    )
    return Outcome(200, ReleaseOut(released=True).model_dump())


@router.post("/promo/codes/redeem", dependencies=[ProviderKey], response_model=RedeemOut)
async def redeem(body: RedeemIn, storage: StorageDep, key: IdempotencyKey) -> Response:
    return await respond(storage, key, "POST /promo/codes/redeem", body.model_dump(),
                         lambda conn: redeem_code(conn, body, jobs.now_epoch()))


@router.post("/promo/codes/release", dependencies=[ProviderKey], response_model=ReleaseOut)
async def release(body: ReleaseIn, storage: StorageDep, key: IdempotencyKey) -> Response:
    return await respond(storage, key, "POST /promo/codes/release", body.model_dump(),
                         lambda conn: release_code(conn, body, jobs.now_epoch()))


class RedemptionOut(BaseModel):
    code: str
    user_ref: str
    asset_ticker: str | None
    value: str
    redeemed_at: str
    released_at: str | None


@router.get("/sandbox/promo/redemptions")
async def redemptions(storage: StorageDep, user_ref: Annotated[str, Query(min_length=1, max_length=64)]) -> list[RedemptionOut]:
    """The user's redemptions, oldest first (a released one has ``released_at``): what a test or a person checks."""

    def load() -> list[sqlite3.Row]:
        with storage.reader() as conn:
            return conn.execute("SELECT * FROM promo_redemptions WHERE user_ref = ? ORDER BY id", (user_ref,)).fetchall()

    fields = RedemptionOut.model_fields
    return [RedemptionOut(**{k: r[k] for k in fields}) for r in await run_in_threadpool(load)]
