"""Draws the app's install icons (frontend/public/icons/, named by frontend/public/manifest.webmanifest and
frontend/index.html) from frontend/public/favicon.svg, with Pillow (already installed: fpdf2 needs it) rather than an
SVG renderer the project would have to add. The mark is rounded rectangles only, so its `<rect>`s are drawn as they
are, at four times the size and scaled down (anti-aliased edges). The PNGs are committed; run this again only when
the mark or the canvas colour (`bg.canvas` in frontend/src/theme.ts) changes.

    .venv/bin/python scripts/make_icons.py"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

PUBLIC = Path(__file__).resolve().parent.parent / "frontend/public"
CANVAS = "#f8f6f1"  # bg.canvas, also the manifest's background_color and theme_color
SUPERSAMPLE = 4
SVG = "{http://www.w3.org/2000/svg}"


@dataclass(frozen=True)
class Icon:
    name: str
    size: int
    mark: float  # the width of the favicon's view box on the icon, as a share of the icon's width
    background: str | None  # None: transparent


ICONS = (
    Icon("icon-192.png", 192, 1.0, None),
    Icon("icon-512.png", 512, 1.0, None),
    # maskable: full bleed, the mark inside the safe zone (the circle of 80 % of the width the launcher may crop to)
    Icon("icon-maskable-512.png", 512, 0.62, CANVAS),
    # iOS fills transparency with black: an opaque square, iOS rounds its corners itself
    Icon("apple-touch-icon.png", 180, 0.8, CANVAS),
)


def draw_mark(svg: Path, size: int, share: float, background: str | None) -> Image.Image:
    root = ET.parse(svg).getroot()
    _, _, view_w, view_h = (float(v) for v in root.attrib["viewBox"].split())
    big = size * SUPERSAMPLE
    unit = big * share / view_w
    left, top = (big - view_w * unit) / 2, (big - view_h * unit) / 2
    image = Image.new("RGBA", (big, big), background or (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    for element in root:
        if element.tag != f"{SVG}rect":
            raise SystemExit(f"{svg}: only <rect> is drawn here, not {element.tag}")
        a = element.attrib
        x, y, w, h, r = (float(a.get(k, "0")) for k in ("x", "y", "width", "height", "rx"))
        fill, stroke = a.get("fill", "#000"), a.get("stroke", "none")
        half = float(a.get("stroke-width", "1")) / 2 if stroke != "none" else 0.0
        # an SVG stroke straddles the outline; Pillow draws its outline inside the box: the box grows by half a stroke
        box = [left + (x - half) * unit, top + (y - half) * unit,
               left + (x + w + half) * unit, top + (y + h + half) * unit]
        pen.rounded_rectangle(box, radius=(r + half) * unit, fill=None if fill == "none" else fill,
                              outline=None if stroke == "none" else stroke, width=round(2 * half * unit))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    out = PUBLIC / "icons"
    out.mkdir(exist_ok=True)
    for icon in ICONS:
        draw_mark(PUBLIC / "favicon.svg", icon.size, icon.mark, icon.background).save(out / icon.name, optimize=True)
        print(f"wrote {out / icon.name} ({icon.size}×{icon.size})")


if __name__ == "__main__":
    main()
