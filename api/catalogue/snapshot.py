"""The asset catalogue: the spec's asset representation, read from PostgreSQL and cached in Redis."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from redis.asyncio import Redis
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col

from api.middleware import etag_for
from api.render import render
from api.shared_copy import SharedCopy
from domain import purchase
from domain.asset_status import progress_bar
from domain.money import money_str
from store.asset_content import content_json
from store.catalogue_cache import CACHE_KEY, CONTENT_KEY, invalidate
from store.models import Asset
from store.trading import market_state
from store.trading.market_state import TRADED_STATUSES
from workflows.trading.order_types import instrument_id_of


def price_per_share(a: Asset) -> str:
    return money_str(purchase.price_per_share(a.asset_value, a.number_of_shares))


def status_json(a: Asset, market: dict[str, Any] | None = None) -> dict[str, Any]:
    """The part of an asset that changes over its life (the change feed's items). A traded asset's market fields
    and status come from the ATS (`market`: store/trading/market_state.py) when the refresher has read them."""
    if market is not None and a.asset_status in TRADED_STATUSES:
        return _traded_json(a, market)
    issue = price_per_share(a)
    current = money_str(a.current_price) if a.current_price is not None else issue
    return {
        "id": a.id,
        "asset_status": a.asset_status,
        "progress_bar": progress_bar(a.shares_sold, a.number_of_shares),
        "shares_sold": a.shares_sold,
        "shares_available": max(0, a.number_of_shares - a.shares_sold),
        "is_exited": a.is_exited,
        "modified": a.modified,
        "financialInstrument": {"id": instrument_id_of(a.ticker),
                                "markets": {"secondaryMarket": {"status": a.secondary_market_status}}},
        "trading": {
            "current_trading_window": None if a.trading_window_status is None else {
                "id": f"tw-{a.id}", "status": a.trading_window_status, "remaining_value": a.post_only_remaining,
            },
            "pricing": {"pricePerUnit": {
                "issue": issue, "current": current,
                "session": {"lastClose": money_str(a.last_close) if a.last_close is not None else current,
                            "latestFilled": current},
            }},
            "historyPricing": [],
            "orderBook": {"bids": [], "asks": []},
        },
    }


def _traded_json(a: Asset, market: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": a.id,
        "asset_status": market["asset_status"],
        "progress_bar": progress_bar(a.shares_sold, a.number_of_shares),
        "shares_sold": a.shares_sold,
        "shares_available": max(0, a.number_of_shares - a.shares_sold),
        "is_exited": a.is_exited,
        "modified": max(a.modified, datetime.fromisoformat(market["changed"])),
        "financialInstrument": market["financialInstrument"],
        "trading": market["trading"],
    }


def asset_json(a: Asset, market: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "id": a.id,
        "ticker": a.ticker,
        "display_name": a.display_name,
        "short_name": a.short_name,
        "description": a.description,
        "category": a.category,
        "order": a.order,
        "asset_value": money_str(a.asset_value),
        "number_of_shares": a.number_of_shares,
        "max_share_investment": a.max_share_investment,
        "ipo_price_per_share": price_per_share(a),
        "price_per_share": price_per_share(a),
        "portal_image": f"/media/assets/{a.id}/portal.svg",
        "home_image": f"/media/assets/{a.id}/home.svg",
        "tertiary_color": a.tertiary_color,
        "exited_date": a.exited_date,
        "offering_starts": a.offering_starts,
        "offering_ends": a.offering_ends,
        "esign_template_id": a.esign_template_id,
        "merchandising": a.merchandising or {"enabled": False, "merchants": []},
        **status_json(a, market),
    }


async def load_catalogue(db: AsyncSession, market: dict[str, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every asset; `market` (ticker → trading fields) overrides the traded assets' market fields."""
    rows = (await db.scalars(select(Asset).order_by(col(Asset.order), col(Asset.id)))).all()
    return [asset_json(a, (market or {}).get(a.ticker)) for a in rows]


MAX_PREPARED = 1024  # (route, query) answers kept per snapshot: queries are the caller's, so the memory is bounded
_MISSING = object()


@dataclass(frozen=True)
class Prepared:
    """One read's answer, rendered once: its body and its ETag."""

    body: bytes
    etag: str


def prepare(data: Any) -> Prepared:
    body = render(data)
    return Prepared(body, etag_for(body))


@dataclass(frozen=True)
class Snapshot:
    """The whole catalogue, parsed and as the rendered list answer with its ETag, and the screens' reads prepared
    from it (`read`): a new snapshot (a catalogue change) starts with none, so they follow the catalogue's rules;
    the shared copy keeps the snapshot (and its reads) while the catalogue's bytes are unchanged."""

    items: list[dict[str, Any]]
    body: bytes
    etag: str
    reads: dict[Hashable, Prepared | None] = field(default_factory=dict, compare=False, repr=False)

    def read(self, key: Hashable, build: Callable[[list[dict[str, Any]]], Any | None]) -> Prepared | None:
        """The answer of the read `key` (a route and its query), built from the items once per snapshot; `build`
        answers None when there is nothing to answer (an unknown asset), remembered as well."""
        found = self.reads.get(key, _MISSING)
        if found is _MISSING:
            data = build(self.items)
            found = None if data is None else prepare(data)
            if len(self.reads) >= MAX_PREPARED:
                del self.reads[next(iter(self.reads))]
            self.reads[key] = found
        assert found is None or isinstance(found, Prepared)
        return found

    @cached_property
    def ids(self) -> frozenset[int]:
        """Every asset's id (what any caller may see is among them)."""
        return frozenset(a["id"] for a in self.items)


@dataclass(frozen=True)
class Content:
    """One asset's page content as parsed (None: no such asset) and its version (the ETag of its bytes): a screen
    read that merges it with the snapshot is prepared per (snapshot, version)."""

    data: dict[str, Any] | None
    version: str


def _content(raw: bytes) -> Content:
    return Content(json.loads(raw), etag_for(raw))


def _snapshot(raw: bytes) -> Snapshot:
    body = b'{"items":' + raw + b"}"
    return Snapshot(json.loads(raw), body, etag_for(body))


class Catalogue:
    """Catalogue reads: PostgreSQL behind a Redis copy (shared by every api process, `redis_ttl` seconds) behind a
    per-process snapshot re-checked against Redis every `local_ttl` seconds (api/shared_copy.py). `invalidate`
    drops both."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], redis: Redis, redis_ttl: int,
                 local_ttl: float = 1.0) -> None:
        self._sessions, self._redis, self._redis_ttl, self._local_ttl = sessions, redis, redis_ttl, local_ttl
        self._copy = SharedCopy(redis, CACHE_KEY, redis_ttl, self._load, _snapshot, local_ttl)
        self._contents: dict[int, SharedCopy[Content]] = {}  # only for ids in a snapshot: bounded by the assets

    async def _load(self) -> bytes:
        market = await market_state.load(self._redis)
        async with self._sessions() as db:
            return render(await load_catalogue(db, market))

    async def snapshot(self) -> Snapshot:
        return await self._copy.get()

    async def content(self, asset_id: int) -> Content:
        """An asset's page content (store/asset_content.py) under the catalogue's caching rule (api/shared_copy.py:
        Redis for `redis_ttl` seconds behind a per-process copy re-checked every `local_ttl`); ask only for an id
        of a snapshot (`Snapshot.ids`), so the copies kept are bounded by the assets."""
        copy = self._contents.get(asset_id)
        if copy is None:
            copy = SharedCopy(self._redis, CONTENT_KEY.format(asset_id=asset_id), self._redis_ttl,
                              lambda: self._load_content(asset_id), _content, self._local_ttl)
            self._contents[asset_id] = copy
        return await copy.get()

    async def _load_content(self, asset_id: int) -> bytes:
        async with self._sessions() as db:
            asset = await db.get(Asset, asset_id)
            return b"null" if asset is None else render(await content_json(db, asset))

    async def invalidate(self) -> None:
        await invalidate(self._redis)
        self._copy.drop()


def modified_since(items: list[dict[str, Any]], since: datetime) -> list[dict[str, Any]]:
    keys = ("id", "asset_status", "progress_bar", "shares_sold", "shares_available", "is_exited", "modified",
            "trading", "financialInstrument")
    return [{k: a[k] for k in keys} for a in items if datetime.fromisoformat(a["modified"]) >= since]
