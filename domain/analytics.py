"""The analytics names the app may record (spec doc 3 §2.1: each asset-detail slide's tracked view name; doc 2: the
transfer, the promo code, the order entry and the agreement view and signing; doc 3 §4.8: a transfer's success). The
one list: the api's schema carries it as an enum (`AnalyticsName`) and the frontend's generated client types its
`track` / `trackView` calls with it. A record holds the name, its kind and who and when: never free text or amounts."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum


class AnalyticsName(StrEnum):
    # views: the asset page's six slides (frontend/src/features/assets/assetPage.ts), the subscription agreement
    ASSET_MAIN = "Asset Detail - Main"
    ASSET_GRAPH = "Asset Detail - Value Chart"
    ASSET_QUOTE = "Asset Detail - Quote"
    ASSET_DESCRIPTION = "Asset Detail - Story"
    ASSET_MEDIA = "Asset Detail - Visuals"
    ASSET_TIMELINE = "Asset Detail - Timeline"
    AGREEMENT = "Agreement"
    # events
    DEPOSIT = "Transfer Deposit"
    WITHDRAWAL = "Transfer Withdrawal"
    PROMO_CODE = "Promo Code Applied"
    ORDER_PLACED = "Order Placed"
    AGREEMENT_SIGNED = "Agreement Signed"


VIEWS: frozenset[AnalyticsName] = frozenset({
    AnalyticsName.ASSET_MAIN, AnalyticsName.ASSET_GRAPH, AnalyticsName.ASSET_QUOTE, AnalyticsName.ASSET_DESCRIPTION,
    AnalyticsName.ASSET_MEDIA, AnalyticsName.ASSET_TIMELINE, AnalyticsName.AGREEMENT,
})
EARLIEST, LATEST = datetime(2000, 1, 1, tzinfo=UTC), datetime(2100, 1, 1, tzinfo=UTC)
BAD_TIME = "The client time must fall between the years 2000 and 2099."
ARTICLED = {"view": "a view", "event": "an event"}
MAX_BATCH = 50  # records per call; the frontend sends fewer (frontend/src/api/analytics.ts)


def kind_of(name: AnalyticsName) -> str:
    """'view' for a screen shown, 'event' for something done."""
    return "view" if name in VIEWS else "event"


def kind_error(kind: str, name: AnalyticsName) -> str | None:
    """A record whose kind is not its name's: refused with this message."""
    right = kind_of(name)
    return None if kind == right else f"'{name.value}' is recorded as {ARTICLED[right]}, not as {ARTICLED.get(kind, kind)}."


def client_time_error(at: datetime | None) -> str | None:
    """A client's clock may say anything; a time far off is refused (and never reaches the database's range)."""
    return None if at is None or EARLIEST <= at < LATEST else BAD_TIME
