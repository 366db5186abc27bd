"""The home screen's sections as ops edit them (spec doc 3 §2.4): banners, highlight heroes, carousels and the
feature flags the screen reads. `position` orders each kind; `enabled` hides a row without deleting it; `key` names
a row so the demo seed stays idempotent and never overwrites what ops changed."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, CheckConstraint
from sqlmodel import Field, SQLModel

from store.columns import touched

LINK = "LINK"
ASSET = "ASSET"


class _Section(SQLModel):
    """What every kind of section has: its key, its place, whether it shows and when it last changed."""

    id: int = Field(default=None, primary_key=True)
    key: str = Field(max_length=64, unique=True)
    position: int = 0
    enabled: bool = True
    modified: datetime = touched(nullable=False)


class HomeBanner(_Section, table=True):
    """A banner: header, subheader, a call to action that opens a link (LINK, `cta_url`) or an asset (ASSET,
    `cta_asset_id`), an image link; `asset_id` the asset the banner is about, if any."""

    __tablename__ = "home_banners"
    __table_args__ = (
        CheckConstraint("cta_reference_type IN ('LINK', 'ASSET')", name="ck_home_banners_reference_type"),
        CheckConstraint("(cta_reference_type = 'LINK' AND cta_url IS NOT NULL) OR "
                        "(cta_reference_type = 'ASSET' AND cta_asset_id IS NOT NULL)", name="ck_home_banners_target"),
    )
    header: str = Field(max_length=128)
    subheader: str = Field(max_length=256)
    cta_text: str = Field(max_length=64)
    cta_enabled: bool = True
    cta_reference_type: str = Field(max_length=8)
    cta_url: str | None = Field(default=None, max_length=512)
    cta_asset_id: int | None = Field(default=None, foreign_key="assets.id", ondelete="CASCADE")
    image_link: str = Field(max_length=512)
    asset_id: int | None = Field(default=None, foreign_key="assets.id", ondelete="CASCADE")


class HomeHighlight(_Section, table=True):
    """A highlight hero: one asset, its hero and progress texts derived from its state (domain/home_sections.py)."""

    __tablename__ = "home_highlights"
    asset_id: int = Field(foreign_key="assets.id", ondelete="CASCADE")


class HomeCarousel(_Section, table=True):
    """A titled carousel of assets, in the order of `asset_ids`."""

    __tablename__ = "home_carousels"
    title: str = Field(max_length=128)
    asset_ids: list[int] = Field(default_factory=list, sa_type=JSON)


class FeatureFlag(SQLModel, table=True):
    """A screen feature ops switch on or off (`calendar`: the home screen's link to the investments calendar)."""

    __tablename__ = "feature_flags"
    name: str = Field(primary_key=True, max_length=64)
    enabled: bool = False
