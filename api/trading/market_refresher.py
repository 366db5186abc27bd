"""Keeps the catalogue's trading fields true without calling the ATS per catalogue request: every
`market_refresh_seconds` one api process (a Redis lock) reads every instrument (one call: windows, session hours,
best bid and ask), each instrument's pricing, and its price history when its last window changed, stores what it
got (store/trading/market_state.py) and, when anything changed, drops the catalogue's Redis copy so every api process
rebuilds its snapshot with the new fields. A window's webhook (a window opened or closed) starts a pass at once
(`due_now`). The ATS down: nothing is written, the catalogue keeps the last known
state."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import httpx
from redis.exceptions import RedisError

from api import periodic
from api.state import AppState
from api.trading.order_checks import ats
from clients.ats import AtsInvalidClient, AtsUnavailable
from clients.http import ProviderRejected
from store.trading import market_quote as Q
from store.trading import market_state as M

LOCK_KEY = "market:refresh:lock"
# what a pass may meet (the ATS or Redis down, a malformed answer): logged, the loop carries on
FAILURES = (AtsUnavailable, AtsInvalidClient, ProviderRejected, RedisError, httpx.HTTPError, ValueError, KeyError,
            TypeError)


class MarketRefresher:
    def __init__(self, state: AppState) -> None:
        self._state = state
        self._history: dict[str, tuple[Any, dict[str, Any]]] = {}  # instrument → (its last window, its history)
        self._known: set[str] = set()  # the instruments of the passes before (their generations read first)

    async def _history_of(self, iid: str, inst: dict[str, Any]) -> dict[str, Any]:
        last = inst.get("lastWindow") or {}
        mark = (last.get("id"), last.get("status"), last.get("closing_price"))
        cached = self._history.get(iid)
        if cached is None or cached[0] != mark:
            body = await ats(self._state).call("GET", f"/instruments/{iid}/pricing/history")
            cached = (mark, body.get("data") or {})
            self._history[iid] = cached
        return cached[1]

    async def read(self) -> dict[str, dict[str, Any]]:
        """Ticker → the catalogue's trading fields, as the ATS says now (raises FAILURES). Each instrument's
        prevalidation copy is kept on the way (store/trading/market_quote.py), read at the generation before this pass."""
        client, state = ats(self._state), self._state
        gens = await Q.generations(state.redis, sorted(self._known))
        out: dict[str, dict[str, Any]] = {}
        for inst in (await client.call("GET", "/instruments")).get("data") or []:
            iid, symbol = str(inst.get("id")), str(inst.get("symbol") or f"#{inst.get('id')}")
            pricing = (await client.call("GET", f"/instruments/{iid}/pricing")).get("data") or {}
            out[symbol] = M.trading_fields(inst, pricing, await self._history_of(iid, inst))
            self._known.add(iid)
            await Q.save(state.redis, iid, gens.get(iid), inst, pricing.get("pricePerUnit") or {},
                         state.settings.market_quote_seconds)
        return out

    async def refresh(self) -> bool:
        """One pass; True when the catalogue's trading fields changed (and the catalogue was invalidated)."""
        redis = self._state.redis
        fresh, old = await self.read(), await M.load(redis)
        now = datetime.now(UTC).isoformat()
        merged: dict[str, dict[str, Any]] = {}
        for ticker, fields in fresh.items():
            before = old.get(ticker) or {}
            same = {k: v for k, v in before.items() if k != "changed"} == fields
            merged[ticker] = {**fields, "changed": before.get("changed", now) if same else now}
        if merged == old:
            return False
        await M.save(redis, merged)
        await self._state.catalogue.invalidate()  # the Redis copy (every process) and this process's snapshot
        return True

    async def run(self, interval: float) -> None:
        """Refreshes forever, one process at a time (the lock lasts most of an interval)."""
        await periodic.every(self._state.redis, interval, LOCK_KEY, self.refresh, FAILURES,
                             "market refresh (last known state kept)", wake=self._state.market_due)


def due_now(state: AppState) -> None:
    """A window moved (its webhook came): this process's refresher reads the market now, not at its next pass — a
    page loaded right after the open would otherwise read the old phase and keep it until its 15 s catalogue refresh
    (the window's stream event came before that page listened)."""
    state.market_due.set()


def start(state: AppState) -> asyncio.Task[None] | None:
    """The api lifespan's background refresher (none when `market_refresh_seconds` is 0, as in tests)."""
    interval = state.settings.market_refresh_seconds
    if interval <= 0:
        return None
    return asyncio.create_task(MarketRefresher(state).run(interval), name="market-refresher")


stop = periodic.stop
