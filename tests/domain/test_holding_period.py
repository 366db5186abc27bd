"""The 5-business-day holding period on the market calendar (weekends, federal holidays)."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from domain.holding_period import (
    Lot,
    add_business_days,
    aged_units,
    business_days_between,
    is_alienable,
    remaining_lots,
    sellable_from,
)
from domain.trading.market_calendar import is_trading_day

MON = date(2026, 11, 16)
THANKSGIVING = date(2026, 11, 26)
days = st.dates(min_value=date(2024, 1, 1), max_value=date(2030, 12, 31))


def test_a_monday_lot_is_sellable_the_next_monday() -> None:
    assert sellable_from(MON) == date(2026, 11, 23)
    assert not is_alienable(MON, date(2026, 11, 20))  # Friday: only 4 business days held
    assert is_alienable(MON, date(2026, 11, 23))


def test_a_federal_holiday_does_not_count() -> None:
    assert not is_trading_day(THANKSGIVING)
    # Tue 24, Wed 25, (Thanksgiving), Fri 27, Mon 30, Tue Dec 1
    assert sellable_from(date(2026, 11, 23)) == date(2026, 12, 1)
    assert business_days_between(date(2026, 11, 23), date(2026, 11, 30)) == 4


def test_a_weekend_lot_counts_from_the_next_business_day() -> None:
    assert sellable_from(date(2026, 11, 21)) == date(2026, 11, 30)  # Saturday before Thanksgiving week
    assert add_business_days(date(2026, 11, 21), 0) == date(2026, 11, 21)


@given(days, st.integers(min_value=0, max_value=30))
def test_business_days_between_inverts_add_business_days(start: date, n: int) -> None:
    end = add_business_days(start, n)
    assert business_days_between(start, end) == n
    assert n == 0 or is_trading_day(end)


@given(days, days)
def test_alienable_exactly_after_five_business_days(acquired: date, today: date) -> None:
    assert is_alienable(acquired, today) == (business_days_between(acquired, today) >= 5)


def test_aged_units_only_counts_old_lots() -> None:
    lots = [Lot(3, date(2026, 11, 2)), Lot(4, date(2026, 11, 20))]
    assert aged_units(lots, date(2026, 11, 23)) == 3
    assert aged_units(lots, date(2026, 11, 30)) == 7


def test_sold_units_leave_the_oldest_lots_first() -> None:
    acquisitions = [Lot(4, date(2026, 11, 20)), Lot(3, date(2026, 11, 2)), Lot(5, date(2026, 10, 1))]
    assert remaining_lots(acquisitions, 12) == sorted(acquisitions, key=lambda x: x.acquired)
    assert remaining_lots(acquisitions, 6) == [Lot(2, date(2026, 11, 2)), Lot(4, date(2026, 11, 20))]
    assert remaining_lots(acquisitions, 0) == []


@given(st.lists(st.tuples(st.integers(1, 50), st.integers(0, 60)), max_size=8), st.data())
def test_fifo_keeps_units_and_the_youngest_lots(raw: list[tuple[int, int]], data: st.DataObject) -> None:
    acquisitions = [Lot(u, MON - timedelta(days=d)) for u, d in raw]
    total = sum(lot.units for lot in acquisitions)
    owned = data.draw(st.integers(0, total))
    left = remaining_lots(acquisitions, owned)
    assert sum(lot.units for lot in left) == owned
    if left:  # every lot younger than the oldest one left is kept whole
        oldest = min(lot.acquired for lot in left)
        younger = sum(lot.units for lot in acquisitions if lot.acquired > oldest)
        assert younger == sum(lot.units for lot in left if lot.acquired > oldest)
