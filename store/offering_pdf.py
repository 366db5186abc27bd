"""The offering circular of an asset as a PDF (fpdf2, store/pdf.py as statements are): one A4 page with the asset's
name, its ticker and the offering's terms (domain/offering_circular.py). /app/legal embeds it."""

from __future__ import annotations

from datetime import UTC, datetime

from store.pdf import Document

# the file's date: a circular has none of its own, and the same terms make the same bytes
DATED = datetime(2020, 1, 1, tzinfo=UTC)


def offering_pdf(*, name: str, ticker: str, lines: tuple[str, ...]) -> bytes:
    """A one-page PDF: the title `name` (`ticker`), then `lines`."""
    doc = Document(name, DATED, page="A4")
    doc.pdf.pdf_version = "1.4"  # the header the circular has always had (fpdf2 writes 1.3 for this content)
    doc.paragraph(name, 20, 10, bold=True)
    doc.paragraph(ticker, 12, 8)
    doc.pdf.ln(4)
    for line in lines:
        doc.paragraph(line, 11, 7)
    return doc.bytes()
