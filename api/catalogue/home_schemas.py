"""What GET /api/client-screens/home answers (spec doc 3 §2.4, doc 1 §7): the sections ops edit (banners, highlight
heroes, carousels), the features the screen reads and the assets the sections name. Documented models: the JSON is
built once per catalogue snapshot and served as it is (api/catalogue/home.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.catalogue.schemas import AssetOut
from api.openapi_docs import Documented


class CallToActionOut(Documented):
    text: str
    enabled: bool
    referenceType: Literal["LINK", "ASSET"]
    url: str | None = Field(description="The link a LINK call to action opens")
    assetId: int | None = Field(description="The asset an ASSET call to action opens")


class BannerOut(Documented):
    id: int
    header: str
    subheader: str = Field(description="A closed banner shows again when this text changes")
    callToAction: CallToActionOut
    imageLink: str
    assetId: int | None


class HighlightOut(Documented):
    assetId: int
    heroText: str = Field(description="'Initial Offering Now Open', 'Trading Now — Act Fast!' or 'Accepting Orders Now!'")
    progressText: str | None = Field(description="An open offering's percent funded or remaining, or 'SOLD OUT'")


class CarouselOut(Documented):
    id: int
    title: str
    assetIds: list[int]


class HomeSectionsOut(Documented):
    banners: list[BannerOut]
    highlights: list[HighlightOut]
    carousels: list[CarouselOut]


class CalendarFeatureOut(Documented):
    enabled: bool


class HomeFeaturesOut(Documented):
    calendar: CalendarFeatureOut
    atsCards: int = Field(description="The /app/ats introduction cards: 0 none, 1 all three, 2 post-only only")


class HomeScreenOut(Documented):
    sections: HomeSectionsOut
    features: HomeFeaturesOut
    assets: list[AssetOut] = Field(description="The assets the sections name, in catalogue order")
