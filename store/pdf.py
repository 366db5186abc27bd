"""A PDF document with fpdf2, as statements and the offering circular are made: DejaVu Sans when the system has it
(scripts/setup.sh installs fonts-dejavu-core: any asset name prints), else the PDF core font with the text folded to
Latin-1. The file's date is given, so the same content makes the same bytes."""

from __future__ import annotations

import copy
import logging
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Literal

from fontTools.ttLib import TTFont
from fpdf import FPDF
from fpdf.fonts import SubsetMap, TTFFont

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FONT_FILES = {"": DEJAVU / "DejaVuSans.ttf", "B": DEJAVU / "DejaVuSans-Bold.ttf"}  # fpdf2's style -> the file
# fpdf2 subsets the embedded font through fontTools, which logs every step at INFO for every PDF: the worker's
# terminal filled with them. Its warnings still show.
logging.getLogger("fontTools").setLevel(logging.WARNING)
BRAND = "Vitrine"


class Document:
    """One page opened, its title and author set, the font chosen."""

    def __init__(self, title: str, when: datetime, page: Literal["Letter", "A4"] = "Letter") -> None:
        self.pdf = FPDF(format=page)
        self.pdf.set_creation_date(when)
        self.pdf.set_title(title)
        self.pdf.set_author(BRAND)
        self.unicode = all(path.is_file() for path in FONT_FILES.values())
        if self.unicode:
            for style in FONT_FILES:
                add_dejavu(self.pdf, style)
        self.family = "DejaVu" if self.unicode else "Helvetica"
        self.pdf.set_auto_page_break(True, margin=15)
        self.pdf.add_page()

    def text(self, value: str) -> str:
        return value if self.unicode else value.replace("—", "-").encode("latin-1", "replace").decode("latin-1")

    def font(self, size: int, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)

    def paragraph(self, value: str, size: int, height: float, bold: bool = False) -> None:
        """A line of the page's width (longer text runs on past it), then the next line."""
        self.font(size, bold)
        self.pdf.cell(0, height, self.text(value), new_x="LMARGIN", new_y="NEXT")

    def bytes(self) -> bytes:
        return bytes(self.pdf.output())


@cache
def _parsed(style: str) -> TTFFont:
    """DejaVu Sans in `style` as fpdf2's `add_font` reads it (its character map, widths and metrics: two thirds of a
    one-page PDF's time, 0.15 s a font), once per process. Never rendered with, so its used glyphs stay empty."""
    reader = FPDF()
    reader.add_font("DejaVu", style, str(FONT_FILES[style]))
    font = reader.fonts[f"dejavu{style}"]
    assert isinstance(font, TTFFont)
    return font


def add_dejavu(pdf: FPDF, style: str) -> None:
    """`pdf.add_font("DejaVu", style, …)` from the font parsed once, giving the same bytes: the parsed metrics shared,
    what a document changes its own — its used glyphs, its missing ones, the widths' defaults filled in as read —,
    and the font file opened afresh (lazily), since the PDF's output subsets it in place to the glyphs used."""
    font = copy.copy(_parsed(style))
    font.i = len(pdf.fonts) + 1  # the font's number in this document (/F1, /F2), as add_font numbers it
    font.cw = copy.copy(font.cw)
    font.missing_glyphs = []
    font.ttfont = TTFont(font.ttffile, recalcTimestamp=False, lazy=True)
    font.subset = SubsetMap(font)
    pdf.fonts[font.fontkey] = font
