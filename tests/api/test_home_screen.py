"""GET /api/client-screens/home (spec doc 3 §2.4): the seeded sections with their texts, the catalogue's ETag / 304
rules, what ops change showing up, and special-access mode showing only the caller's assets."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import select, update
from sqlmodel import col

from api.catalogue.home_schemas import HomeScreenOut
from api.state import AppState
from store.home_models import HomeBanner
from store.models import Asset
from tests.api.documented import conforms
from tests.waiting import eventually

HOME = "/api/client-screens/home"
EARLY = {"host": "early.vitrine.test"}


async def home(api: httpx.AsyncClient, headers: dict[str, str] | None = None) -> dict[str, Any]:
    r = await api.get(HOME, headers=headers)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    conforms(HomeScreenOut, body)
    return body


def ticker_of(body: dict[str, Any]) -> dict[int, str]:
    return {a["id"]: a["ticker"] for a in body["assets"]}


async def test_the_seeded_sections_and_their_texts(api: httpx.AsyncClient) -> None:
    body = await home(api)
    tickers = ticker_of(body)
    banners = body["sections"]["banners"]
    assert [b["header"] for b in banners] == ["The '88 F40 is trading", "Know when the market opens"]
    asset_banner, link_banner = banners
    assert asset_banner["callToAction"] == {"text": "View the F40", "enabled": True, "referenceType": "ASSET",
                                            "url": None, "assetId": asset_banner["assetId"]}
    assert tickers[asset_banner["assetId"]] == "#88F40"
    assert link_banner["callToAction"]["referenceType"] == "LINK"
    assert link_banner["callToAction"]["url"] == "/app/investments-calendar"
    assert link_banner["callToAction"]["assetId"] is None
    for b in banners:
        assert (await api.get(b["imageLink"])).status_code == 200
    heroes = {tickers[h["assetId"]]: (h["heroText"], h["progressText"]) for h in body["sections"]["highlights"]}
    assert heroes == {
        "#63SPLIT": ("Initial Offering Now Open", "22% remaining"),  # 78 % funded
        "#88F40": ("Trading Now — Act Fast!", None),  # market open
        "#GATSBY": ("Accepting Orders Now!", None),  # post-only
    }
    carousels = {c["title"]: [tickers[i] for i in c["assetIds"]] for c in body["sections"]["carousels"]}
    assert carousels["Open offerings"][:2] == ["#55PS1", "#63SPLIT"]
    assert "#88F40" in carousels["Trading on Vitrine"]
    assert body["features"]["calendar"]["enabled"] is True
    named = {h["assetId"] for h in body["sections"]["highlights"]} | {
        i for c in body["sections"]["carousels"] for i in c["assetIds"]}
    assert named <= set(tickers) and not any(a["is_exited"] for a in body["assets"])


async def test_etag_304_and_a_change_ops_make(api: httpx.AsyncClient, app_state: AppState) -> None:
    r = await api.get(HOME)
    etag = r.headers["etag"]
    assert r.headers["cache-control"] == "private, max-age=60"
    again = await api.get(HOME, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    # a query string passes the edge (api/catalogue/edge.py) to the route: the same answer
    routed = await api.get(HOME, params={"via": "route"})
    assert routed.content == r.content and routed.headers["etag"] == etag
    assert (await api.get(HOME, params={"via": "route"}, headers={"If-None-Match": etag})).status_code == 304
    banner_id = r.json()["sections"]["banners"][0]["id"]
    async with app_state.sessions() as db:
        old = await db.scalar(select(col(HomeBanner.subheader)).where(col(HomeBanner.id) == banner_id))
        await db.execute(update(HomeBanner).where(col(HomeBanner.id) == banner_id).values(subheader="Now with 2 % off"))
        await db.commit()
    try:
        await app_state.catalogue.invalidate()

        async def changed() -> httpx.Response | None:
            r = await api.get(HOME, headers={"If-None-Match": etag})
            return r if r.status_code == 200 else None

        fresh = await eventually(changed)
        assert fresh.json()["sections"]["banners"][0]["subheader"] == "Now with 2 % off"
        assert fresh.headers["etag"] != etag
    finally:
        async with app_state.sessions() as db:
            await db.execute(update(HomeBanner).where(col(HomeBanner.id) == banner_id).values(subheader=old))
            await db.commit()
        await app_state.catalogue.invalidate()


async def test_special_access_mode_shows_only_the_callers_assets(api: httpx.AsyncClient,
                                                                 app_state: AppState) -> None:
    assert (await api.get(HOME, headers=EARLY)).status_code == 401
    r = await api.post("/api/v3/auth/login/", json={"email": "early@vitrine.test", "password": "Vitrine2026!"},
                       headers=EARLY)
    assert r.status_code == 200, r.text
    headers = {**EARLY, "Authorization": f"JWT {r.json()['token']}"}
    body = await home(api, headers)
    async with app_state.sessions() as db:
        hobbit = await db.scalar(select(col(Asset.id)).where(col(Asset.ticker) == "#HOBBIT"))
    # of the seeded sections, only #HOBBIT is an asset early@ may see (early_io does not open #PETRUS82's offering)
    assert ticker_of(body) == {hobbit: "#HOBBIT"}
    assert body["sections"]["carousels"] == [
        {"id": body["sections"]["carousels"][0]["id"], "title": "Open offerings", "assetIds": [hobbit]}]
    assert body["sections"]["highlights"] == []
    assert [b["header"] for b in body["sections"]["banners"]] == ["Know when the market opens"]  # a link, no asset
    etag = (await api.get(HOME, headers=headers)).headers["etag"]
    assert (await api.get(HOME, headers={**headers, "If-None-Match": etag})).status_code == 304
    default = await api.get(HOME)
    assert default.headers["etag"] != etag and len(default.json()["assets"]) > 1
