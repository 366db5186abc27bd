"""The demo home screen (spec doc 3 §2.4): banners with a link and an asset action, highlight heroes of an open
offering, a live-traded and a post-only asset, two carousels and the calendar feature on. Rows are keyed, inserted
once: running the seed again never overwrites what ops changed."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from store.home_models import ASSET, LINK, FeatureFlag, HomeBanner, HomeCarousel, HomeHighlight
from store.models import Asset


@dataclass(frozen=True)
class DemoBanner:
    key: str
    header: str
    subheader: str
    cta_text: str
    ticker: str  # the asset the banner is about (its image)
    url: str | None = None  # a LINK banner; else the banner opens its asset


BANNERS = (
    DemoBanner("welcome-f40", "The '88 F40 is trading", "Buy and sell shares of the Ferrari F40 during market hours.",
               "View the F40", "#88F40"),
    DemoBanner("calendar", "Know when the market opens",
               "Every session and offering of the coming weeks, in the trading calendar.", "Open the calendar",
               "#PATEK1518", url="/app/investments-calendar"),
)
HIGHLIGHTS = ("#63SPLIT", "#88F40", "#GATSBY")
CAROUSELS = (
    ("open-offerings", "Open offerings", ("#55PS1", "#63SPLIT", "#APOLLO11", "#HOBBIT", "#ROLEXPN", "#PETRUS82")),
    ("trading-now", "Trading on Vitrine", ("#88F40", "#BABERUTH", "#SPIDEY", "#HERMES", "#YAMAZAKI", "#94DEF")),
)
FLAGS = {"calendar": True}


async def seed_home(db: AsyncSession) -> None:
    ids = dict((await db.execute(select(col(Asset.ticker), col(Asset.id)))).tuples().all())
    for position, b in enumerate(BANNERS):
        asset_id = ids[b.ticker]
        await db.execute(insert(HomeBanner).values(
            key=b.key, position=position, enabled=True, header=b.header, subheader=b.subheader, cta_text=b.cta_text,
            cta_enabled=True, cta_reference_type=LINK if b.url else ASSET, cta_url=b.url,
            cta_asset_id=None if b.url else asset_id, image_link=f"/media/assets/{asset_id}/home.svg",
            asset_id=None if b.url else asset_id).on_conflict_do_nothing(index_elements=["key"]))
    for position, ticker in enumerate(HIGHLIGHTS):
        await db.execute(insert(HomeHighlight).values(
            key=ticker.removeprefix("#").lower(), position=position, enabled=True, asset_id=ids[ticker])
            .on_conflict_do_nothing(index_elements=["key"]))
    for position, (key, title, tickers) in enumerate(CAROUSELS):
        await db.execute(insert(HomeCarousel).values(
            key=key, position=position, enabled=True, title=title, asset_ids=[ids[t] for t in tickers])
            .on_conflict_do_nothing(index_elements=["key"]))
    for name, enabled in FLAGS.items():
        await db.execute(insert(FeatureFlag).values(name=name, enabled=enabled)
                         .on_conflict_do_nothing(index_elements=["name"]))
    await db.commit()
