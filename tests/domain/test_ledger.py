"""Ledger postings: every money movement balances, and moves the user's money where the spec says."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain import ledger as L

MOVEMENTS: list[Callable[[int, Decimal], list[L.Posting]]] = [
    L.deposit_initiated, L.deposit_settled, L.deposit_failed, L.withdrawal_initiated, L.withdrawal_settled,
    L.withdrawal_failed, L.merchandise, L.merchandise_refund]
AMOUNTS = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("1e9"), places=2)


@pytest.mark.parametrize("movement", MOVEMENTS, ids=lambda m: m.__name__)
@given(amount=AMOUNTS)
def test_every_movement_balances(movement: Callable[[int, Decimal], list[L.Posting]], amount: Decimal) -> None:
    assert L.is_balanced(movement(7, amount))


@given(gross=AMOUNTS, data=st.data())
def test_a_purchase_balances_whatever_the_gift_pays(gross: Decimal, data: st.DataObject) -> None:
    cash_part = data.draw(st.decimals(min_value=Decimal(0), max_value=gross, places=2))
    postings = L.purchase(7, gross, cash_part)
    assert L.is_balanced(postings)
    assert (L.investments(7), gross) in postings and (L.cash(7), -cash_part) in postings


def test_a_purchase_paid_in_cash_has_no_gift_posting() -> None:
    assert [a for a, _ in L.purchase(7, Decimal("10"), Decimal("10"))] == [L.investments(7), L.cash(7)]


def test_a_settled_deposit_becomes_cash_and_a_failed_one_never_does() -> None:
    amount = Decimal("25.00")
    assert (L.cash(3), amount) in L.deposit_settled(3, amount)
    assert all(account != L.cash(3) for account, _ in L.deposit_failed(3, amount))
    assert (L.cash(3), amount) in L.withdrawal_failed(3, amount)


def test_offering_shares_come_from_the_issuer_as_a_dated_lot() -> None:
    postings = L.offering_shares(3, 9, 5, date(2026, 3, 1))
    assert L.shares_balanced(postings)
    assert postings[1] == (L.shares(3), 9, 5, date(2026, 3, 1))
    assert not L.shares_balanced([(L.shares(3), 9, 5, None), (L.ISSUER, 8, -5, None)])


def test_account_names_are_per_user() -> None:
    assert L.cash(1) != L.cash(2)
    assert L.held(1, "o-1").startswith(L.held_prefix(1)) and not L.held(1, "o-1").startswith(L.held_prefix(2))
    assert len({L.cash(1), L.pending_deposits(1), L.withdrawing(1), L.investments(1), L.shares(1), L.proceeds(1)}) == 6
