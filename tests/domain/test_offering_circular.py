"""The offering circular's lines: the asset's value, its shares and the price per share they make, in dollars."""

from __future__ import annotations

from decimal import Decimal

from domain.offering_circular import circular_lines


def test_the_circular_states_the_value_the_shares_and_their_price() -> None:
    lines = circular_lines(Decimal("125000"), 5000)
    assert lines[:4] == ("Offering circular", "Asset value: $125000.00", "Shares offered: 5000",
                         "Price per share: $25.00")


def test_the_price_per_share_follows_the_value() -> None:
    cheap, dear = circular_lines(Decimal("1000"), 100), circular_lines(Decimal("3000"), 100)
    assert cheap[3] != dear[3]
    assert (cheap[3], dear[3]) == ("Price per share: $10.00", "Price per share: $30.00")
