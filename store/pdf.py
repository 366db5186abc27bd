"""A PDF document with fpdf2, as statements and the offering circular are made: DejaVu Sans when the system has it
(scripts/setup.sh installs fonts-dejavu-core: any asset name prints), else the PDF core font with the text folded to
Latin-1. The file's date is given, so the same content makes the same bytes."""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path
from typing import Literal

from fpdf import FPDF

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
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
        self.unicode = (DEJAVU / "DejaVuSans.ttf").is_file() and (DEJAVU / "DejaVuSans-Bold.ttf").is_file()
        if self.unicode:
            self.pdf.add_font("DejaVu", "", str(DEJAVU / "DejaVuSans.ttf"))
            self.pdf.add_font("DejaVu", "B", str(DEJAVU / "DejaVuSans-Bold.ttf"))
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
