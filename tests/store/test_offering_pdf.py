"""The asset's offering PDF (store/offering_pdf.py): a valid one-page document a PDF reader opens without repair,
showing the asset's name, ticker and terms; the same input gives the same bytes."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st


def test_a_reader_opens_it_and_reads_the_terms() -> None:
    from pypdf import PdfReader  # by the worker that runs this, not at collection

    from store.offering_pdf import offering_pdf

    pdf = offering_pdf(name="1988 Ferrari F40 (Series #88F40)", ticker="#88F40",
                       lines=("Offering price: $20.00 a share", "Shares offered: 90,000"))
    reader = PdfReader(io.BytesIO(pdf), strict=True)
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for expected in ("1988 Ferrari F40 (Series #88F40)", "#88F40", "Offering price: $20.00 a share", "Shares offered: 90,000"):
        assert expected in text
    assert pdf == offering_pdf(name="1988 Ferrari F40 (Series #88F40)", ticker="#88F40",
                               lines=("Offering price: $20.00 a share", "Shares offered: 90,000"))


@given(st.text(max_size=60), st.lists(st.text(max_size=60), max_size=5))
def test_any_text_gives_a_valid_document(name: str, lines: list[str]) -> None:
    from pypdf import PdfReader  # by the worker that runs this, not at collection

    from store.offering_pdf import offering_pdf

    reader = PdfReader(io.BytesIO(offering_pdf(name=name, ticker="#X", lines=tuple(lines))), strict=True)
    assert len(reader.pages) == 1
