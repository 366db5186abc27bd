"""When trading sessions happen: the market calendar, or a compressed repeating demo session.

A *session* is one trading day of an instrument's window: SCHEDULED (post-only) until ``opens_at``, OPEN until
``closes_at``, CONFIRMATION until ``confirm_until``, then CLOSED. Orders placed after a close rest for the next
session, so one session's CONFIRMATION overlaps the next one's SCHEDULED phase. Pure: times are epoch seconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from domain.trading.market_calendar import EASTERN, previous_window, upcoming_windows

CALENDAR, DEMO = "calendar", "demo"


@dataclass(frozen=True)
class Session:
    key: str  # part of the window id: the New York date (20261123) or the demo session number (d1234567)
    opens_at: float
    closes_at: float
    confirm_until: float


@dataclass(frozen=True)
class SessionHours:
    """The spec's sessionHours: the current (or next) session, the next open after now and the last close."""

    date_open: float
    date_close: float
    next_date_open: float
    last_date_close: float


class Schedule(Protocol):
    @property
    def name(self) -> str: ...

    def current(self, now: float) -> Session:
        """The session orders placed at ``now`` belong to: the first one that has not closed yet."""
        ...

    def previous(self, now: float) -> Session:
        """The last session that closed at or before ``now``."""
        ...

    def following(self, session: Session) -> Session:
        """The session after ``session``."""
        ...


def hours(schedule: Schedule, now: float) -> SessionHours:
    cur = schedule.current(now)
    nxt = cur.opens_at if cur.opens_at > now else schedule.following(cur).opens_at
    return SessionHours(cur.opens_at, cur.closes_at, nxt, schedule.previous(now).closes_at)


@dataclass(frozen=True)
class CalendarSchedule:
    """Weekdays 10:30-16:30 America/New_York without federal holidays; CONFIRMATION for a fixed time after the close."""

    confirmation_seconds: float
    name: str = CALENDAR

    def _session(self, opens: datetime, closes: datetime) -> Session:
        key = opens.astimezone(EASTERN).strftime("%Y%m%d")
        return Session(key, opens.timestamp(), closes.timestamp(), closes.timestamp() + self.confirmation_seconds)

    def current(self, now: float) -> Session:
        w = upcoming_windows(datetime.fromtimestamp(now, UTC), 1)[0]
        return self._session(w.opens, w.closes)

    def previous(self, now: float) -> Session:
        w = previous_window(datetime.fromtimestamp(now, UTC))
        return self._session(w.opens, w.closes)

    def following(self, session: Session) -> Session:
        return self.current(session.closes_at)


@dataclass(frozen=True)
class DemoSchedule:
    """Session k spans [k*cycle, (k+1)*cycle): post-only for ``post_only`` seconds, then OPEN for ``open`` seconds.

    Sessions are numbered from the Unix epoch, so a restarted process finds the same sessions.
    """

    post_only: float
    open: float
    confirmation: float
    name: str = DEMO

    @property
    def cycle(self) -> float:
        return self.post_only + self.open

    def _session(self, k: int) -> Session:
        start = k * self.cycle
        closes = start + self.cycle
        return Session(f"d{k}", start + self.post_only, closes, closes + self.confirmation)

    def current(self, now: float) -> Session:
        return self._session(math.floor(now / self.cycle))

    def previous(self, now: float) -> Session:
        return self._session(math.floor(now / self.cycle) - 1)

    def following(self, session: Session) -> Session:
        return self._session(int(session.key[1:]) + 1)
