"""What the catalogue reads answer (spec doc 1 §7 "Assets", doc 3 §3 financialInstrument and trading): the models
that document the JSON the catalogue builds once and serves as it is (api/catalogue.py, store/trading/market_state.py), so
the hot path keeps its shared snapshot and ETag. Every model forbids keys it does not name, so a test that
validates a real answer against it (tests/api/test_catalogue.py, test_catalogue_trading.py) fails on a key the
documentation does not have. A key that some answers leave out (a traded asset's fields) has a default factory: the
generated TypeScript reads it as optional, never null. An asset that never traded has the empty trading fields; a
traded asset has the ATS's (its window's times, the last window, best bid and ask, the price history)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

from api.openapi_docs import Documented
from api.trading.market_data import HistoryPoint, Pricing


class TradingWindowOut(Documented):
    id: str
    status: str
    remaining_value: int | None = None
    opens_at: str | None = None
    closes_at: str | None = None


class LastTradingWindowOut(Documented):
    id: str
    status: str
    closing_time: str | None = None
    closing_price: str | None = None


class AssetOrderBookOut(Documented):
    """The order book of an asset as its trading block shows it: best bid and ask for a traded asset (from the ATS);
    empty sides for the others."""

    bids: list[Any] = Field(default_factory=list)
    asks: list[Any] = Field(default_factory=list)
    bidHigh: str | None = None
    askLow: str | None = None


class HistoryPricingOut(Documented):
    """The issue and the latest closes (the whole history: .../pricing/history)."""

    financialInstrument: dict[str, Any]
    dataPoints: list[HistoryPoint]


class TradingOut(Documented):
    current_trading_window: TradingWindowOut | None
    last_trading_window: LastTradingWindowOut | None = None
    pricing: Pricing  # the market data's own pricing model (the pricing call answers it under `data`)
    historyPricing: list[Any] | HistoryPricingOut
    orderBook: AssetOrderBookOut


class SecondaryMarketOut(Documented):
    status: str
    enabled: bool = Field(default_factory=bool)
    sessionsStart: str | None = None
    sessionsFollowMarketHours: bool = Field(default_factory=bool)


class MarketsOut(Documented):
    secondaryMarket: SecondaryMarketOut


class SessionHoursOut(Documented):
    dateOpen: str | None = None
    dateClose: str | None = None
    nextDateOpen: str | None = None
    lastDateClose: str | None = None


class FinancialInstrumentOut(Documented):
    id: str
    markets: MarketsOut
    sessionHours: SessionHoursOut = Field(default_factory=SessionHoursOut)
    demoHours: bool = Field(default_factory=bool)


class AssetStatusOut(Documented):
    """The part of an asset that changes over its life: an item of the status change feed."""

    id: int
    asset_status: str
    progress_bar: int
    shares_sold: int
    shares_available: int
    is_exited: bool
    modified: datetime
    financialInstrument: FinancialInstrumentOut
    trading: TradingOut


class MerchandisingOut(Documented):
    enabled: bool
    merchants: list[dict[str, Any]]


class AssetOut(AssetStatusOut):
    ticker: str
    display_name: str
    short_name: str
    description: str
    category: str
    order: int
    asset_value: str
    number_of_shares: int
    max_share_investment: int | None
    ipo_price_per_share: str
    price_per_share: str
    portal_image: str
    home_image: str
    tertiary_color: str
    exited_date: datetime | None
    offering_starts: datetime | None
    offering_ends: datetime | None
    esign_template_id: str | None
    merchandising: MerchandisingOut


class MediaOut(Documented):
    """An image or a video link (`type` image or video), shown in `order`."""

    file: str
    type: str
    order: int
    thumbnail: str | None


class DocumentOut(Documented):
    id: int
    text: str
    document_media: list[MediaOut]


class DetailOut(Documented):
    id: int
    name: str
    value: str


class DetailCategoryOut(Documented):
    id: int
    name: str
    details: list[DetailOut]


class TimelineItemOut(Documented):
    date: str
    text: str


class ValuePointOut(Documented):
    """A similar asset's sale (the Graph slide's "SIMILAR ASSET SALES")."""

    date: str
    value: str


class QuoteOut(Documented):
    quote: str
    author: str
    author_image: str
    author_description: str
    background_image: str


class AssetDetailOut(AssetOut):
    """One asset as its page reads it: the catalogue's fields and its page content (only this read has them, so the
    catalogue list stays as small as it was)."""

    investor_count: int
    pdf: str
    snapchat_deeplink_url: str | None
    asset_media: list[MediaOut]
    document: list[DocumentOut]
    categories: list[DetailCategoryOut]
    timeline_items: list[TimelineItemOut]
    history_value_points: list[ValuePointOut]
    quote: QuoteOut | None


class AssetsOut(Documented):
    items: list[AssetOut]


class StatusChangesOut(Documented):
    items: list[AssetStatusOut]
    next_update_timestamp: int
    update_seconds_interval: int


class TradingWindowDayOut(Documented):
    date: str
    opens: str
    closes: str


class HolidayOut(Documented):
    date: str
    name: str


class CalendarOut(Documented):
    """The trading calendar's buckets (spec doc 3 §2.5): asset ids, each list in the order it shows."""

    live: list[int]
    postOnly: list[int]
    ioComingSoon: list[int]
    ioAvailable: list[int]


class TradingDatesOut(Documented):
    timezone: str
    windows: list[TradingWindowDayOut]
    holidays: list[HolidayOut]
    calendar: CalendarOut
