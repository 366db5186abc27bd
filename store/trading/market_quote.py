"""One instrument's prevalidation market data as last read from the ATS (its instrument answer's status, secondary
market and lowest ask, its pricing's `pricePerUnit`), kept in Redis so an order's create, prevalidate and edit do
not call the ATS twice each (issue 20 item 6). Written by the market refresher every pass and by a prevalidation
that had to read the ATS; trusted for at most `market_quote_seconds` (the key expires then) and only while the
instrument's generation is the one read before the ATS was: every book, trade or window webhook bumps it
(`invalidate`), so the copy never shows a book older than the last change the ATS reported, and a read that raced
a change is never kept. Redis down: no copy (the caller reads the ATS)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

# the instrument answer's fields the prevalidation reads (clients/ats_market.market_of_answers)
INSTRUMENT_FIELDS = ("status", "markets", "orderBook")


def quote_key(instrument_id: str) -> str:
    return f"market:quote:v1:{instrument_id}"


def generation_key(instrument_id: str) -> str:
    return f"market:quote:gen:{instrument_id}"


@dataclass(frozen=True)
class Quote:
    instrument: dict[str, Any]  # the ATS's instrument `data` (INSTRUMENT_FIELDS only)
    pricing: dict[str, Any]     # the ATS's pricing `data.pricePerUnit`


async def generation(redis: Redis, instrument_id: str) -> int | None:
    """The instrument's generation now (read before the ATS is); None when Redis fails (then nothing is kept)."""
    try:
        raw = await redis.get(generation_key(instrument_id))
    except RedisError:
        return None
    return int(raw or 0)


async def generations(redis: Redis, instrument_ids: list[str]) -> dict[str, int]:
    """Several instruments' generations in one round trip ({} when Redis fails)."""
    if not instrument_ids:
        return {}
    try:
        raws = await redis.mget([generation_key(i) for i in instrument_ids])
    except RedisError:
        return {}
    return {i: int(raw or 0) for i, raw in zip(instrument_ids, raws, strict=True)}


async def load(redis: Redis, instrument_id: str) -> Quote | None:
    """The copy when it was read at the instrument's current generation and has not expired; else None."""
    try:
        raw, gen = await redis.mget([quote_key(instrument_id), generation_key(instrument_id)])
    except RedisError:
        return None
    if not raw:
        return None
    try:
        data = json.loads(raw)
        if int(data["gen"]) != int(gen or 0):
            return None
        return Quote(dict(data["instrument"]), dict(data["pricing"]))
    except (ValueError, KeyError, TypeError):
        return None


async def save(redis: Redis, instrument_id: str, gen: int | None, instrument: dict[str, Any],
               pricing: dict[str, Any], max_age_seconds: float) -> None:
    """Keeps what the ATS answered, read at generation `gen` (None: Redis failed before, keep nothing)."""
    if gen is None or max_age_seconds <= 0:
        return
    body = {"gen": gen, "at": time.time(), "instrument": {k: instrument.get(k) for k in INSTRUMENT_FIELDS},
            "pricing": pricing}
    try:
        await redis.set(quote_key(instrument_id), json.dumps(body), px=max(1, int(max_age_seconds * 1000)))
    except RedisError:
        return


async def invalidate(redis: Redis, instrument_id: str) -> None:
    """The instrument's book, trades or window changed at the ATS: its copy (and any read in flight) is old."""
    try:
        await redis.incr(generation_key(instrument_id))
    except RedisError:
        return
