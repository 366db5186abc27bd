"""The 5-business-day holding period before shares may be resold (spec doc 3 §1, §6, §9), on the market calendar.

A lot acquired on day `d` (the New York date it settled) becomes alienable on the 5th business day after `d`:
bought on a Monday, sellable from the next Monday; bought on a Saturday, sellable from the second Friday after.
Business days are the market calendar's trading days (weekdays without federal holidays and observed days)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from domain.trading.market_calendar import is_trading_day

HOLDING_BUSINESS_DAYS = 5


@dataclass(frozen=True)
class Lot:
    """Shares of one instrument the investor owns, by the date they were acquired."""

    units: int
    acquired: date


def add_business_days(start: date, n: int) -> date:
    """The n-th business day after `start` (n >= 0; n = 0 gives `start` itself)."""
    if n < 0:
        raise ValueError("n must not be negative")
    day, left = start, n
    while left:
        day += timedelta(days=1)
        if is_trading_day(day):
            left -= 1
    return day


def business_days_between(start: date, end: date) -> int:
    """How many business days fall in (start, end]; 0 when end <= start."""
    count, day = 0, start
    while day < end:
        day += timedelta(days=1)
        if is_trading_day(day):
            count += 1
    return count


def sellable_from(acquired: date) -> date:
    return add_business_days(acquired, HOLDING_BUSINESS_DAYS)


def is_alienable(acquired: date, today: date) -> bool:
    return sellable_from(acquired) <= today


def aged_units(lots: tuple[Lot, ...] | list[Lot], today: date) -> int:
    """Units of the lots held long enough to be sold today (open asks not yet deducted)."""
    return sum(lot.units for lot in lots if is_alienable(lot.acquired, today))


def remaining_lots(acquisitions: list[Lot], owned: int) -> list[Lot]:
    """The lots still owned when `owned` units are left of `acquisitions`: what left went out oldest first
    (first in, first out). Only aged units can leave, so the young lots are always kept whole."""
    gone = sum(lot.units for lot in acquisitions) - owned
    if gone < 0:
        raise ValueError("more units owned than ever acquired")
    out: list[Lot] = []
    for lot in sorted(acquisitions, key=lambda x: x.acquired):
        take = min(gone, lot.units)
        gone -= take
        if lot.units - take:
            out.append(Lot(lot.units - take, lot.acquired))
    return out
