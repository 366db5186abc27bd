"""What an investor holds of one financial instrument, and the gain or loss, from its fills (spec doc 3 §3
Investment's per-instrument display, §4.11 lists; document 3 §3 Gain/loss) — pure, Decimal and exact.

A fill is a buy (an offering purchase, a filled bid, a lot given without a trade) or a sell (a filled ask), in
the order they happened. The method is the **average cost of the shares still held** (moving average): a buy adds
its cost to the cost basis; a sell takes out the basis of the shares it sold at the average cost of the moment
(so the average cost of what is left does not change) and realizes proceeds minus that basis; once every share
is sold the basis is zero and the next buy starts afresh. The arithmetic runs on exact fractions; only the
figures shown are rounded to the cent, and the shown gain/loss is the shown current value minus the shown cost
basis (never off by a rounding). An offering purchase costs its gross price (a gift code's part included).

The current price is the last trade's, or the offering price before any trade (`current_price`). The all-time
gain/loss of an account (`all_time`) is what every share ever bought became — the current value of those held plus
the proceeds of those sold — minus what they cost: exact in cents, no rounding.

Groups sort by their last activity, newest first; groups whose shares are all sold are not listed as holdings;
an exited asset's group is listed apart (its shares were bought out)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Literal

from domain.money import CENT, money

Side = Literal["BUY", "SELL"]
ZERO = Decimal("0.00")
HUNDRED = Decimal(100)


class Oversold(ValueError):
    """A sell of more shares than are held at that moment."""


@dataclass(frozen=True)
class Fill:
    side: Side
    units: int
    unit_price: Decimal
    at: datetime


@dataclass(frozen=True)
class Holding:
    """One financial instrument's figures as a person sees them (money rounded to the cent)."""

    shares: int
    shares_bought: int
    shares_sold: int
    bought_total: Decimal
    sold_total: Decimal
    average_cost: Decimal  # of the shares still held; 0.00 when none
    cost_basis: Decimal
    current_price: Decimal
    current_value: Decimal
    gain_loss: Decimal  # current value - cost basis
    gain_loss_percent: Decimal | None  # of the cost basis; None when the basis is 0
    realized: Decimal  # proceeds of the sells - the basis they took out
    last_activity: datetime | None


@dataclass(frozen=True)
class AllTime:
    amount: Decimal
    percentage: Decimal | None  # of everything bought; None when nothing was bought


def current_price(last_trade: Decimal | None, offering_price: Decimal) -> Decimal:
    """The last trade's price, or the offering price before any trade."""
    return money(last_trade if last_trade is not None and last_trade > 0 else offering_price)


def _cents(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(CENT, rounding=ROUND_HALF_UP)


def percent(part: Decimal, whole: Decimal) -> Decimal | None:
    """`part` as a percentage of `whole`, 2 decimals; None when `whole` is 0."""
    if whole == 0:
        return None
    return (part * HUNDRED / whole).quantize(CENT, rounding=ROUND_HALF_UP)


def holding(fills: Iterable[Fill], price: Decimal) -> Holding:
    """The figures after `fills` (in the order they happened) at the current `price`. Raises Oversold."""
    shares = bought = sold = 0
    bought_total = sold_total = ZERO
    basis = realized = Fraction(0)
    last: datetime | None = None
    for f in fills:
        cost = Fraction(f.unit_price) * f.units
        if f.side == "BUY":
            shares, bought, bought_total = shares + f.units, bought + f.units, bought_total + money(f.units * f.unit_price)
            basis += cost
        else:
            if f.units > shares:
                raise Oversold(f"sell of {f.units} with {shares} held")
            taken = basis * f.units / shares
            basis -= taken
            realized += cost - taken
            shares, sold, sold_total = shares - f.units, sold + f.units, sold_total + money(f.units * f.unit_price)
        last = f.at if last is None or f.at > last else last
    price = money(price)
    cost_basis = _cents(basis)
    value = money(shares * price)
    gain = value - cost_basis
    return Holding(shares=shares, shares_bought=bought, shares_sold=sold, bought_total=bought_total,
                   sold_total=sold_total, average_cost=_cents(basis / shares) if shares else ZERO,
                   cost_basis=cost_basis, current_price=price, current_value=value, gain_loss=gain,
                   gain_loss_percent=percent(gain, cost_basis), realized=_cents(realized), last_activity=last)


def all_time(holdings: Iterable[Holding]) -> AllTime:
    """Current value of the shares held plus the proceeds of those sold, minus the cost of every share bought."""
    hs = list(holdings)
    bought = sum((h.bought_total for h in hs), ZERO)
    amount = sum((h.current_value + h.sold_total - h.bought_total for h in hs), ZERO)
    return AllTime(amount=amount, percentage=percent(amount, bought))


def by_last_activity(keyed: Sequence[tuple[int, Holding]]) -> list[tuple[int, Holding]]:
    """Newest activity first (ties: the higher key first, so the order is total)."""
    def key(kh: tuple[int, Holding]) -> tuple[float, int]:
        at = kh[1].last_activity
        return (at.timestamp() if at is not None else float("-inf"), kh[0])

    return sorted(keyed, key=key, reverse=True)
