"""The offering circular of an asset as a small valid PDF (pure, deterministic, no library): one A4 page with the
asset's name, ticker and offering terms in Helvetica. /app/legal embeds it."""

from __future__ import annotations

import unicodedata


def _escape(line: str) -> str:
    ascii_only = unicodedata.normalize("NFKD", line).encode("ascii", "ignore").decode("ascii")
    return ascii_only.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def offering_pdf(*, name: str, ticker: str, lines: tuple[str, ...]) -> bytes:
    """A one-page PDF: the title `name` (`ticker`), then `lines`. The cross-reference table holds each object's
    byte offset, so readers open it without repairing it."""
    text = [f"BT /F1 20 Tf 56 780 Td ({_escape(name)}) Tj ET", f"BT /F1 12 Tf 56 756 Td ({_escape(ticker)}) Tj ET"]
    text += [f"BT /F1 11 Tf 56 {720 - 18 * i} Td ({_escape(line)}) Tj ET" for i, line in enumerate(lines)]
    stream = "\n".join(text).encode("ascii")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> "
        b"/Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
