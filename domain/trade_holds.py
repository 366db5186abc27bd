"""What an order must hold (spec doc 3 §3, ARCHITECTURE "The secondary market"): a bid holds units x limit price of
cash, an ask holds its units; a fill consumes part of it; an edit holds the larger of the old and new terms while
the ATS has not answered. Pure: the store posts the difference between what is held and what is required.

Units are the order's TOTAL units, filled ones included, as the ATS counts them (a replace gives a new total)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from domain.money import money
from domain.order_rules import BID, Side


class Overfill(Exception):
    """A fill of more units than the order has open: the ATS and Vitrine disagree; nothing is posted."""


@dataclass(frozen=True)
class HoldTerms:
    side: Side
    units: int
    filled: int
    unit_price: Decimal
    pending_units: int | None = None
    pending_price: Decimal | None = None

    def versions(self) -> list[tuple[int, Decimal]]:
        out = [(self.units, self.unit_price)]
        if self.pending_units is not None and self.pending_price is not None:
            out.append((self.pending_units, self.pending_price))
        return out

    @property
    def unfilled(self) -> int:
        """The most units either version of the order may still fill."""
        return max(max(0, units - self.filled) for units, _ in self.versions())

    @property
    def open_units(self) -> int:
        """Units still open under the current (accepted) terms."""
        return max(0, self.units - self.filled)

    @property
    def cash_required(self) -> Decimal:
        if self.side != BID:
            return Decimal("0.00")
        return max(money(max(0, units - self.filled) * price) for units, price in self.versions())

    @property
    def units_required(self) -> int:
        return 0 if self.side == BID else self.unfilled

    @property
    def done(self) -> bool:
        return self.unfilled == 0 and self.pending_units is None


def fill(t: HoldTerms, units: int) -> HoldTerms:
    if units <= 0 or units > t.unfilled:
        raise Overfill(f"fill of {units} units with {t.unfilled} open")
    return replace(t, filled=t.filled + units)


def begin_edit(t: HoldTerms, units: int, unit_price: Decimal) -> HoldTerms:
    return replace(t, pending_units=units, pending_price=unit_price)


def end_edit(t: HoldTerms, applied: bool) -> HoldTerms:
    if applied and t.pending_units is not None and t.pending_price is not None:
        return replace(t, units=t.pending_units, unit_price=t.pending_price, pending_units=None, pending_price=None)
    return replace(t, pending_units=None, pending_price=None)
