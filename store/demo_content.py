"""The demo assets' page content (issue 21): every demo asset gets its gallery (the drawn images and a video link),
two documents, two detail categories, a timeline, five years of similar-asset sales, a quote, its offering PDF, a
Snap link and an investor count. Deterministic: made from the asset's own figures, no randomness."""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from domain.art import LABELS
from store.demo_assets import DemoAsset

VIDEO = "https://www.youtube.com/embed/{code}"
VIDEOS = ("aqz-KE-bpKQ", "ScMzIvxBSi4", "LXb3EKWsInQ")
QUOTES: dict[str, tuple[str, str, str]] = {
    "cars": ("A great car is a rolling work of art.", "Enzo Ferrari", "Founder of Scuderia Ferrari"),
    "history": ("The past is never dead. It's not even past.", "William Faulkner", "Novelist"),
    "art": ("Stories are how we remember.", "Stan Lee", "Writer and editor"),
    "watches": ("You never actually own a fine watch; you merely look after it for the next generation.",
                "Collector's adage", "Horology"),
    "wine-spirits": ("Wine is bottled poetry.", "Robert Louis Stevenson", "Novelist"),
}


@dataclass(frozen=True)
class Media:
    file: str
    type: str
    order: int
    thumbnail: str | None = None


@dataclass(frozen=True)
class Document:
    text: str
    media: tuple[Media, ...]


@dataclass(frozen=True)
class Content:
    pdf: str
    snapchat_deeplink_url: str
    investor_count: int
    media: tuple[Media, ...]
    documents: tuple[Document, ...]
    categories: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    timeline: tuple[tuple[date, str], ...]
    value_points: tuple[tuple[date, Decimal], ...]
    quote: tuple[str, str, str, str, str]  # quote, author, author image, author description, background image


def pdf_url(asset_id: int) -> str:
    return f"/media/assets/{asset_id}/offering.pdf"


def value_points(d: DemoAsset, today: date, months: int = 60) -> tuple[tuple[date, Decimal], ...]:
    """Monthly similar-asset sales over five years, rising to the asset's value with a wobble seeded by the ticker,
    plus weekly ones over the last three months (so the 1M and 3M ranges have points too)."""
    seed = zlib.crc32(d.ticker.encode()) % 628 / 100
    days = sorted({*(today - timedelta(days=30 * m) for m in range(months, -1, -1)),
                   *(today - timedelta(days=7 * w) for w in range(13, 0, -1))})
    span = (today - days[0]).days
    points = []
    for day in days:
        t = 1 - (today - day).days / span
        factor = Decimal(str(round((0.55 + 0.45 * t) * (1 + 0.05 * math.sin(seed + 14 * t)), 4)))
        points.append((day, (d.value_decimal * factor).quantize(Decimal("0.01"))))
    return tuple(points)


def content_of(d: DemoAsset, asset_id: int, now: datetime) -> Content:
    portal, home = f"/media/assets/{asset_id}/portal.svg", f"/media/assets/{asset_id}/home.svg"
    crc = zlib.crc32(d.ticker.encode())
    sold = d.shares * d.sold_pct // 100
    label = LABELS.get(d.category, d.category.upper())
    today = now.date()
    quote, author, about = QUOTES.get(d.category, QUOTES["history"])
    return Content(
        pdf=pdf_url(asset_id),
        snapchat_deeplink_url=f"https://www.snapchat.com/unlock/?type=SNAPCODE&uuid={crc:08x}vitrine",
        investor_count=max(0, sold // 12 + (crc % 40 if sold else 0)),
        media=(Media(portal, "image", 1), Media(home, "image", 2),
               Media(VIDEO.format(code=VIDEOS[crc % len(VIDEOS)]), "video", 3, thumbnail=home)),
        documents=(Document("Certificate of Authenticity", (Media(portal, "image", 1),)),
                   Document("Condition Report", (Media(home, "image", 1), Media(portal, "image", 2)))),
        categories=(("Overview", (("Name", d.name), ("Ticker", d.ticker), ("Category", label))),
                    ("Offering", (("Asset value", f"${d.value_decimal:,.2f}"), ("Shares", f"{d.shares:,}"),
                                  ("Price per share", f"${d.value_decimal / d.shares:,.2f}")))),
        timeline=((today - timedelta(days=3650 + crc % 2000), f"{d.short} changes hands at a private sale."),
                  (today - timedelta(days=900 + crc % 300), f"{d.short} is inspected and authenticated."),
                  (today - timedelta(days=200), f"Vitrine acquires {d.short}."),
                  (today - timedelta(days=60), f"{d.ticker} is announced on Vitrine.")),
        value_points=value_points(d, today),
        quote=(quote, author, home, about, portal),
    )
