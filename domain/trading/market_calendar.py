"""Live trading windows: weekdays 10:30-16:30 US Eastern, excluding federal holidays (spec doc 1 §1, doc 3 §9).

Holidays come from the maintained ``holidays`` library: ``country_holidays("US")`` (the federal calendar, 5 U.S.C. 6103,
with its observed-day rules), not ``holidays.financial_holidays("NYSE")``: the spec says *federal* holidays, which
include Columbus Day and Veterans Day (the NYSE trades on them) and exclude Good Friday (the NYSE closes).
A holiday on a Saturday is observed on the Friday before, a Sunday one on the Monday after; that Friday may
fall in the previous year (New Year's Day 2022 was a Saturday: Friday 2021-12-31 was the observed holiday), so a
year's holidays are read from that year's and the next year's calendars.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

import holidays

EASTERN = ZoneInfo("America/New_York")
OPENS = time(10, 30)
CLOSES = time(16, 30)


@lru_cache(maxsize=64)
def _holidays(year: int) -> dict[date, str]:
    calendar = holidays.country_holidays("US", years=(year, year + 1), observed=True)
    return {d: str(name) for d, name in sorted(calendar.items()) if d.year == year}


def federal_holidays(year: int) -> dict[date, str]:
    """Every federal holiday and observed day falling in ``year`` (date -> name), in date order."""
    return dict(_holidays(year))


def is_trading_day(d: date) -> bool:
    return d.weekday() < 5 and d not in _holidays(d.year)


@dataclass(frozen=True)
class Window:
    day: date
    opens: datetime
    closes: datetime


def window_on(d: date) -> Window:
    return Window(d, datetime.combine(d, OPENS, EASTERN), datetime.combine(d, CLOSES, EASTERN))


def is_live(now: datetime) -> bool:
    local = now.astimezone(EASTERN)
    return is_trading_day(local.date()) and OPENS <= local.time() < CLOSES


def upcoming_windows(now: datetime, count: int) -> list[Window]:
    """The current (if still open) and next trading windows."""
    day = now.astimezone(EASTERN).date()
    out: list[Window] = []
    while len(out) < count:
        if is_trading_day(day):
            w = window_on(day)
            if w.closes > now:
                out.append(w)
        day += timedelta(days=1)
    return out


def previous_window(now: datetime) -> Window:
    """The last trading window that closed at or before ``now``."""
    day = now.astimezone(EASTERN).date()
    while True:
        if is_trading_day(day):
            w = window_on(day)
            if w.closes <= now:
                return w
        day -= timedelta(days=1)
