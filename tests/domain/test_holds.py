"""What an open order must hold: a bid holds cash, an ask holds units; fills consume it; an edit holds the larger."""

from __future__ import annotations

from decimal import Decimal

import pytest

from domain.trading.holds import HoldTerms, Overfill, Reported, begin_edit, end_edit, fill
from domain.trading.order_rules import ASK, BID


def bid(units: int = 10, price: str = "2.50") -> HoldTerms:
    return HoldTerms(BID, units, 0, Decimal(price))


def test_a_bid_holds_units_times_price_of_cash_and_no_units() -> None:
    t = bid()
    assert (t.cash_required, t.units_required) == (Decimal("25.00"), 0)


def test_a_fill_consumes_the_hold_and_the_last_fill_closes_it() -> None:
    t = fill(bid(), 4)
    assert (t.cash_required, t.open_units, t.done) == (Decimal("15.00"), 6, False)
    assert fill(t, 6).done


@pytest.mark.parametrize("units", [0, -1, 11])
def test_an_overfill_is_refused(units: int) -> None:
    with pytest.raises(Overfill):
        fill(bid(), units)


def test_an_edit_holds_the_larger_terms_until_the_ats_answers() -> None:
    editing = begin_edit(bid(10, "2.50"), 20, Decimal("2.00"))
    assert editing.cash_required == Decimal("40.00") and not editing.done
    assert end_edit(editing, applied=True) == bid(20, "2.00")
    assert end_edit(editing, applied=False) == bid(10, "2.50")


def test_an_ask_holds_its_open_units_and_no_cash() -> None:
    t = fill(HoldTerms(ASK, 10, 0, Decimal("3")), 3)
    assert (t.cash_required, t.units_required) == (Decimal("0.00"), 7)
    assert begin_edit(t, 12, Decimal("3")).units_required == 9


def test_an_ended_order_holds_only_its_filled_units_not_posted_yet() -> None:
    """A bid of 100 at 150.00 filled 17 and canceled: the 83 unfilled need nothing, the 17 their limit until the
    executions are known, then what they cost; a posted one needs nothing more."""
    t = HoldTerms(BID, 100, 0, Decimal("150.00"), ended=17)
    assert (t.cash_required, t.unfilled, t.open_units, t.done) == (Decimal("2550.00"), 17, 17, False)
    known = HoldTerms(BID, 100, 0, Decimal("150.00"), ended=17,
                      reported=(Reported(10, Decimal("148.00")), Reported(7, Decimal("150.00"))))
    assert known.cash_required == Decimal("2530.00")  # 10 x 148.00 + 7 x 150.00
    posted = HoldTerms(BID, 100, 10, Decimal("150.00"), ended=17, reported=(Reported(7, Decimal("150.00")),))
    assert posted.cash_required == Decimal("1050.00")
    assert fill(posted, 7).done and HoldTerms(BID, 100, 0, Decimal("150.00"), ended=0).done


def test_an_execution_below_the_limit_needs_its_own_price_and_a_voided_one_nothing() -> None:
    t = HoldTerms(BID, 10, 0, Decimal("2.50"), reported=(Reported(4, Decimal("2.00")),))
    assert t.cash_required == Decimal("23.00")  # 4 x 2.00 + 6 open x 2.50
    voided = HoldTerms(BID, 10, 0, Decimal("2.50"), reported=(Reported(4, Decimal("2.00"), voided=True),))
    assert voided.cash_required == Decimal("15.00")  # its units never fill again: 6 open x 2.50
    editing = begin_edit(t, 8, Decimal("3.00"))  # the larger of both versions for the units no execution covers
    assert editing.cash_required == Decimal("8.00") + max(Decimal("15.00"), Decimal("12.00"))


def test_an_ended_ask_holds_the_units_of_its_executions_not_posted_yet() -> None:
    t = HoldTerms(ASK, 10, 2, Decimal("3"), ended=6, reported=(Reported(3, Decimal("3")), Reported(1, Decimal("3"), True)))
    assert (t.cash_required, t.units_required) == (Decimal("0.00"), 3)  # 6 filled: 2 posted, 3 to post, 1 voided
    assert HoldTerms(ASK, 10, 2, Decimal("3"), ended=6).units_required == 4  # executions not known yet: all 4 held
