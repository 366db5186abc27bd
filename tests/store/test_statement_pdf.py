"""The statement's PDF (store/statement_pdf.py) keeps the worker's log quiet: fpdf2 subsets the embedded font through
fontTools, which logs each step at INFO for every PDF made; those records never reach the log."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from domain.statements import CashMovement, Month, holding_line, statement


def test_rendering_a_statement_logs_nothing_from_fonttools(caplog: pytest.LogCaptureFixture) -> None:
    from store.statement_pdf import statement_pdf  # by the worker that runs this, not at collection

    month = Month(2026, 10)
    s = statement(month, [CashMovement(datetime(2026, 10, 5, tzinfo=UTC), "Deposit — ACH", Decimal("250.00"))], [],
                  [holding_line("#88F40", "1988 Ferrari F40", 3, Decimal("26.60"))])
    with caplog.at_level(logging.INFO):
        pdf = statement_pdf(s, "Ada Lovelace")
    assert pdf.startswith(b"%PDF")
    noisy = [r for r in caplog.records if r.name.startswith("fontTools")]
    assert noisy == [], [f"{r.name}: {r.getMessage()}" for r in noisy[:5]]
