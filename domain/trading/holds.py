"""What an order must hold (spec doc 3 §3, ARCHITECTURE "The secondary market"): a bid holds units x limit price of
cash, an ask holds its units; a fill consumes part of it; an edit holds the larger of the old and new terms while
the ATS has not answered. Pure: the store posts the difference between what is held and what is required.

Units are the order's TOTAL units, filled ones included, as the ATS counts them (a replace gives a new total).

Once the ATS reports it, the hold also knows (issue 30): the order's end (`ended`: it will never fill beyond the units
filled then, so the unfilled rest needs nothing) and the executions not posted yet (`reported`: each needs exactly
what it costs at its own price, a voided one nothing). What is held is always what is still required, so a cancel
gives the unfilled rest back at once and a bid filled below its limit the difference, before settlement."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from domain.money import money
from domain.trading.order_rules import BID, Side


class Overfill(Exception):
    """A fill of more units than the order has open: the ATS and Vitrine disagree; nothing is posted."""


@dataclass(frozen=True)
class Reported:
    """An execution of the order the ATS reported and the ledger has not posted yet."""

    units: int
    unit_price: Decimal
    voided: bool = False  # never settles; its units stay filled at the ATS, so they never fill again either


@dataclass(frozen=True)
class HoldTerms:
    side: Side
    units: int
    filled: int  # units posted (settled executions)
    unit_price: Decimal
    pending_units: int | None = None
    pending_price: Decimal | None = None
    ended: int | None = None  # the ATS ended the order with this many units filled (a cancel, an expiry, an IOC's end)
    reported: tuple[Reported, ...] = ()

    def versions(self) -> list[tuple[int, Decimal]]:
        if self.ended is not None:  # no edit applies to an ended order
            return [(self.ended, self.unit_price)]
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
        return max(0, self.versions()[0][0] - self.filled)

    def _at_limit(self) -> list[tuple[int, Decimal]]:
        """Per version, the units no reported execution covers: held at that version's limit."""
        covered = sum(x.units for x in self.reported)
        return [(max(0, units - self.filled - covered), price) for units, price in self.versions()]

    @property
    def cash_required(self) -> Decimal:
        if self.side != BID:
            return Decimal("0.00")
        executions = sum((money(x.units * x.unit_price) for x in self.reported if not x.voided), Decimal("0.00"))
        return executions + max(money(units * price) for units, price in self._at_limit())

    @property
    def units_required(self) -> int:
        if self.side == BID:
            return 0
        return sum(x.units for x in self.reported if not x.voided) + max(units for units, _ in self._at_limit())

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
