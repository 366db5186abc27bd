"""Holdings and gain/loss over any sequence of buys and sells (domain/holdings.py): the average cost of the shares
still held, exact to the cent."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.holdings import Fill, Oversold, all_time, by_last_activity, current_price, holding

T0 = datetime(2026, 11, 2, 15, 0, tzinfo=UTC)
prices = st.integers(min_value=1, max_value=100_000).map(lambda c: Decimal(c) / 100)


def buy(units: int, price: str, day: int = 0) -> Fill:
    return Fill("BUY", units, Decimal(price), T0 + timedelta(days=day))


def sell(units: int, price: str, day: int = 0) -> Fill:
    return Fill("SELL", units, Decimal(price), T0 + timedelta(days=day))


@st.composite
def histories(draw: st.DrawFn, one_price: Decimal | None = None) -> list[Fill]:
    """A buy first, then buys and sells in any order, never selling more than is held."""
    fills: list[Fill] = []
    held = 0
    for i in range(draw(st.integers(min_value=1, max_value=12))):
        price = one_price if one_price is not None else draw(prices)
        if held and draw(st.booleans()):
            units = draw(st.integers(min_value=1, max_value=held))
            fills.append(Fill("SELL", units, price, T0 + timedelta(hours=i)))
            held -= units
        else:
            units = draw(st.integers(min_value=1, max_value=500))
            fills.append(Fill("BUY", units, price, T0 + timedelta(hours=i)))
            held += units
    return fills


def test_two_purchases_and_a_trade_fill_give_the_figures_a_person_sees() -> None:
    h = holding([buy(10, "20.00"), buy(30, "25.00", 1), sell(20, "26.60", 2)], Decimal("26.60"))
    # 40 shares cost 950.00: 23.75 each; 20 sold take 475.00 of the basis and realize 532.00 - 475.00
    assert (h.shares, h.average_cost, h.cost_basis) == (20, Decimal("23.75"), Decimal("475.00"))
    assert (h.current_value, h.gain_loss, h.gain_loss_percent) == (Decimal("532.00"), Decimal("57.00"), Decimal("12.00"))
    assert h.realized == Decimal("57.00")
    assert h.last_activity == T0 + timedelta(days=2)


def test_a_loss_is_negative_and_its_percent_too() -> None:
    h = holding([buy(3, "10.00")], Decimal("8.50"))
    assert (h.current_value, h.gain_loss, h.gain_loss_percent) == (Decimal("25.50"), Decimal("-4.50"), Decimal("-15.00"))


def test_selling_more_than_held_is_refused() -> None:
    with pytest.raises(Oversold):
        holding([buy(2, "10.00"), sell(3, "10.00")], Decimal("10.00"))


def test_the_current_price_is_the_last_trade_else_the_offering_price() -> None:
    assert current_price(Decimal("26.6"), Decimal("20.00")) == Decimal("26.60")
    assert current_price(None, Decimal("20.00")) == Decimal("20.00")


def test_groups_sort_newest_activity_first() -> None:
    old, new = holding([buy(1, "1.00", 0)], Decimal(1)), holding([buy(1, "1.00", 5)], Decimal(1))
    assert [k for k, _ in by_last_activity([(1, old), (2, new)])] == [2, 1]


@given(histories(), prices)
def test_shares_are_bought_minus_sold(fills: list[Fill], price: Decimal) -> None:
    h = holding(fills, price)
    assert h.shares == sum(f.units for f in fills if f.side == "BUY") - sum(f.units for f in fills if f.side == "SELL")
    assert (h.shares_bought, h.shares_sold) == (h.shares + h.shares_sold, h.shares_bought - h.shares)


@given(histories(), prices)
def test_the_average_cost_lies_between_the_lowest_and_highest_buy(fills: list[Fill], price: Decimal) -> None:
    h = holding(fills, price)
    bought = [f.unit_price for f in fills if f.side == "BUY"]
    if h.shares:
        assert min(bought) <= h.average_cost <= max(bought)
        assert abs(h.average_cost * h.shares - h.cost_basis) <= Decimal("0.005") * (h.shares + 1)
    else:
        assert h.average_cost == h.cost_basis == h.current_value == Decimal(0)


@given(histories(), prices)
def test_gain_loss_is_value_minus_basis(fills: list[Fill], price: Decimal) -> None:
    h = holding(fills, price)
    assert h.current_value == h.shares * price
    assert h.gain_loss == h.current_value - h.cost_basis
    if h.cost_basis:
        assert h.gain_loss_percent is not None and (h.gain_loss_percent > 0) == (h.gain_loss > 0)


@given(prices.flatmap(lambda p: st.tuples(st.just(p), histories(p))))
def test_selling_at_cost_realizes_nothing(drawn: tuple[Decimal, list[Fill]]) -> None:
    p, fills = drawn
    h = holding(fills, p)
    assert h.realized == 0 and h.gain_loss == 0
    assert h.average_cost == (p if h.shares else 0)


@given(histories(), prices)
def test_realized_plus_unrealized_is_what_the_shares_became_minus_their_cost(fills: list[Fill], price: Decimal) -> None:
    h = holding(fills, price)
    everything = h.current_value + h.sold_total - h.bought_total
    assert abs(h.realized + h.gain_loss - everything) <= Decimal("0.01")  # two figures, each rounded once
    assert all_time([h]).amount == everything


@given(st.lists(st.tuples(histories(), prices), min_size=1, max_size=4))
def test_the_all_time_block_sums_every_group(groups: list[tuple[list[Fill], Decimal]]) -> None:
    hs = [holding(f, p) for f, p in groups]
    block = all_time(hs)
    assert block.amount == sum((h.current_value + h.sold_total - h.bought_total for h in hs), Decimal(0))
    bought = sum((h.bought_total for h in hs), Decimal(0))
    assert block.percentage is not None and abs(block.percentage - block.amount * 100 / bought) <= Decimal("0.005")
