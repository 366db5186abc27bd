"""The monthly statement and the tax document (domain/statements.py): opening + movements = closing to the cent over
any ledger, consecutive months chain, the schedules' days."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.statements import (
    CashMovement,
    Month,
    Sale,
    Transaction,
    Unreconciled,
    first_business_day,
    holding_line,
    movement_name,
    statement,
    statement_month_due,
    statement_name,
    tax_document,
    tax_year_due,
    transaction_description,
)

T0 = datetime(2025, 1, 1, tzinfo=UTC)
cents = st.integers(min_value=-1_000_000, max_value=1_000_000).map(lambda c: Decimal(c) / 100)
movements = st.lists(st.builds(lambda m, a: CashMovement(T0 + timedelta(minutes=m), "entry", a),
                               st.integers(min_value=0, max_value=730 * 24 * 60), cents), max_size=60)
months = st.builds(Month, st.integers(min_value=2025, max_value=2026), st.integers(min_value=1, max_value=12))


@given(movements, months)
def test_opening_plus_movements_is_closing_and_the_ledger_balance(cash: list[CashMovement], month: Month) -> None:
    s = statement(month, cash, [], [])
    assert s.opening_cash + sum((m.amount for m in s.movements), Decimal(0)) == s.closing_cash
    assert s.money_in + s.money_out == s.closing_cash - s.opening_cash
    assert s.closing_cash == sum((m.amount for m in cash if m.at < month.ends), Decimal(0))
    assert all(month.starts <= m.at < month.ends for m in s.movements)
    assert statement(month, cash, [], [], closing_balance=s.closing_cash) == s


@given(movements, months)
def test_a_month_opens_with_the_cash_the_month_before_closed_with(cash: list[CashMovement], month: Month) -> None:
    assert statement(month.next(), cash, [], []).opening_cash == statement(month, cash, [], []).closing_cash


def test_a_closing_balance_that_does_not_reconcile_is_refused() -> None:
    cash = [CashMovement(datetime(2026, 10, 3, tzinfo=UTC), "Deposit", Decimal("100.00"))]
    with pytest.raises(Unreconciled):
        statement(Month(2026, 10), cash, [], [], closing_balance=Decimal("100.01"))


def test_the_month_shows_its_transactions_and_the_holdings_with_their_value() -> None:
    oct_, nov = datetime(2026, 10, 31, 23, 59, tzinfo=UTC), datetime(2026, 11, 1, tzinfo=UTC)
    tx = [Transaction(nov, "deposit", "Deposit", "processed", Decimal("5.00")),
          Transaction(oct_, "trade", "Bought 2 #88F40", "processed", Decimal("53.20"))]
    s = statement(Month(2026, 10), [], tx, [holding_line("#88F40", "Card", 40, Decimal("26.6")),
                                             holding_line("#GONE", "Sold", 0, Decimal("1"))])
    assert [t.description for t in s.transactions] == ["Bought 2 #88F40"]
    assert [(h.ticker, h.value) for h in s.holdings] == [("#88F40", Decimal("1064.00"))]
    assert s.account_value == Decimal("1064.00")
    assert statement_name(Month(2026, 10)) == "October 2026 Statement"


def test_statements_are_due_on_the_first_business_day_for_the_month_before() -> None:
    assert first_business_day(Month(2026, 11)) == date(2026, 11, 2)  # the 1st is a Sunday
    assert first_business_day(Month(2027, 1)) == date(2027, 1, 4)  # New Year's Day is a Friday
    assert statement_month_due(date(2026, 11, 2)) == Month(2026, 10)
    assert statement_month_due(date(2026, 11, 3)) is None
    assert statement_month_due(date(2027, 1, 4)) == Month(2026, 12)
    assert tax_year_due(date(2027, 3, 1)) == 2026
    assert tax_year_due(date(2027, 3, 2)) is None


@given(st.lists(st.builds(lambda d, u, p: Sale(T0 + timedelta(days=d), "#T", u, p),
                          st.integers(min_value=0, max_value=729), st.integers(min_value=1, max_value=500),
                          st.integers(min_value=1, max_value=100_000).map(lambda c: Decimal(c) / 100)), max_size=20))
def test_the_tax_document_lists_each_sale_of_the_year_and_their_proceeds(sales: list[Sale]) -> None:
    doc = tax_document(2025, sales)
    of_year = [s for s in sales if s.at.year == 2025]
    if not of_year:
        assert doc is None
        return
    assert doc is not None and sorted(doc.sales, key=lambda s: s.at) == doc.sales and len(doc.sales) == len(of_year)
    assert doc.proceeds == sum((s.shares * s.unit_price for s in of_year), Decimal(0))


def test_each_line_reads_as_what_happened() -> None:
    assert movement_name("deposit-processed") == "Deposit"
    assert movement_name("withdrawal-initiated") == "Withdrawal"
    assert movement_name("withdrawal-failed") == "Withdrawal returned"
    assert movement_name("order-rehold-done") == "Cash released from an edited order"
    assert movement_name("something-new") == "Something new"
    assert transaction_description("trade", "ASK", 2, "#88F40", Decimal("26.6")) == "Sold 2 shares of #88F40 at $26.60"
    assert transaction_description("investment", None, 1, "#A", Decimal("1000")) == (
        "Bought 1 share of #A in the offering at $1,000.00")
    assert transaction_description("refund") == "Store refund"
