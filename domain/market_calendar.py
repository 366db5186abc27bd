"""Live trading windows: weekdays 10:30-16:30 US Eastern, excluding federal holidays (spec doc 1 §1)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

EASTERN = ZoneInfo("America/New_York")
OPENS = time(10, 30)
CLOSES = time(16, 30)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def _last_weekday(year: int, month: int, weekday: int) -> date:
    nxt = date(year + month // 12, month % 12 + 1, 1)
    last = nxt - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _observed(d: date) -> date:
    if d.weekday() == 5:
        return d - timedelta(days=1)
    if d.weekday() == 6:
        return d + timedelta(days=1)
    return d


def federal_holidays(year: int) -> dict[date, str]:
    mon, thu = 0, 3
    days = {
        _observed(date(year, 1, 1)): "New Year's Day",
        _nth_weekday(year, 1, mon, 3): "Martin Luther King Jr. Day",
        _nth_weekday(year, 2, mon, 3): "Washington's Birthday",
        _last_weekday(year, 5, mon): "Memorial Day",
        _observed(date(year, 6, 19)): "Juneteenth",
        _observed(date(year, 7, 4)): "Independence Day",
        _nth_weekday(year, 9, mon, 1): "Labor Day",
        _nth_weekday(year, 10, mon, 2): "Columbus Day",
        _observed(date(year, 11, 11)): "Veterans Day",
        _nth_weekday(year, 11, thu, 4): "Thanksgiving Day",
        _observed(date(year, 12, 25)): "Christmas Day",
    }
    return days


def is_trading_day(d: date) -> bool:
    return d.weekday() < 5 and d not in federal_holidays(d.year)


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
