"""Deposit and withdrawal rules: the amount typed, the one-time limit, what a withdrawal may take."""

from __future__ import annotations

from decimal import Decimal

import pytest

from domain import transfer_rules as T

D = Decimal


@pytest.mark.parametrize(("raw", "amount"), [("100", D("100.00")), ("$1,234.5", D("1234.50")), (0.1, D("0.10"))])
def test_amounts_parse_to_cents(raw: object, amount: Decimal) -> None:
    assert T.parse_amount(raw) == amount


@pytest.mark.parametrize("raw", ["1.001", "abc", None, "1e20"])
def test_fractions_of_a_cent_and_non_numbers_do_not_parse(raw: object) -> None:
    assert T.parse_amount(raw) is None


def test_amount_errors() -> None:
    assert T.amount_error(None) == T.AMOUNT_REQUIRED
    assert T.amount_error(D("0")) == T.AMOUNT_REQUIRED
    assert T.amount_error(D("0.01")) is None
    assert T.amount_error(D("5000")) is None
    assert T.amount_error(D("5000.01")) == T.LIMIT_MESSAGE


def test_a_withdrawal_takes_only_available_cash() -> None:
    cash, held, pending = D("100"), D("30"), D("50")
    assert T.withdrawal_error(D("70"), cash, held, pending) is None
    assert T.withdrawal_error(D("70.01"), cash, held, pending) == T.DEPOSIT_HOLD
    assert T.withdrawal_error(D("150"), cash, held, pending) == T.DEPOSIT_PROCESSING
    assert T.withdrawal_error(D("150.01"), cash, held, pending) == "Your withdrawal can not exceed your available cash of $70.00."
    # more held than there is cash (a withdrawal took it): never a negative figure
    assert T.withdrawal_error(D("1"), D("0"), D("5"), D("0")) == "Your withdrawal can not exceed your available cash of $0.00."
