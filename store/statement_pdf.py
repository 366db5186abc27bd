"""The statement and the tax document as PDF files (fpdf2, store/pdf.py), from domain/statements.py's content. The
file's dates are the period's end, so the same content makes the same bytes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from domain import statements as S
from store.pdf import BRAND, Document


def _usd(amount: Decimal) -> str:
    return f"-${-amount:,.2f}" if amount < 0 else f"${amount:,.2f}"


class _Doc(Document):
    def __init__(self, title: str, subtitle: str, investor: str, when: datetime) -> None:
        super().__init__(title, when)
        self.paragraph(f"{BRAND} — {title}", 16, 10, bold=True)
        self.paragraph(subtitle, 10, 6)
        self.paragraph(investor, 10, 6)
        self.pdf.ln(4)

    def heading(self, value: str) -> None:
        self.pdf.ln(3)
        self.paragraph(value, 12, 8, bold=True)

    def row(self, cells: list[str], widths: list[int], bold: bool = False) -> None:
        self.font(9, bold)
        for i, (value, width) in enumerate(zip(cells, widths, strict=True)):
            align = "R" if i == len(cells) - 1 or (i > 0 and value[:1] in "$-0123456789") else "L"
            self.pdf.cell(width, 6, self.text(value), align=align)
        self.pdf.ln(6)

    def line(self, label: str, amount: Decimal, bold: bool = False) -> None:
        self.row([label, _usd(amount)], [140, 46], bold)

    def note(self, value: str) -> None:
        self.paragraph(value, 9, 6)


def statement_pdf(s: S.Statement, investor: str) -> bytes:
    last_day = s.month.ends - timedelta(days=1)
    doc = _Doc(S.statement_name(s.month), f"{s.month.starts:%B} 1 - {last_day:%B} {last_day.day}, {s.month.year}",
               investor, s.month.ends)
    doc.heading("Cash summary")
    doc.line("Opening cash", s.opening_cash)
    doc.line("Money in", s.money_in)
    doc.line("Money out", s.money_out)
    doc.line("Closing cash", s.closing_cash, bold=True)
    doc.heading("Cash activity")
    if not s.movements:
        doc.note("No cash activity this month.")
    for m in s.movements:
        doc.row([f"{m.at:%b %d}", m.description, _usd(m.amount)], [24, 116, 46])
    doc.heading("Transactions")
    if not s.transactions:
        doc.note("No transactions this month.")
    for t in s.transactions:
        doc.row([f"{t.at:%b %d}", t.description, t.status, _usd(t.amount)], [24, 100, 26, 36])
    doc.heading(f"Holdings on {last_day:%B} {last_day.day}, {s.month.year}")
    if not s.holdings:
        doc.note("No holdings.")
    for h in s.holdings:
        doc.row([h.ticker, h.name[:48], f"{h.shares} x {_usd(h.price)}", _usd(h.value)], [24, 96, 30, 36])
    doc.line("Holdings value", s.holdings_value, bold=True)
    doc.line("Account value (closing cash + holdings)", s.account_value, bold=True)
    return doc.bytes()


def tax_document_pdf(t: S.TaxDocument, investor: str) -> bytes:
    doc = _Doc(S.tax_document_name(t.year), f"Proceeds of the sales of January 1 - December 31, {t.year}", investor,
               datetime(t.year + 1, 1, 1, tzinfo=UTC))
    doc.heading("Sales")
    doc.row(["Date", "Asset", "Shares x price", "Proceeds"], [24, 96, 30, 36], bold=True)
    for s in t.sales:
        doc.row([f"{s.at:%b %d}", s.ticker, f"{s.shares} x {_usd(s.unit_price)}", _usd(s.proceeds)], [24, 96, 30, 36])
    doc.line("Total proceeds", t.proceeds, bold=True)
    return doc.bytes()
