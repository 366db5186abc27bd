"""What an investor looks at on an asset's page beyond its catalogue row (spec doc 3 §3 Asset): ordered media (images
and video links), documents with their media, name/value detail categories, timeline items, value-history points
(the Graph slide's "SIMILAR ASSET SALES") and the quote. Ops change them; the asset detail read serves them."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from store.columns import money, text


class AssetMedia(SQLModel, table=True):
    """An image or a video link of an asset's gallery, shown in `order`."""

    __tablename__ = "asset_media"
    id: int = Field(default=None, primary_key=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE", index=True)
    file: str = Field(max_length=512)
    type: str = Field(max_length=16)  # image | video
    order: int = 0
    thumbnail: str | None = Field(default=None, max_length=512)


class AssetDocument(SQLModel, table=True):
    __tablename__ = "asset_documents"
    id: int = Field(default=None, primary_key=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE", index=True)
    text: str = Field(max_length=200)
    order: int = 0


class AssetDocumentMedia(SQLModel, table=True):
    """A page of a document (what its lightbox shows)."""

    __tablename__ = "asset_document_media"
    id: int = Field(default=None, primary_key=True)
    document_id: int = Field(foreign_key="asset_documents.id", ondelete="CASCADE", index=True)
    file: str = Field(max_length=512)
    type: str = Field(max_length=16)
    order: int = 0


class AssetDetailCategory(SQLModel, table=True):
    __tablename__ = "asset_detail_categories"
    id: int = Field(default=None, primary_key=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=100)
    order: int = 0


class AssetDetail(SQLModel, table=True):
    """One name/value line of a detail category."""

    __tablename__ = "asset_details"
    id: int = Field(default=None, primary_key=True)
    category_id: int = Field(foreign_key="asset_detail_categories.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=100)
    value: str = Field(max_length=200)
    order: int = 0


class AssetTimelineItem(SQLModel, table=True):
    __tablename__ = "asset_timeline_items"
    id: int = Field(default=None, primary_key=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE", index=True)
    date: date
    text: str = Field(max_length=300)


class AssetValuePoint(SQLModel, table=True):
    """A similar asset's sale: the Graph slide's history before the asset trades."""

    __tablename__ = "asset_value_points"
    __table_args__ = (UniqueConstraint("asset_id", "date"),)
    id: int = Field(default=None, primary_key=True)
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE", index=True)
    date: date
    value: Decimal = money()


class AssetQuote(SQLModel, table=True):
    __tablename__ = "asset_quotes"
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE", primary_key=True)
    quote: str = text()
    author: str = Field(max_length=100)
    author_image: str = Field(max_length=512)
    author_description: str = Field(max_length=200)
    background_image: str = Field(max_length=512)
