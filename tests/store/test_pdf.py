"""store/pdf.py's DejaVu Sans, parsed once per process: a document made from it has the bytes fpdf2's own
`add_font` gives (the fonts numbered, subset and embedded alike), however many documents came before it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from fpdf import FPDF

# both fonts (the bold title), glyphs DejaVu lacks (CJK, an emoji, a tab), accents and a dash
CASES = [("1988 Ferrari F40 — Série #88F40", ("Offering price: $20.00 a share", "Ünïcødé ∂ 中 😀\tend")),
         ("", ()), ("Name", ("",))]


def _fpdf_add_font(pdf: FPDF, style: str) -> None:
    from store.pdf import FONT_FILES

    pdf.add_font("DejaVu", style, str(FONT_FILES[style]))


def test_the_font_parsed_once_gives_the_bytes_of_fpdf2s_add_font(monkeypatch: pytest.MonkeyPatch) -> None:
    import store.pdf  # fpdf2: by the worker that runs this, not at collection
    from store.offering_pdf import offering_pdf

    cached = [offering_pdf(name=name, ticker="#X", lines=lines) for name, lines in CASES * 2]
    monkeypatch.setattr(store.pdf, "add_dejavu", _fpdf_add_font)
    assert cached == [offering_pdf(name=name, ticker="#X", lines=lines) for name, lines in CASES * 2]
