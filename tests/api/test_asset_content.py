"""An asset's page content (issue 21 item 1): the asset detail read answers every demo asset's media, documents,
detail categories, timeline, value history, quote, PDF, Snap link and investor count; the list leaves them out."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import httpx

from api.catalogue.schemas import AssetDetailOut, AssetOut
from store.demo_assets import DEMO_ASSETS
from store.demo_content import content_of
from tests.api.documented import conforms

CONTENT = set(AssetDetailOut.model_fields) - set(AssetOut.model_fields)
DEMO = {d.ticker: d for d in DEMO_ASSETS}


async def demo_assets(api: httpx.AsyncClient) -> list[dict]:  # type: ignore[type-arg]
    r = await api.get("/api/v2/assets/")
    demo = {d.ticker for d in DEMO_ASSETS}
    return [a for a in r.json()["items"] if a["ticker"] in demo]


async def test_every_demo_asset_has_its_page_content(api: httpx.AsyncClient) -> None:
    items = await demo_assets(api)
    assert len(items) == len(DEMO_ASSETS)
    for listed in items:
        assert not CONTENT & set(listed)  # the list stays as it was
        r = await api.get(f"/api/v2/assets/{listed['id']}/")
        assert r.status_code == 200, r.text
        a = r.json()
        conforms(AssetDetailOut, a)
        assert {k: a[k] for k in listed} == listed  # the catalogue's fields, unchanged
        media = a["asset_media"]
        assert [m["order"] for m in media] == sorted(m["order"] for m in media)
        assert {m["type"] for m in media} == {"image", "video"}
        assert all(d["document_media"] for d in a["document"]) and len(a["document"]) >= 1
        assert all(c["details"] and c["name"] for c in a["categories"])
        dates = [t["date"] for t in a["timeline_items"]]
        assert dates == sorted(dates) and len(dates) >= 3
        points = a["history_value_points"]
        assert len(points) > 12 and [p["date"] for p in points] == sorted(p["date"] for p in points)
        assert (date.fromisoformat(points[-1]["date"]) - date.fromisoformat(points[-13]["date"])).days < 100
        assert a["quote"]["quote"] and a["quote"]["author"]
        assert a["snapchat_deeplink_url"].startswith("https://www.snapchat.com/")
        demo = DEMO[a["ticker"]]  # the count the seed wrote; investors show once shares are sold, none before
        assert a["investor_count"] == content_of(demo, a["id"], datetime.now(UTC)).investor_count
        assert (a["investor_count"] > 0) == (demo.shares * demo.sold_pct // 100 > 0), (a["ticker"], a["investor_count"])
        assert a["pdf"] == f"/media/assets/{a['id']}/offering.pdf"


async def test_media_and_pdf_are_served(api: httpx.AsyncClient) -> None:
    a = (await api.get(f"/api/v2/assets/{(await demo_assets(api))[0]['id']}/")).json()
    for m in a["asset_media"] + [p for d in a["document"] for p in d["document_media"]]:
        if m["type"] == "image":
            assert (await api.get(m["file"])).headers["content-type"].startswith("image/svg+xml")
    pdf = await api.get(a["pdf"])
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    body = pdf.content
    assert body.startswith(b"%PDF-1.4") and body.rstrip().endswith(b"%%EOF")
    xref = int(re.search(rb"startxref\n(\d+)", body).group(1))  # type: ignore[union-attr]
    assert body[xref:xref + 4] == b"xref"
    offsets = [int(o) for o in re.findall(rb"(\d{10}) 00000 n", body)]
    assert [body[o:o + 8] for o in offsets] == [f"{n} 0 obj\n".encode()[:8] for n in range(1, len(offsets) + 1)]
    assert a["display_name"].split()[0].encode() in body
    assert (await api.get("/media/assets/999999/offering.pdf")).status_code == 404


async def test_a_missing_asset_has_no_content(api: httpx.AsyncClient) -> None:
    r = await api.get("/api/v2/assets/999999/")
    assert r.status_code == 404 and r.json()["errors"][0]["message"] == "Asset not found."
