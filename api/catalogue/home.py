"""The home screen's answer (spec doc 3 §2.4): the sections ops edit (store/home_models.py), read from PostgreSQL
behind a Redis copy behind a per-process snapshot — the catalogue's rules (api/catalogue.py) — joined with the
catalogue's assets. In default mode the rendered answer and its ETag are kept per (catalogue, sections) version, so
a read renders nothing; in special-access mode only the caller's visible assets and the sections naming them show.

Sections keep only what the caller may see: a banner about an asset, or whose call to action opens one, shows with
that asset; a highlight shows while its asset's state has a hero text; a carousel keeps its visible assets and
shows when any is left. `assets` lists every asset the sections name, in catalogue order."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col

from api.catalogue.snapshot import Catalogue
from api.middleware import etag_for
from api.render import render
from api.shared_copy import SharedCopy
from domain.asset_status import OPEN_ICO
from domain.home_sections import hero_text, progress_text
from store.catalogue_cache import HOME_CACHE_KEY
from store.home_models import ASSET, FeatureFlag, HomeBanner, HomeCarousel, HomeHighlight

Json = dict[str, Any]


async def load_sections(db: AsyncSession) -> Json:
    """The enabled rows of each kind in position order, and the feature flags."""
    banners = (await db.scalars(select(HomeBanner).where(col(HomeBanner.enabled))
                                .order_by(col(HomeBanner.position), col(HomeBanner.id)))).all()
    highlights = (await db.scalars(select(HomeHighlight).where(col(HomeHighlight.enabled))
                                   .order_by(col(HomeHighlight.position), col(HomeHighlight.id)))).all()
    carousels = (await db.scalars(select(HomeCarousel).where(col(HomeCarousel.enabled))
                                  .order_by(col(HomeCarousel.position), col(HomeCarousel.id)))).all()
    flags = (await db.scalars(select(FeatureFlag))).all()
    return {
        "banners": [{
            "id": b.id, "header": b.header, "subheader": b.subheader,
            "callToAction": {"text": b.cta_text, "enabled": b.cta_enabled, "referenceType": b.cta_reference_type,
                             "url": b.cta_url, "assetId": b.cta_asset_id},
            "imageLink": b.image_link, "assetId": b.asset_id,
        } for b in banners],
        "highlights": [h.asset_id for h in highlights],
        "carousels": [{"id": c.id, "title": c.title, "assetIds": list(c.asset_ids)} for c in carousels],
        "flags": {f.name: f.enabled for f in flags},
    }


def _market_status(asset: Json) -> str | None:
    status: str | None = asset["financialInstrument"]["markets"]["secondaryMarket"].get("status")
    return status


def build_home(items: list[Json], sections: Json, ats_cards: int) -> Json:
    """The answer for the assets a caller may see (`items`, the catalogue's dicts) and the stored sections."""
    visible = {a["id"]: a for a in items if not a["is_exited"]}
    named: set[int] = set()

    def shows(asset_id: int | None) -> bool:
        return asset_id is None or asset_id in visible

    banners = [b for b in sections["banners"] if shows(b["assetId"]) and (
        b["callToAction"]["referenceType"] != ASSET or shows(b["callToAction"]["assetId"]))]
    for b in banners:
        named.update(i for i in (b["assetId"], b["callToAction"]["assetId"]) if i is not None)
    highlights = []
    for asset_id in sections["highlights"]:
        asset = visible.get(asset_id)
        hero = None if asset is None else hero_text(asset["asset_status"], _market_status(asset))
        if asset is None or hero is None:
            continue
        offering = asset["asset_status"] == OPEN_ICO
        highlights.append({"assetId": asset_id, "heroText": hero,
                           "progressText": progress_text(asset["progress_bar"]) if offering else None})
        named.add(asset_id)
    carousels = []
    for c in sections["carousels"]:
        ids = [i for i in c["assetIds"] if i in visible]
        if ids:
            carousels.append({**c, "assetIds": ids})
            named.update(ids)
    return {
        "sections": {"banners": banners, "highlights": highlights, "carousels": carousels},
        "features": {"calendar": {"enabled": sections["flags"].get("calendar", False)}, "atsCards": ats_cards},
        "assets": [a for a in items if a["id"] in named],
    }


@dataclass(frozen=True)
class SectionsSnapshot:
    data: Json
    etag: str


def _sections(raw: bytes) -> SectionsSnapshot:
    return SectionsSnapshot(json.loads(raw), etag_for(raw))


@dataclass(frozen=True)
class Rendered:
    key: tuple[str, str, int]
    body: bytes
    etag: str


class HomeContent:
    """The sections (the catalogue's rule, api/shared_copy.py: PostgreSQL → Redis for `redis_ttl` s → this process
    for `local_ttl` s; store/catalogue_cache.py's `invalidate` drops the Redis copy) and the default mode's rendered
    answer."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], redis: Redis, redis_ttl: int,
                 local_ttl: float = 1.0) -> None:
        self._sessions = sessions
        self._copy = SharedCopy(redis, HOME_CACHE_KEY, redis_ttl, self._load, _sections, local_ttl)
        self._rendered: Rendered | None = None

    async def _load(self) -> bytes:
        async with self._sessions() as db:
            return render(await load_sections(db))

    async def sections(self) -> SectionsSnapshot:
        return await self._copy.get()

    async def default_answer(self, catalogue: Catalogue, ats_cards: int) -> tuple[bytes, str]:
        """The default mode's answer and its ETag: rendered once per catalogue and sections version."""
        sections, snap = await self.sections(), await catalogue.snapshot()
        key = (snap.etag, sections.etag, ats_cards)
        done = self._rendered
        if done is None or done.key != key:
            body = render(build_home(snap.items, sections.data, ats_cards))
            done = self._rendered = Rendered(key, body, etag_for(body))
        return done.body, done.etag
