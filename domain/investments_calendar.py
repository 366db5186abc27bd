"""The trading calendar's buckets (spec doc 3 §2.5, §9): which assets trade now, which take orders before their
session, which offerings are coming and which are open — and in what order each list shows.

- Live: a traded asset within its session window: from the session's start (its window's opening) until the
  window closes, and never past the close of the 4th weekday counted from the start day.
- Trading (post-only): a traded asset whose session has not started yet (orders rest until the open), by the
  session's start, then ticker.
- IO coming soon: an offering not open yet, by the offering's start, then ticker.
- IO available: an open offering under 100 % funded, by the offering's start, then ticker.
Live trading is listed by ticker."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from domain.asset_status import COMING_SOON, OPEN_ICO, POST_ONLY, TRADING
from domain.trading.market_calendar import CLOSES, EASTERN

SESSION_WEEKDAYS = 4
FULL = 100  # percent funded: an offering at 100 % is sold out, not available
TRADED = frozenset({TRADING, POST_ONLY})
_LATEST = datetime.max.replace(tzinfo=EASTERN)  # an unknown start sorts last


@dataclass(frozen=True)
class CalendarAsset:
    id: int
    ticker: str
    status: str
    progress: int = 0  # percent funded (the progress bar)
    session_start: datetime | None = None  # the trading window's opening
    session_close: datetime | None = None  # the window's close, when the market says it (demo hours close sooner)
    offering_starts: datetime | None = None


@dataclass(frozen=True)
class Calendar:
    live: list[int] = field(default_factory=list)
    post_only: list[int] = field(default_factory=list)
    io_coming_soon: list[int] = field(default_factory=list)
    io_available: list[int] = field(default_factory=list)


def session_window_end(start: datetime) -> datetime:
    """The close (16:30 New York) of the 4th weekday counted from the start's day, the start day being the first."""
    day, counted = start.astimezone(EASTERN).date(), 0
    while True:
        if day.weekday() < 5:
            counted += 1
            if counted == SESSION_WEEKDAYS:
                return datetime.combine(day, CLOSES, EASTERN)
        day += timedelta(days=1)


def is_live(a: CalendarAsset, now: datetime) -> bool:
    if a.status not in TRADED or a.session_start is None or now < a.session_start:
        return False
    end = session_window_end(a.session_start)
    if a.session_close is not None:
        end = min(end, a.session_close)
    return now < end


def buckets(assets: Iterable[CalendarAsset], now: datetime) -> Calendar:
    items = list(assets)
    live = sorted((a for a in items if is_live(a, now)), key=lambda a: a.ticker)
    waiting = sorted((a for a in items if a.status in TRADED and a.session_start is not None and now < a.session_start),
                     key=lambda a: (a.session_start or _LATEST, a.ticker))

    def by_offering(a: CalendarAsset) -> tuple[datetime, str]:
        return a.offering_starts or _LATEST, a.ticker

    coming = sorted((a for a in items if a.status == COMING_SOON), key=by_offering)
    available = sorted((a for a in items if a.status == OPEN_ICO and a.progress < FULL), key=by_offering)
    return Calendar([a.id for a in live], [a.id for a in waiting], [a.id for a in coming], [a.id for a in available])
