"""Reads an asset's page content (store/content_models.py) as the asset detail read answers it (spec doc 3 §3 Asset:
asset_media, document, categories, timeline_items, history_value_points, quote; pdf, snapchat_deeplink_url,
investor_count). Lists come in the order they show: media and documents by `order`, the timeline and the value
history by date."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain.money import money_str
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
from store.models import Asset


def _media(m: AssetMedia | AssetDocumentMedia) -> dict[str, Any]:
    return {"file": m.file, "type": m.type, "order": m.order,
            "thumbnail": m.thumbnail if isinstance(m, AssetMedia) else None}


async def content_json(db: AsyncSession, asset: Asset) -> dict[str, Any]:
    media = (await db.scalars(select(AssetMedia).where(col(AssetMedia.asset_id) == asset.id)
                              .order_by(col(AssetMedia.order), col(AssetMedia.id)))).all()
    documents = (await db.scalars(select(AssetDocument).where(col(AssetDocument.asset_id) == asset.id)
                                  .order_by(col(AssetDocument.order), col(AssetDocument.id)))).all()
    pages = (await db.scalars(select(AssetDocumentMedia).where(
        col(AssetDocumentMedia.document_id).in_([d.id for d in documents]))
        .order_by(col(AssetDocumentMedia.order), col(AssetDocumentMedia.id)))).all()
    categories = (await db.scalars(select(AssetDetailCategory).where(col(AssetDetailCategory.asset_id) == asset.id)
                                   .order_by(col(AssetDetailCategory.order), col(AssetDetailCategory.id)))).all()
    details = (await db.scalars(select(AssetDetail).where(
        col(AssetDetail.category_id).in_([c.id for c in categories]))
        .order_by(col(AssetDetail.order), col(AssetDetail.id)))).all()
    timeline = (await db.scalars(select(AssetTimelineItem).where(col(AssetTimelineItem.asset_id) == asset.id)
                                 .order_by(col(AssetTimelineItem.date), col(AssetTimelineItem.id)))).all()
    points = (await db.scalars(select(AssetValuePoint).where(col(AssetValuePoint.asset_id) == asset.id)
                               .order_by(col(AssetValuePoint.date)))).all()
    quote = await db.get(AssetQuote, asset.id)
    return {
        "investor_count": asset.investor_count,
        "pdf": asset.pdf,
        "snapchat_deeplink_url": asset.snapchat_deeplink_url,
        "asset_media": [_media(m) for m in media],
        "document": [{"id": d.id, "text": d.text,
                      "document_media": [_media(p) for p in pages if p.document_id == d.id]} for d in documents],
        "categories": [{"id": c.id, "name": c.name,
                        "details": [{"id": x.id, "name": x.name, "value": x.value}
                                    for x in details if x.category_id == c.id]} for c in categories],
        "timeline_items": [{"date": t.date.isoformat(), "text": t.text} for t in timeline],
        "history_value_points": [{"date": p.date.isoformat(), "value": money_str(p.value)} for p in points],
        "quote": None if quote is None else {
            "quote": quote.quote, "author": quote.author, "author_image": quote.author_image,
            "author_description": quote.author_description, "background_image": quote.background_image},
    }
