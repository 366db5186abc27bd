"""Locally generated asset art: an SVG per asset (pure, deterministic, no I/O).

``asset_svg`` draws a gradient in the asset's colour, a subtle pattern seeded by the asset, a vector motif
per category (cars: a coupé; history: a charter with a medal; wine-spirits: a bottle and a glass; art: a
comic page with a burst; watches: a watch face) and the ticker in big type with the name small.
Variants: ``portal`` (800×600) and ``home`` (600×600).
"""

from __future__ import annotations

import hashlib
import math
import re

FONT = "Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif"
SIZES: dict[str, tuple[int, int]] = {"portal": (800, 600), "home": (600, 600)}
LABELS: dict[str, str] = {
    "cars": "CARS",
    "history": "HISTORY",
    "wine-spirits": "WINE & SPIRITS",
    "art": "COMICS & LITERATURE",
    "watches": "WATCHES & LUXURY",
}

_HEX = re.compile(r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")

RGB = tuple[int, int, int]


def escape(text: str) -> str:
    """Text safe inside an XML element or a double-quoted attribute (invalid XML characters dropped)."""
    text = _NOT_XML.sub("", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&apos;")


def parse_color(color: str) -> RGB:
    match = _HEX.match(color.strip())
    if not match:
        raise ValueError(f"color must be a hex colour like #1f6feb, got {color!r}")
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _mix(a: RGB, b: RGB, t: float) -> str:
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return _hex((r, g, bl))


def _fit(text: str, size: float, width: float, ratio: float) -> str:
    """Truncate ``text`` with an ellipsis so that it roughly fits ``width`` at ``size``."""
    room = max(4, int(width / (size * ratio)))
    return text if len(text) <= room else text[: room - 1].rstrip() + "…"


class Palette:
    def __init__(self, base: RGB) -> None:
        white, black = (255, 255, 255), (0, 0, 0)
        self.top = _mix(base, white, 0.18)
        self.mid = _hex(base)
        self.bottom = _mix(base, black, 0.55)
        self.ink = _mix(base, black, 0.62)
        self.tint = _mix(base, white, 0.86)
        self.soft = _mix(base, white, 0.55)


# Motifs are drawn in a 400×300 box; the caller places and scales the box.


def _car(p: Palette) -> str:
    body = (
        "M30 200C30 180 40 165 70 158L130 150C150 128 175 106 215 102L245 102C270 104 290 125 310 146"
        "L360 156C380 160 388 172 388 188L388 200Q388 206 380 206L342 206A42 42 0 0 0 258 206L152 206"
        "A42 42 0 0 0 68 206L40 206Q30 206 30 200Z"
    )
    glass = "M152 150C166 130 186 114 215 110L243 110C262 112 278 128 293 147Z"

    def wheel(cx: int) -> str:
        spokes = "".join(
            f'<line x1="{cx}" y1="206" x2="{cx + 17 * math.cos(a):.1f}" y2="{206 + 17 * math.sin(a):.1f}"/>'
            for a in (i * math.pi / 3 for i in range(6))
        )
        return (
            f'<circle cx="{cx}" cy="206" r="35" fill="{p.ink}"/>'
            f'<circle cx="{cx}" cy="206" r="21" fill="#fff" fill-opacity=".9"/>'
            f'<g stroke="{p.ink}" stroke-width="3">{spokes}</g>'
            f'<circle cx="{cx}" cy="206" r="6" fill="{p.ink}"/>'
        )

    return (
        '<ellipse cx="210" cy="244" rx="190" ry="9" fill="#000" fill-opacity=".22"/>'
        '<g stroke="#fff" stroke-opacity=".55" stroke-width="5" stroke-linecap="round">'
        '<line x1="-40" y1="160" x2="12" y2="160"/><line x1="-62" y1="180" x2="8" y2="180"/>'
        '<line x1="-30" y1="198" x2="10" y2="198"/></g>'
        f'<path d="{body}" fill="#fff"/>'
        f'<path d="{glass}" fill="{p.ink}" fill-opacity=".85"/>'
        '<line x1="224" y1="108" x2="224" y2="150" stroke="#fff" stroke-width="6"/>'
        f'<path d="M140 160L330 160M205 160Q200 185 208 204" stroke="{p.ink}" stroke-opacity=".3"'
        ' stroke-width="2" fill="none"/>'
        f'<rect x="228" y="168" width="18" height="4" rx="2" fill="{p.ink}" fill-opacity=".55"/>'
        f'<ellipse cx="379" cy="172" rx="7" ry="5" fill="{p.soft}"/>'
        f'<rect x="31" y="170" width="8" height="12" rx="2" fill="{p.ink}"/>' + wheel(110) + wheel(300)
    )


def _history(p: Palette) -> str:
    lines = "".join(
        f'<rect x="{96 if i else 120}" y="{92 + i * 22}" width="{(150 if i % 3 else 170) if i else 120}"'
        f' height="{6 if i else 10}" rx="3"/>'
        for i in range(7)
    )
    star = " ".join(
        f"{300 + (22 if i % 2 == 0 else 9) * math.sin(i * math.pi / 5):.1f},"
        f"{196 - (22 if i % 2 == 0 else 9) * math.cos(i * math.pi / 5):.1f}"
        for i in range(10)
    )
    return (
        '<g transform="rotate(-6 180 150)">'
        '<rect x="74" y="34" width="220" height="250" rx="6" fill="#000" fill-opacity=".2"'
        ' transform="translate(6 8)"/>'
        '<path d="M74 44Q74 30 88 30L280 30Q294 30 294 44L294 270Q294 284 280 284L88 284Q74 284 74 270Z"'
        ' fill="#f6ecd2"/>'
        '<path d="M74 44Q74 30 88 30L280 30Q294 30 294 44" fill="none" stroke="#d9c79c" stroke-width="8"/>'
        '<path d="M74 270Q74 284 88 284L280 284Q294 284 294 270" fill="none" stroke="#d9c79c"'
        ' stroke-width="8"/>'
        f'<text x="184" y="74" text-anchor="middle" font-family="Georgia, \'Times New Roman\', serif"'
        f' font-size="22" font-style="italic" fill="{p.ink}">Certificate</text>'
        f'<g fill="{p.ink}" fill-opacity=".35">{lines}</g>'
        f'<path d="M104 254C118 236 126 262 140 246S162 238 170 252" fill="none" stroke="{p.ink}"'
        ' stroke-width="2.5" stroke-linecap="round"/></g>'
        f'<path d="M278 214L262 292L284 278L298 298L312 226Z" fill="{p.mid}" stroke="#fff" stroke-width="2"/>'
        f'<path d="M322 214L338 292L316 278L302 298L288 226Z" fill="{p.ink}" stroke="#fff" stroke-width="2"/>'
        '<circle cx="300" cy="196" r="52" fill="url(#gold)" stroke="#fff" stroke-width="3"/>'
        '<circle cx="300" cy="196" r="40" fill="none" stroke="#8a6417" stroke-opacity=".6" stroke-width="2"'
        ' stroke-dasharray="3 4"/>'
        f'<polygon points="{star}" fill="#8a6417" fill-opacity=".75"/>'
    )


def _wine(p: Palette) -> str:
    bottle = (
        "M138 18L162 18L162 92C162 112 196 124 196 158L196 272Q196 286 182 286L118 286Q104 286 104 272"
        "L104 158C104 124 138 112 138 92Z"
    )
    bowl = "M242 118L338 118C340 172 318 204 290 206C262 204 240 172 242 118Z"
    wine = "M244 152L336 152C332 184 314 202 290 203C266 202 248 184 244 152Z"
    return (
        '<ellipse cx="220" cy="290" rx="150" ry="8" fill="#000" fill-opacity=".2"/>'
        f'<path d="{bottle}" fill="{p.tint}"/>'
        f'<rect x="135" y="16" width="30" height="44" rx="4" fill="{p.ink}"/>'
        '<rect x="135" y="52" width="30" height="4" fill="#e8c66a"/>'
        f'<rect x="112" y="176" width="76" height="76" rx="6" fill="{p.ink}"/>'
        '<rect x="118" y="182" width="64" height="64" rx="4" fill="none" stroke="#e8c66a" stroke-width="1.5"/>'
        '<rect x="128" y="204" width="44" height="5" rx="2.5" fill="#e8c66a"/>'
        '<rect x="136" y="216" width="28" height="3" rx="1.5" fill="#fff" fill-opacity=".6"/>'
        '<rect x="132" y="225" width="36" height="3" rx="1.5" fill="#fff" fill-opacity=".6"/>'
        '<path d="M116 160L116 268" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-opacity=".9"/>'
        f'<path d="{wine}" fill="#6e1030"/>'
        f'<path d="{bowl}" fill="#fff" fill-opacity=".22" stroke="#fff" stroke-width="3"/>'
        '<path d="M254 132Q252 162 262 180" stroke="#fff" stroke-width="4" stroke-linecap="round"'
        ' fill="none" stroke-opacity=".8"/>'
        '<rect x="287" y="205" width="6" height="62" fill="#fff"/>'
        '<ellipse cx="290" cy="270" rx="36" ry="7" fill="#fff"/>'
    )


def _comic(p: Palette) -> str:
    dots = "".join(f'<circle cx="{x}" cy="{y}" r="2.2"/>' for y in range(56, 120, 10) for x in range(80, 250, 10))
    burst = " ".join(
        f"{300 + (78 if i % 2 == 0 else 48) * math.cos(i * math.pi / 8 + 0.2):.1f},"
        f"{196 + (62 if i % 2 == 0 else 38) * math.sin(i * math.pi / 8 + 0.2):.1f}"
        for i in range(16)
    )
    return (
        '<g transform="rotate(-5 160 150)">'
        '<rect x="66" y="30" width="196" height="256" rx="4" fill="#000" fill-opacity=".2"'
        ' transform="translate(7 8)"/>'
        '<rect x="66" y="30" width="196" height="256" rx="4" fill="#fff"/>'
        f'<g stroke="{p.ink}" stroke-width="4" fill="none">'
        '<rect x="78" y="42" width="172" height="88"/><rect x="78" y="140" width="80" height="134"/>'
        '<rect x="168" y="140" width="82" height="134"/></g>'
        f'<g fill="{p.soft}" fill-opacity=".7">{dots}</g>'
        f'<path d="M80 128L80 104L104 104L104 86L124 86L124 110L150 110L150 72L172 72L172 98L196 98L196 116'
        f'L222 116L222 92L248 92L248 128Z" fill="{p.ink}"/>'
        f'<circle cx="118" cy="196" r="20" fill="{p.mid}"/>'
        f'<path d="M92 272Q118 218 144 272Z" fill="{p.mid}"/>'
        f'<path d="M176 150L242 150Q246 150 246 154L246 188Q246 192 242 192L204 192L190 206L192 192L176 192'
        f'Q172 192 172 188L172 154Q172 150 176 150Z" fill="#fff" stroke="{p.ink}" stroke-width="2.5"/>'
        f'<g fill="{p.ink}"><rect x="182" y="160" width="52" height="4" rx="2"/>'
        '<rect x="182" y="170" width="40" height="4" rx="2"/><rect x="182" y="180" width="46" height="4" rx="2"/>'
        "</g></g>"
        f'<polygon points="{burst}" fill="#ffd23f" stroke="{p.ink}" stroke-width="4" stroke-linejoin="round"/>'
        f'<text x="300" y="212" text-anchor="middle" font-family="Impact, \'Arial Black\', {FONT}"'
        f' font-size="36" font-weight="900" fill="{p.ink}" transform="rotate(-8 300 200)">POW!</text>'
    )


def _watch(p: Palette) -> str:
    ticks = "".join(
        f'<rect x="197" y="78" width="6" height="18" rx="1.5" transform="rotate({i * 30} 200 150)"/>'
        if i % 3 == 0
        else f'<rect x="198.5" y="80" width="3" height="10" rx="1.5" transform="rotate({i * 30} 200 150)"/>'
        for i in range(12)
    )
    minutes = "".join(
        f'<line x1="200" y1="66" x2="200" y2="71" transform="rotate({i * 6} 200 150)"/>' for i in range(60) if i % 5
    )
    return (
        f'<path d="M160 0L240 0L232 70L168 70Z" fill="{p.ink}"/>'
        f'<path d="M168 230L232 230L240 300L160 300Z" fill="{p.ink}"/>'
        '<g stroke="#fff" stroke-opacity=".18" stroke-width="2">'
        '<line x1="170" y1="14" x2="230" y2="14"/><line x1="170" y1="286" x2="230" y2="286"/></g>'
        '<rect x="290" y="138" width="18" height="24" rx="4" fill="#e8e8ea"/>'
        '<circle cx="200" cy="153" r="98" fill="#000" fill-opacity=".25"/>'
        '<circle cx="200" cy="150" r="98" fill="url(#steel)"/>'
        f'<circle cx="200" cy="150" r="84" fill="{p.tint}"/>'
        f'<circle cx="200" cy="150" r="84" fill="none" stroke="{p.ink}" stroke-opacity=".25" stroke-width="2"/>'
        f'<g stroke="{p.ink}" stroke-opacity=".45" stroke-width="1.5">{minutes}</g>'
        f'<g fill="{p.ink}">{ticks}</g>'
        f'<circle cx="200" cy="190" r="17" fill="none" stroke="{p.ink}" stroke-opacity=".35" stroke-width="2"/>'
        f'<line x1="200" y1="190" x2="208" y2="180" stroke="{p.ink}" stroke-width="2"/>'
        f'<text x="200" y="112" text-anchor="middle" font-family="{FONT}" font-size="8" letter-spacing="2"'
        f' fill="{p.ink}" fill-opacity=".7">AUTOMATIC</text>'
        f'<g stroke="{p.ink}" stroke-linecap="round">'
        '<line x1="200" y1="150" x2="160" y2="128" stroke-width="7"/>'
        '<line x1="200" y1="150" x2="252" y2="116" stroke-width="5"/></g>'
        '<line x1="200" y1="168" x2="200" y2="84" stroke="#d33a2c" stroke-width="2"/>'
        f'<circle cx="200" cy="150" r="7" fill="{p.ink}"/><circle cx="200" cy="150" r="3" fill="#d33a2c"/>'
    )


def _generic(p: Palette) -> str:
    return (
        '<ellipse cx="200" cy="272" rx="120" ry="8" fill="#000" fill-opacity=".2"/>'
        '<polygon points="130,90 270,90 320,140 200,260 80,140" fill="#fff"/>'
        f'<polygon points="130,90 170,140 200,260 80,140" fill="{p.tint}"/>'
        f'<polygon points="270,90 230,140 200,260 320,140" fill="{p.soft}"/>'
        f'<g stroke="{p.ink}" stroke-opacity=".35" stroke-width="2" fill="none">'
        '<path d="M80 140L320 140M130 90L170 140L200 90L230 140L270 90M170 140L200 260L230 140"/></g>'
    )


MOTIFS = {"cars": _car, "history": _history, "wine-spirits": _wine, "art": _comic, "watches": _watch}


def asset_svg(*, category: str, ticker: str, name: str, color: str, variant: str = "portal") -> str:
    """The asset's picture as an SVG document (same input, same bytes)."""
    if variant not in SIZES:
        raise ValueError(f"variant must be one of {sorted(SIZES)}, got {variant!r}")
    width, height = SIZES[variant]
    p = Palette(parse_color(color))
    seed = hashlib.sha256(f"{category}\x00{ticker}\x00{color.lower()}".encode()).digest()
    motif = MOTIFS.get(category, _generic)(p)
    label = LABELS.get(category, category.replace("-", " ").upper())

    # Placement: the motif sits right of centre on the portal card, centred on the square home card.
    if variant == "portal":
        scale, mx, my = 1.0, 350, 70
        glow_x, glow_y = 550, 220
    else:
        scale, mx, my = 0.92, 116, 92
        glow_x, glow_y = 300, 230
    pad = 48 if variant == "portal" else 40
    ticker_text = ticker.strip() or "#"
    ticker_size = min(96.0 if variant == "portal" else 84.0, (width - 2 * pad) / (0.64 * len(ticker_text)))
    name_size = 26 if variant == "portal" else 24
    name_text = _fit(name.strip(), name_size, width - 2 * pad, 0.54)
    angle = (30, 45, 60, 120, 135)[seed[0] % 5]
    rings = "".join(
        f'<circle cx="{40 + seed[i] * (width - 80) // 255}" cy="{40 + seed[i + 1] * (height - 240) // 255}"'
        f' r="{60 + seed[i + 2] % 120}" fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="2"/>'
        for i in (1, 4, 7)
    )
    uid = seed.hex()[:8]
    defs = (
        f'<linearGradient id="bg-{uid}" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{p.top}"/><stop offset=".55" stop-color="{p.mid}"/>'
        f'<stop offset="1" stop-color="{p.bottom}"/></linearGradient>'
        f'<radialGradient id="glow-{uid}" cx="{glow_x}" cy="{glow_y}" r="{height * 0.45:.0f}"'
        ' gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff" stop-opacity=".28"/>'
        '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>'
        f'<linearGradient id="scrim-{uid}" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#000" stop-opacity="0"/>'
        '<stop offset="1" stop-color="#000" stop-opacity=".42"/></linearGradient>'
        f'<pattern id="pat-{uid}" width="18" height="18" patternUnits="userSpaceOnUse"'
        f' patternTransform="rotate({angle})"><rect width="2" height="18" fill="#fff" fill-opacity=".05"/>'
        "</pattern>"
        '<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7dc84"/>'
        '<stop offset="1" stop-color="#c58f22"/></linearGradient>'
        '<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbfbfc"/>'
        '<stop offset=".5" stop-color="#c9ccd2"/><stop offset="1" stop-color="#8d929b"/></linearGradient>'
    )
    title = escape(f"{ticker_text} {name.strip()}".strip())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}" role="img" aria-label="{title}">'
        f"<title>{title}</title><defs>{defs}</defs>"
        f'<rect width="{width}" height="{height}" fill="url(#bg-{uid})"/>'
        f'<rect width="{width}" height="{height}" fill="url(#pat-{uid})"/>'
        f"{rings}"
        f'<rect width="{width}" height="{height}" fill="url(#glow-{uid})"/>'
        f'<g transform="translate({mx} {my}) scale({scale})">{motif}</g>'
        f'<rect y="{height * 0.55:.0f}" width="{width}" height="{height * 0.45:.0f}" fill="url(#scrim-{uid})"/>'
        f'<rect x="{pad}" y="{pad - 4}" width="28" height="3" rx="1.5" fill="#fff" fill-opacity=".85"/>'
        f'<text x="{pad}" y="{pad + 22}" font-family="{FONT}" font-size="15" font-weight="600"'
        f' letter-spacing="3" fill="#fff" fill-opacity=".85">{escape(label)}</text>'
        f'<text x="{width - pad}" y="{pad + 22}" text-anchor="end" font-family="{FONT}" font-size="13"'
        f' font-weight="700" letter-spacing="4" fill="#fff" fill-opacity=".55">VITRINE</text>'
        f'<text x="{pad}" y="{height - pad - name_size - 14}" font-family="{FONT}" font-size="{ticker_size:.0f}"'
        f' font-weight="800" letter-spacing="-1" fill="#fff">{escape(ticker_text)}</text>'
        f'<text x="{pad}" y="{height - pad}" font-family="{FONT}" font-size="{name_size}" font-weight="500"'
        f' fill="#fff" fill-opacity=".88">{escape(name_text)}</text>'
        "</svg>"
    )
