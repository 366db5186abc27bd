"""Market data of a financial instrument (spec doc 3 §7 "Market data"): pricing, price history and order book,
read from the ATS through clients/ats.py with the api process's shared token, kept in Redis for about a second
(`market_cache_ms`) and dropped by market events (store/live.publish_market), so a page polling every second and
every page of every api process share one ATS call. ATS down → 503 in the one error shape; unknown → 404."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from pydantic import BaseModel
from redis.asyncio import Redis
from redis.exceptions import RedisError

from api.errors import ApiError
from api.state import AppState
from api.trading.order_checks import ATS_DOWN, ats
from clients.ats import AtsUnavailable
from clients.http import ProviderRejected
from store.live import market_cache_key, market_channel, publish_market

INSTRUMENT_NOT_FOUND = "Financial instrument not found."
PATHS = {"pricing": "/pricing", "history": "/pricing/history", "book": "/order-book"}


class PriceSession(BaseModel):
    lastClose: str | None = None
    latestFilled: str | None = None


class PricePerUnit(BaseModel):
    issue: str | None = None
    current: str | None = None
    session: PriceSession = PriceSession()


class Pricing(BaseModel):
    pricePerUnit: PricePerUnit


class PricingOut(BaseModel):
    data: Pricing


class ClosePrice(BaseModel):
    close: str | None = None


class HistoryPoint(BaseModel):
    date: str
    pricePerUnit: ClosePrice


class IssuePrice(BaseModel):
    date: str | None = None
    pricePerUnit: str | None = None


class HistoryInstrument(BaseModel):
    id: str
    issue: IssuePrice


class History(BaseModel):
    financialInstrument: HistoryInstrument
    dataPoints: list[HistoryPoint]


class HistoryOut(BaseModel):
    data: History


class BookLevel(BaseModel):
    price: str
    units: int
    orders: int


class OrderBook(BaseModel):
    """The book's depth: asks ascending (lowest first), bids descending (highest first); `mode` POST_ONLY while
    orders only rest, CONTINUOUS while the window is open."""

    financialInstrumentId: str
    mode: str
    bids: list[BookLevel]
    asks: list[BookLevel]
    bidHigh: str | None = None
    askLow: str | None = None


class OrderBookOut(BaseModel):
    data: OrderBook


def ats_down() -> ApiError:
    return ApiError(503, ATS_DOWN, error_type="ATS_UNAVAILABLE", headers={"Retry-After": "2"})


async def _cached(redis: Redis, key: str) -> dict[str, Any] | None:
    try:
        raw = await redis.get(key)
    except RedisError:
        return None  # the cache is an optimisation: read the ATS
    return json.loads(raw) if raw else None


async def market_read(state: AppState, instrument_id: str, kind: str) -> dict[str, Any]:
    """The ATS's `data` for one market read of the instrument, from the shared cache when fresh."""
    key = market_cache_key(instrument_id, kind)
    hit = await _cached(state.redis, key)
    if hit is not None:
        return hit
    try:
        body = await ats(state).call("GET", f"/instruments/{instrument_id}{PATHS[kind]}")
    except ProviderRejected as exc:
        if exc.status == 404:
            raise ApiError(404, INSTRUMENT_NOT_FOUND, error_type="INSTRUMENT_NOT_FOUND") from None
        raise ats_down() from None
    except AtsUnavailable:
        raise ats_down() from None
    data: dict[str, Any] = body.get("data") or {}
    with contextlib.suppress(RedisError):
        await state.redis.set(key, json.dumps(data), px=max(1, state.settings.market_cache_ms))
    return data


async def market_changed(state: AppState, instrument_id: str, *, pricing: bool) -> None:
    """An order or execution of the instrument changed at the ATS (a webhook): its pages get the new book (and
    pricing after an execution) over SSE — read only while a page of it is open (a subscriber on its channel); the
    copies are dropped either way. Best effort: the ATS or Redis down leaves the pages' polling."""
    kinds = ("book", "pricing") if pricing else ("book",)
    try:
        await state.redis.delete(*(market_cache_key(instrument_id, k) for k in kinds))
        [(_, watching)] = await state.redis.pubsub_numsub(market_channel(instrument_id))
        if not watching:  # no page of the instrument open: the next one to open reads the ATS (its copy is gone)
            return
        for kind in kinds:
            await publish_market(state.redis, instrument_id, kind, await market_read(state, instrument_id, kind))
    except (ApiError, RedisError):
        return
