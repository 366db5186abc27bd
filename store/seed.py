"""Loads the demo data (categories, 27 assets, demo users with special access, demo investors with a profile, a
verified bank and a history — deposits, offering purchases, trades — behind their cash and their shares of the traded
assets, old enough to sell). Idempotent: run it as often as you like.

    python -m store.seed
    python -m store.seed --categories   # the categories alone (a stack whose tests make their own assets)
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from config import Settings, get_settings
from domain.access import EARLY_IO, FREE_SHARE_PROGRAM
from domain.categories import CATEGORIES
from store.content_models import (
    AssetDetail,
    AssetDetailCategory,
    AssetDocument,
    AssetDocumentMedia,
    AssetMedia,
    AssetQuote,
    AssetTimelineItem,
    AssetValuePoint,
)
from store.db import make_engine, make_sessionmaker
from store.demo_assets import DEMO_ASSETS, MERCH, DemoAsset
from store.demo_content import content_of
from store.demo_history import seed_investors
from store.demo_home import seed_home
from store.demo_investors import DEMO_INVESTORS
from store.models import AccessGroup, Asset, Category, Email, User
from store.passwords import hash_password
from store.purchases import post_missing_lots
from store.users import create_user

DEMO_PASSWORD = "Vitrine2026!"
DEMO_USERS = ("demo@vitrine.test", "early@vitrine.test", *(e for e in DEMO_INVESTORS if e != "demo@vitrine.test"))
DESCRIPTION = "{name}. Each share is a fractional interest in the asset, held and insured by Vitrine's custodian."


def _offering_dates(d: DemoAsset, order: int, now: datetime) -> tuple[datetime, datetime]:
    if d.status == "Coming Soon":
        start = now + timedelta(days=3 + order)
        return start, start + timedelta(days=30)
    if d.status == "Open ICO":
        return now - timedelta(days=5 + order), now + timedelta(days=2 + order)
    start = now - timedelta(days=120 + order * 3)
    return start, start + timedelta(days=30)


def asset_values(d: DemoAsset, order: int, now: datetime) -> dict[str, object]:
    starts, ends = _offering_dates(d, order, now)
    price = d.value_decimal / d.shares
    return {
        "ticker": d.ticker, "display_name": d.name, "short_name": d.short, "category": d.category, "order": order,
        "asset_status": d.status, "asset_value": d.value_decimal, "number_of_shares": d.shares,
        "shares_sold": d.shares * d.sold_pct // 100, "tertiary_color": d.color, "is_exited": d.exited,
        "exited_date": now - timedelta(days=14) if d.exited else None, "offering_starts": starts, "offering_ends": ends,
        "esign_template_id": d.esign, "secondary_market_status": d.market, "trading_window_status": d.window,
        "post_only_remaining": d.remaining,
        "current_price": (price * Decimal("1.12")).quantize(Decimal("0.01")) if d.market != "CLOSED" else None,
        "last_close": (price * Decimal("1.08")).quantize(Decimal("0.01")) if d.market != "CLOSED" else None,
        "merchandising": MERCH if d.extra.get("merch") else {"enabled": False, "merchants": []},
        "description": DESCRIPTION.format(name=d.name),
    }


async def seed_content(db: AsyncSession, now: datetime) -> None:
    """Each demo asset's page content (store/demo_content.py), written once: an asset that has media keeps what it
    has (ops may have changed it)."""
    for d in DEMO_ASSETS:
        asset_id = await db.scalar(select(col(Asset.id)).where(col(Asset.ticker) == d.ticker))
        if asset_id is None or await db.scalar(select(col(AssetMedia.id)).where(col(AssetMedia.asset_id) == asset_id)
                                               .limit(1)) is not None:
            continue
        c = content_of(d, asset_id, now)
        await db.execute(update(Asset).where(col(Asset.id) == asset_id).values(
            pdf=c.pdf, snapchat_deeplink_url=c.snapchat_deeplink_url, investor_count=c.investor_count))
        db.add_all(AssetMedia(asset_id=asset_id, file=m.file, type=m.type, order=m.order, thumbnail=m.thumbnail)
                   for m in c.media)
        for order, doc in enumerate(c.documents, start=1):
            document = AssetDocument(asset_id=asset_id, text=doc.text, order=order)
            db.add(document)
            await db.flush()
            db.add_all(AssetDocumentMedia(document_id=document.id, file=m.file, type=m.type, order=m.order)
                       for m in doc.media)
        for order, (name, details) in enumerate(c.categories, start=1):
            category = AssetDetailCategory(asset_id=asset_id, name=name, order=order)
            db.add(category)
            await db.flush()
            db.add_all(AssetDetail(category_id=category.id, name=n, value=v, order=i)
                       for i, (n, v) in enumerate(details, start=1))
        db.add_all(AssetTimelineItem(asset_id=asset_id, date=day, text=text) for day, text in c.timeline)
        db.add_all(AssetValuePoint(asset_id=asset_id, date=day, value=value) for day, value in c.value_points)
        quote, author, author_image, about, background = c.quote
        db.add(AssetQuote(asset_id=asset_id, quote=quote, author=author, author_image=author_image,
                          author_description=about, background_image=background))
    await db.commit()


async def seed_categories(db: AsyncSession) -> None:
    """The catalogue's categories (domain/categories.py), kept up to date: every asset names one."""
    for i, c in enumerate(CATEGORIES):
        await db.execute(insert(Category).values(key=c.key, pathname=c.pathname, title=c.title, color=c.color, order=i)
                         .on_conflict_do_update(index_elements=["key"],
                                                set_={"pathname": c.pathname, "title": c.title, "color": c.color}))


async def seed(db: AsyncSession, settings: Settings | None = None) -> None:
    await seed_categories(db)
    settings = settings or get_settings()
    now = datetime.now(UTC).replace(microsecond=0)
    for order, d in enumerate(DEMO_ASSETS, start=1):
        values = asset_values(d, order, now)
        await db.execute(insert(Asset).values(**values).on_conflict_do_nothing(index_elements=["ticker"]))
    await db.commit()
    await seed_content(db, now)
    for email in DEMO_USERS:
        if await db.scalar(select(col(User.id)).where(col(User.email) == email)) is None:
            password_hash = await hash_password(DEMO_PASSWORD, settings.password_hash_profile)
            _, row = await create_user(db, email=email, password_hash=password_hash)
            row.verified = True
    await db.commit()
    early = await db.scalar(select(User).where(col(User.email) == "early@vitrine.test"))
    assert early is not None
    tickers = {"#72MIURA": EARLY_IO, "#CARTIER": EARLY_IO, "#HOBBIT": FREE_SHARE_PROGRAM, "#PETRUS82": EARLY_IO}
    for ticker, access in tickers.items():
        asset_id = await db.scalar(select(col(Asset.id)).where(col(Asset.ticker) == ticker))
        await db.execute(insert(AccessGroup).values(user_id=early.id, asset_id=asset_id, access_type=access,
                                                    access_end=now + timedelta(days=60),
                                                    limitations={"max_shares": 1} if access == FREE_SHARE_PROGRAM else {})
                         .on_conflict_do_nothing(index_elements=["user_id", "asset_id", "access_type"]))
    await db.execute(update(Email).where(col(Email.email).in_(DEMO_USERS)).values(verified=True))
    await db.commit()
    # the demo investors' profiles, banks, and the deposits, purchases and trades behind their cash and shares (issue 30)
    await seed_investors(db, settings)
    await post_missing_lots(db)  # offering purchases made before purchases posted their share lots
    await seed_home(db)  # the home screen's banners, heroes, carousels and feature flags (issue 21)


async def main(settings: Settings | None = None, categories_only: bool = False) -> None:
    settings = settings or get_settings()
    engine = make_engine(settings.database_url, settings.database_tls)
    try:
        async with make_sessionmaker(engine)() as db:
            if categories_only:
                await seed_categories(db)
                await db.commit()
            else:
                await seed(db, settings)
    finally:
        await engine.dispose()


if __name__ == "__main__":
    asyncio.run(main(categories_only="--categories" in sys.argv[1:]))
