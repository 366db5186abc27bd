"""Money is Decimal with two places; typed amounts parse exactly or not at all."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.money import money, money_str, parse_decimal


def test_rounds_half_up_to_cents() -> None:
    assert money("1.005") == Decimal("1.01")
    assert money("1.004") == Decimal("1.00")
    assert money(3) == Decimal("3.00")
    assert money_str(Decimal("-2.5")) == "-2.50"


@pytest.mark.parametrize(("raw", "value"), [("$1,000.50", "1000.50"), (10.1, "10.1"), (" 7 ", "7"), (-3, "-3")])
def test_form_and_json_numbers_parse_exactly(raw: object, value: str) -> None:
    assert parse_decimal(raw) == Decimal(value)


@pytest.mark.parametrize("raw", [None, True, "", "abc", "NaN", "Infinity", "1e12", 10**13])
def test_anything_else_is_refused(raw: object) -> None:
    assert parse_decimal(raw) is None


@given(st.decimals(min_value=Decimal("-1e9"), max_value=Decimal("1e9"), allow_nan=False, places=2))
def test_text_round_trips(d: Decimal) -> None:
    assert parse_decimal(money_str(d)) == d
