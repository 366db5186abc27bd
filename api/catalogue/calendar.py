"""The trading calendar's buckets (domain/investments_calendar.py) for the catalogue as a caller sees it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from api.catalogue.schemas import CalendarOut
from domain.investments_calendar import CalendarAsset, buckets


def _moment(value: object) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        return datetime.fromisoformat(value)
    return None


def _asset(a: dict[str, Any]) -> CalendarAsset:
    window = (a.get("trading") or {}).get("current_trading_window") or {}
    return CalendarAsset(id=int(a["id"]), ticker=str(a["ticker"]), status=str(a["asset_status"]),
                         progress=int(a.get("progress_bar") or 0), session_start=_moment(window.get("opens_at")),
                         session_close=_moment(window.get("closes_at")), offering_starts=_moment(a.get("offering_starts")))


def calendar_of(items: list[dict[str, Any]], now: datetime) -> CalendarOut:
    c = buckets((_asset(a) for a in items if not a.get("is_exited")), now)
    return CalendarOut(live=c.live, postOnly=c.post_only, ioComingSoon=c.io_coming_soon, ioAvailable=c.io_available)
