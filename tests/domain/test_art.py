from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from domain.art import MOTIFS, asset_svg

SVG = "{http://www.w3.org/2000/svg}"
CATEGORIES = ["cars", "history", "wine-spirits", "art", "watches"]


def art(category: str = "cars", **kw: str) -> str:
    args = {"ticker": "#CARS01", "name": "1965 Shelby Cobra", "color": "#1f6feb", **kw}
    return asset_svg(category=category, **args)


def motif_group(svg: str) -> str:
    root = ET.fromstring(svg)
    groups = [g for g in root.findall(f"{SVG}g") if (g.get("transform") or "").startswith("translate")]
    assert len(groups) == 1
    return ET.tostring(groups[0], encoding="unicode")


def texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("category", [*CATEGORIES, "unknown-kind"])
@pytest.mark.parametrize(("variant", "size"), [("portal", ("800", "600")), ("home", ("600", "600"))])
def test_valid_svg_with_size_ticker_and_name(category: str, variant: str, size: tuple[str, str]) -> None:
    svg = art(category, variant=variant)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert (root.get("width"), root.get("height")) == size
    assert root.get("viewBox") == f"0 0 {size[0]} {size[1]}"
    assert "#CARS01" in texts(svg) and "1965 Shelby Cobra" in texts(svg)
    assert "#1f6feb" in svg, "the background uses the asset's colour"


def test_every_category_has_its_own_motif() -> None:
    assert set(CATEGORIES) <= set(MOTIFS)
    motifs = {c: motif_group(art(c)) for c in [*CATEGORIES, "unknown-kind"]}
    assert len(set(motifs.values())) == len(motifs)


def test_deterministic_and_seeded_by_the_asset() -> None:
    assert art() == art()
    assert art(variant="home") == art(variant="home")
    assert art(ticker="#CARS02") != art()
    assert art(color="#aa3300") != art()
    # The motif is the category's, whatever the asset.
    assert motif_group(art(ticker="#CARS02")) == motif_group(art())


def test_text_is_escaped_for_xml() -> None:
    nasty = "Tom & Jerry <b>\"x\"</b>\x00\x07 'q'"
    svg = art("art", ticker="#A&B<1>", name=nasty)
    assert "<b>" not in svg
    root = ET.fromstring(svg)  # would raise on bad escaping or control characters
    assert "#A&B<1>" in texts(svg)
    assert "Tom & Jerry <b>\"x\"</b> 'q'" in texts(svg)
    assert root.get("aria-label", "").startswith("#A&B<1>")


def test_long_names_are_truncated_and_long_tickers_shrink() -> None:
    name = "A very long asset name " * 6
    shown = [t for t in texts(art(name=name)) if t.startswith("A very")][0]
    assert shown.endswith("…") and len(shown) < len(name)
    sizes = [float(m) for m in re.findall(r'font-size="([\d.]+)" font-weight="800"', art(ticker="#SUPERLONGTICKER2024"))]
    assert sizes and sizes[0] < 96


@pytest.mark.parametrize("color", ["1f6feb", "#abc", "#ABCDEF"])
def test_colour_forms(color: str) -> None:
    ET.fromstring(art(color=color))


@pytest.mark.parametrize(("kw", "message"), [({"color": "blue"}, "color"), ({"variant": "banner"}, "variant")])
def test_bad_arguments_raise(kw: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        art(**kw)
