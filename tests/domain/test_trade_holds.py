"""What an open order must hold: a bid holds cash, an ask holds units; fills consume it; an edit holds the larger."""

from __future__ import annotations

from decimal import Decimal

import pytest

from domain.order_rules import ASK, BID
from domain.trade_holds import HoldTerms, Overfill, begin_edit, end_edit, fill


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
