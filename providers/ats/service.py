"""Order commands of a client on one of its accounts: place (idempotent), replace, cancel; and their reads.

Each command takes the instrument's lock, brings its windows up to now, and applies one engine command in one
transaction (:mod:`providers.ats.commands`). An order is pending (PENDING_CANCEL / PENDING_REPLACE) while its
cancel or replace waits for the book's writer (``ats_amend_delay_seconds`` makes that wait visible); a second
cancel or replace meanwhile is refused with ORDER_UPDATE_PENDING.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import uuid
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Literal

import asyncpg
from pydantic import BaseModel, Field

from providers.ats import commands, errors, group_commit, windows
from providers.ats.engine import (
    CancelOrder,
    CancelRejected,
    Code,
    InstantBuy,
    PlaceOrder,
    PriceError,
    ReplaceOrder,
    ReplaceRejected,
    Side,
    TimeInForce,
    price_to_ticks,
)
from providers.ats.errors import AtsError
from providers.ats.runtime import DISABLED, Ats
from providers.ats.views import ACTIVE_STATUSES, FILLED, PENDING_CANCEL, PENDING_REPLACE, engine_account

Context = Literal["BID", "ASK", "bid", "ask"]
Row = Mapping[str, Any]
CANCELED_NOW, TOO_LATE, ALREADY_ENDED = "CANCELED", "TOO_LATE", "ALREADY_ENDED"


class OrderRequest(BaseModel):
    """The spec's order request: LIMIT (units, unitPrice, term) or INSTANT (1 unit at the lowest ask, a bid)."""

    financialInstrumentId: str = Field(min_length=1, max_length=64)
    type: Literal["LIMIT", "INSTANT"] = "LIMIT"
    term: TimeInForce = TimeInForce.GOOD_TIL_CANCELED
    context: Context
    units: int | None = None
    unitPrice: Decimal | None = Field(None, max_digits=14, decimal_places=6)
    disclosureReadAndAgreedTo: bool | None = None
    promotionalCode: str | None = Field(None, max_length=64)


class ReplaceRequest(BaseModel):
    """The edit payload: the new TOTAL units (filled units included) and the new unit price."""

    units: int
    unitPrice: Decimal = Field(max_digits=14, decimal_places=6)


ENGINE_CODES: dict[Code, tuple[int, str, str]] = {
    Code.WINDOW_CLOSED_FOR_IOC: (409, errors.WINDOW_CLOSED_FOR_IOC, "Immediate-or-cancel orders need live trading"),
    Code.NO_ASK: (409, errors.NO_ASK, "There is no ask to buy from"),
    Code.CROSS_TRADING_PROHIBITED: (409, errors.CROSS_TRADING_PROHIBITED,
                                    "The account has an active order on the other side of this instrument"),
    Code.INVALID_UNITS: (422, errors.INVALID_UNITS, "Units must be a whole number above 0"),
    Code.INVALID_PRICE: (422, errors.INVALID_PRICE, "The unit price must be above 0"),
    Code.OFF_TICK_PRICE: (422, errors.OFF_TICK_PRICE, "The unit price must be a multiple of $0.05"),
    Code.ORDER_FINISHED: (409, errors.ORDER_FINISHED, "The order is no longer active"),
    Code.TOO_LATE_FILLED: (409, errors.ORDER_ALREADY_FILLED, "The order was filled first"),
    Code.UNITS_NOT_ABOVE_FILLED: (422, errors.UNITS_NOT_ABOVE_FILLED, "Units must stay above the filled units"),
    Code.UNKNOWN_ORDER: (404, errors.ORDER_NOT_FOUND, "Unknown order"),
}


def engine_error(code: Code, field: str | None = None) -> AtsError:
    status, ats_code, message = ENGINE_CODES.get(code, (409, code.value, code.value))
    return AtsError(status, ats_code, message, field=field)


def ticks(price: Decimal | None) -> int:
    if price is None:
        raise AtsError(422, errors.INVALID_PRICE, "unitPrice is required", field="unitPrice")
    try:
        return price_to_ticks(price)
    except PriceError as exc:
        raise engine_error(exc.code, "unitPrice") from None


def units_of(units: int | None) -> int:
    if units is None or units <= 0:
        raise AtsError(422, errors.INVALID_UNITS, "Units must be a whole number above 0", field="units")
    return units


def instrument(ats: Ats, instrument_id: str) -> dict[str, object]:
    inst = ats.instruments.get(instrument_id)
    if inst is None:
        raise AtsError(404, errors.INSTRUMENT_NOT_FOUND, f"Unknown instrument {instrument_id}")
    return inst


def request_hash(account_id: str, req: OrderRequest) -> str:
    body = req.model_dump(mode="json", exclude={"disclosureReadAndAgreedTo", "promotionalCode"})
    body["context"] = req.context.upper()
    body["unitPrice"] = None if req.unitPrice is None else str(req.unitPrice.normalize())
    return hashlib.sha256(json.dumps({"account": account_id, **body}, sort_keys=True).encode()).hexdigest()


async def _by_key(ats: Ats, client_id: str, key: str) -> Row | None:
    """The order placed with this key (the index of keys is in memory: a new key costs no query)."""
    known = ats.keys.get((client_id, key))
    if known is None:
        return None
    row = await _read(ats, known[0])
    if row is None:  # its write failed a moment ago
        raise AtsError(409, errors.IDEMPOTENCY_KEY_IN_USE, "A request with this Idempotency-Key is being processed")
    return row


async def _read(ats: Ats, order_id: str) -> Row | None:
    """An order as the book has it: applied but not yet committed, resting, else from the table."""
    row = ats.uncommitted.get(order_id) or ats.active.get(order_id)
    if row is not None:
        return row
    async with ats.pool.acquire() as conn:
        found = await conn.fetchrow("SELECT * FROM orders WHERE id = $1", order_id)
    return None if found is None else dict(found)


def _same(existing: Row, digest: str) -> Row:
    if existing["request_hash"] != digest:
        raise AtsError(409, errors.IDEMPOTENCY_KEY_REUSED, "This Idempotency-Key was used for a different order")
    return existing


async def place(ats: Ats, client_id: str, account_id: str, req: OrderRequest, key: str) -> tuple[Row, bool]:
    """The order (and whether it was created now): the same key and body answer the first order again."""
    side = Side(req.context.upper())
    if req.type == "INSTANT":
        if side is not Side.BID or req.units not in (None, 1):
            raise AtsError(422, errors.INVALID_REQUEST, "An instant buy is a bid for 1 unit", field="units")
        price, units, term = 0, 1, TimeInForce.IMMEDIATE_OR_CANCEL
    else:
        price, units, term = ticks(req.unitPrice), units_of(req.units), req.term
    inst = instrument(ats, req.financialInstrumentId)
    if inst["status"] == DISABLED:
        raise AtsError(409, errors.INSTRUMENT_CLOSED, "Trading in this instrument is closed")
    digest = request_hash(account_id, req)
    instrument_id = req.financialInstrumentId
    order_id = f"ord_{uuid.uuid4().hex}"
    account = engine_account(client_id, account_id)
    command = (InstantBuy(order_id, account) if req.type == "INSTANT"
               else PlaceOrder(order_id, account, side, price, units, term))
    async with ats.locks[instrument_id]:
        now = ats.now()
        await windows.sync(ats, instrument_id, now)
        existing = await _by_key(ats, client_id, key)  # checked once the book is sound (sync repairs it)
        if existing is not None:
            return _same(existing, digest), False
        new = commands.NewOrder(order_id, client_id, account_id, side.value, term.value, price, units, key, digest)
        outcome, effects = commands.apply(ats, instrument_id, command, now, client_id=client_id, new=new)
    try:
        await group_commit.commit(ats, effects)  # outside the lock: commits in groups
    except asyncpg.UniqueViolationError as exc:  # the same key at the same moment on another instrument
        if "idempotency_key" not in (exc.constraint_name or ""):
            raise
        raise AtsError(409, errors.IDEMPOTENCY_KEY_REUSED, "This Idempotency-Key was used for a different order") from None
    if outcome.rejected:
        raise engine_error(outcome.rejected.code)
    return outcome.orders[order_id], True


async def get_order(ats: Ats, client_id: str, account_id: str, order_id: str) -> Row:
    """The caller's order (404 for another client's or another account's): a resting one from memory."""
    row = await _read(ats, order_id)
    if row is None or row["client_id"] != client_id or row["account_id"] != account_id:
        raise AtsError(404, errors.ORDER_NOT_FOUND, "Unknown order")
    return row


async def list_orders(ats: Ats, client_id: str, account_id: str, instrument_id: str | None, active: bool | None,
                      limit: int) -> list[Row]:
    async with ats.pool.acquire() as conn:
        return [dict(r) for r in await conn.fetch(
            "SELECT * FROM orders WHERE client_id = $1 AND account_id = $2 AND ($3::text IS NULL OR instrument_id = $3)"
            " AND ($4::boolean IS NULL OR (status = ANY($5::text[])) = $4) ORDER BY created DESC, id LIMIT $6",
            client_id, account_id, instrument_id, active, list(ACTIVE_STATUSES), limit,
        )]


async def list_client_orders(ats: Ats, client_id: str, active: bool | None, after: str | None, limit: int) -> list[Row]:
    """The client's orders across its accounts, by id after the cursor `after` (a page of `limit`)."""
    async with ats.pool.acquire() as conn:
        return [dict(r) for r in await conn.fetch(
            "SELECT * FROM orders WHERE client_id = $1 AND ($2::boolean IS NULL OR (status = ANY($3::text[])) = $2)"
            " AND ($4::text IS NULL OR id > $4) ORDER BY id LIMIT $5",
            client_id, active, list(ACTIVE_STATUSES), after, limit,
        )]


async def _amend(ats: Ats, row: Row, pending: str) -> None:
    """Mark the order pending (refusing a second amendment) and wait out the configured processing delay."""
    if row["id"] in ats.pending:
        raise AtsError(409, errors.ORDER_UPDATE_PENDING, "A cancel or replace of this order is still being processed")
    ats.pending[row["id"]] = pending
    if ats.settings.ats_amend_delay_seconds > 0:
        await asyncio.sleep(ats.settings.ats_amend_delay_seconds)


async def cancel(ats: Ats, client_id: str, account_id: str, order_id: str) -> tuple[Row, str]:
    """Cancel: the order and CANCELED, or TOO_LATE (it filled first: a normal outcome) or ALREADY_ENDED."""
    row = await get_order(ats, client_id, account_id, order_id)
    await _amend(ats, row, PENDING_CANCEL)
    try:
        async with ats.locks[row["instrument_id"]]:
            now = ats.now()
            await windows.sync(ats, row["instrument_id"], now)
            row = await get_order(ats, client_id, account_id, order_id)
            if row["status"] not in ACTIVE_STATUSES:
                return row, TOO_LATE if row["status"] == FILLED else ALREADY_ENDED
            outcome, effects = commands.apply(ats, row["instrument_id"], CancelOrder(order_id), now, client_id=client_id)
        await group_commit.commit(ats, effects)
    finally:
        ats.pending.pop(order_id, None)
    refused = next((e for e in outcome.events if isinstance(e, CancelRejected)), None)
    if refused is not None:
        return row, TOO_LATE if refused.reason is Code.TOO_LATE_FILLED else ALREADY_ENDED
    return outcome.orders[order_id], CANCELED_NOW


async def replace(ats: Ats, client_id: str, account_id: str, order_id: str, req: ReplaceRequest) -> Row:
    price, units = ticks(req.unitPrice), units_of(req.units)
    row = await get_order(ats, client_id, account_id, order_id)
    await _amend(ats, row, PENDING_REPLACE)
    try:
        async with ats.locks[row["instrument_id"]]:
            now = ats.now()
            await windows.sync(ats, row["instrument_id"], now)
            row = await get_order(ats, client_id, account_id, order_id)
            if row["status"] == FILLED:
                raise engine_error(Code.TOO_LATE_FILLED)
            if row["status"] not in ACTIVE_STATUSES:
                raise engine_error(Code.ORDER_FINISHED)
            outcome, effects = commands.apply(ats, row["instrument_id"], ReplaceOrder(order_id, price, units), now,
                                              client_id=client_id)
        await group_commit.commit(ats, effects)
    finally:
        ats.pending.pop(order_id, None)
    refused = next((e for e in outcome.events if isinstance(e, ReplaceRejected)), None)
    if refused is not None:
        raise engine_error(refused.reason, "units" if refused.reason is Code.UNITS_NOT_ABOVE_FILLED else None)
    return outcome.orders[order_id]
