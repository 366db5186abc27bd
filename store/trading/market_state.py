"""The catalogue's trading fields as last read from the ATS (spec doc 3 §3 financialInstrument and trading, §4.1),
kept in Redis under one key by the api's market refresher (api/trading/market_refresher.py) and merged into the catalogue
when it is rebuilt (api/catalogue.py). The key has no expiry: with the ATS down the catalogue serves the last known
state. Keyed by the asset's ticker (the instrument's symbol)."""

from __future__ import annotations

import json
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from domain.asset_status import POST_ONLY, TRADING, TRADING_CLOSED

MARKET_STATE_KEY = "market:state:v1"
HISTORY_POINTS = 10  # closes in the catalogue's historyPricing; the whole history is at .../pricing/history
# the secondary market's status at the ATS → the asset's status (open → Trading, a scheduled window → Post Only)
STATUS_OF_MARKET = {"open": TRADING, "closed": POST_ONLY, "disabled": TRADING_CLOSED}
TRADED_STATUSES = frozenset(STATUS_OF_MARKET.values())  # the assets whose status follows the market


def current_status(asset_status: str, market: dict[str, Any] | None) -> str:
    """The status the catalogue shows (api/catalogue.py): the ATS market's for a traded asset once the refresher has
    read it (`market`: the ticker's entry of `load`), else the asset row's."""
    if market is not None and asset_status in TRADED_STATUSES:
        return str(market["asset_status"])
    return asset_status


def _window(w: dict[str, Any] | None) -> dict[str, Any] | None:
    if not w:
        return None
    return {"id": w.get("id"), "status": w.get("status"), "remaining_value": 0, "opens_at": w.get("opens_at"),
            "closes_at": w.get("closes_at")}


def _last_window(w: dict[str, Any] | None) -> dict[str, Any] | None:
    if not w:
        return None
    return {"id": w.get("id"), "status": w.get("status"), "closing_time": w.get("closing_time"),
            "closing_price": w.get("closing_price")}


def trading_fields(inst: dict[str, Any], pricing: dict[str, Any], history: dict[str, Any]) -> dict[str, Any]:
    """One instrument's catalogue fields from the ATS's instrument, pricing and history answers."""
    market = (inst.get("markets") or {}).get("secondaryMarket") or {}
    status = str(market.get("status") or "closed")
    issue = (history.get("financialInstrument") or {}).get("issue") or {}
    hours = inst.get("sessionHours") or {}
    book = inst.get("orderBook") or {}
    return {
        "asset_status": STATUS_OF_MARKET.get(status, POST_ONLY),
        "financialInstrument": {
            "id": inst.get("id"),
            "markets": {"secondaryMarket": {
                "status": status.upper(), "enabled": bool(market.get("enabled")), "sessionsStart": issue.get("date"),
                "sessionsFollowMarketHours": bool(market.get("sessionsFollowMarketHours")),
            }},
            "sessionHours": {k: hours.get(k) for k in ("dateOpen", "dateClose", "nextDateOpen", "lastDateClose")},
            "demoHours": bool(inst.get("demoHours")),
        },
        "trading": {
            "current_trading_window": _window(inst.get("currentWindow")),
            "last_trading_window": _last_window(inst.get("lastWindow")),
            "pricing": {"pricePerUnit": pricing.get("pricePerUnit") or {}},
            "orderBook": {"bidHigh": book.get("bidHigh"), "askLow": book.get("askLow")},
            "historyPricing": {"financialInstrument": history.get("financialInstrument") or {},
                               "dataPoints": (history.get("dataPoints") or [])[-HISTORY_POINTS:]},
        },
    }


async def load(redis: Redis) -> dict[str, dict[str, Any]]:
    """Ticker → {fields..., "changed": ISO time the fields last changed}; {} when never refreshed or Redis fails."""
    try:
        raw = await redis.get(MARKET_STATE_KEY)
    except RedisError:
        return {}
    return json.loads(raw) if raw else {}


async def save(redis: Redis, state: dict[str, dict[str, Any]]) -> None:
    await redis.set(MARKET_STATE_KEY, json.dumps(state, sort_keys=True))
