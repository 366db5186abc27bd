from __future__ import annotations

from datetime import UTC, date, datetime

from domain.trading.market_calendar import (
    EASTERN,
    federal_holidays,
    is_live,
    is_trading_day,
    previous_window,
    upcoming_windows,
)


def test_an_observed_friday_before_a_saturday_new_year_is_a_holiday() -> None:
    # New Year's Day 2022 was a Saturday: the federal holiday was observed on Friday 2021-12-31.
    assert date(2021, 12, 31) in federal_holidays(2021)
    assert not is_trading_day(date(2021, 12, 31))
    assert date(2022, 1, 1) not in federal_holidays(2021)


def test_federal_not_exchange_holidays() -> None:
    assert not is_trading_day(date(2026, 10, 12))  # Columbus Day: federal (the NYSE trades)
    assert not is_trading_day(date(2026, 11, 11))  # Veterans Day
    assert is_trading_day(date(2026, 4, 3))  # Good Friday: the NYSE closes, not a federal holiday
    assert not is_trading_day(date(2026, 6, 19))  # Juneteenth
    assert not is_trading_day(date(2026, 7, 3))  # July 4th 2026 is a Saturday: observed Friday the 3rd
    assert not is_trading_day(date(2026, 11, 28)) and not is_trading_day(date(2026, 11, 29))  # a weekend


def test_live_hours_are_eastern_and_follow_daylight_saving() -> None:
    assert is_live(datetime(2026, 11, 24, 15, 30, tzinfo=UTC))  # 10:30 EST
    assert not is_live(datetime(2026, 11, 24, 15, 29, tzinfo=UTC))
    assert is_live(datetime(2026, 7, 7, 14, 30, tzinfo=UTC))  # 10:30 EDT
    assert not is_live(datetime(2026, 7, 7, 20, 30, tzinfo=UTC))  # 16:30 EDT: closed


def test_upcoming_and_previous_windows_skip_holidays_and_weekends() -> None:
    friday_evening = datetime(2021, 12, 30, 17, 0, tzinfo=EASTERN)  # Thursday after the close
    nxt = upcoming_windows(friday_evening, 1)[0]
    assert nxt.day == date(2022, 1, 3)  # not Friday 12-31 (observed holiday), not the weekend
    assert previous_window(datetime(2022, 1, 3, 9, 0, tzinfo=EASTERN)).day == date(2021, 12, 30)
