"""The catalogue: demo data coverage, shapes, search, change feed, ETags, special-access filtering."""

from __future__ import annotations

import time
from collections import Counter
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from sqlalchemy import select, update
from sqlmodel import col

from api.catalogue.home_schemas import HomeScreenOut
from api.catalogue.schemas import AssetsOut, StatusChangesOut, TradingDatesOut
from api.state import AppState
from store.demo_assets import DEMO_ASSETS
from store.models import Asset
from tests.api.accounts import PASSWORD, signup
from tests.api.documented import conforms

EARLY = {"host": "early.vitrine.test"}


async def assets(api: httpx.AsyncClient, **params: str) -> list[dict]:  # type: ignore[type-arg]
    r = await api.get("/api/v2/assets/", params=params)
    assert r.status_code == 200, r.text
    conforms(AssetsOut, r.json())
    items: list[dict] = r.json()["items"]  # type: ignore[type-arg]
    return items


async def test_demo_catalogue_covers_every_category_and_status(api: httpx.AsyncClient) -> None:
    demo = {d.ticker for d in DEMO_ASSETS}  # the seed's assets: other tests list theirs in the same catalogue
    items = [a for a in await assets(api) if a["ticker"] in demo]
    assert len(items) >= 24
    assert set(Counter(a["category"] for a in items)) == {"cars", "history", "wine-spirits", "art", "watches"}
    assert {a["asset_status"] for a in items} == {"Coming Soon", "Open ICO", "Closed ICO", "Trading", "Post Only",
                                                   "Trading closed"}
    open_ico = [a["progress_bar"] for a in items if a["asset_status"] == "Open ICO"]
    assert any(p > 50 for p in open_ico) and any(p > 75 for p in open_ico) and 100 in open_ico
    assert any(a["is_exited"] for a in items)
    assert any(a["esign_template_id"] for a in items if a["asset_status"] == "Open ICO")
    assert any(not a["esign_template_id"] for a in items if a["asset_status"] == "Open ICO")
    assert [a["order"] for a in items] == sorted(a["order"] for a in items)
    a = items[0]
    assert a["ticker"].startswith("#")
    assert a["financialInstrument"]["markets"]["secondaryMarket"]["status"] in {"OPEN", "CLOSED", "DISABLED"}
    assert set(a["trading"]["pricing"]["pricePerUnit"]) == {"issue", "current", "session"}
    img = await api.get(a["portal_image"])
    assert img.status_code == 200 and img.headers["content-type"].startswith("image/svg+xml")


async def test_price_per_share_is_exact(api: httpx.AsyncClient) -> None:
    for a in await assets(api):
        assert a["price_per_share"] == f"{float(a['asset_value']) / a['number_of_shares']:.2f}"


async def test_search_rule(api: httpx.AsyncClient) -> None:
    assert await assets(api, query="Fe") == []
    assert await assets(api, query="Ferrari  F40") == []  # double spaces are rejected
    found = await assets(api, query="   ferr")
    assert [a["ticker"] for a in found] == ["#88F40"]
    by_status = await assets(api, query="coming soon")
    assert by_status and all(a["asset_status"] == "Coming Soon" for a in by_status)
    cars = await assets(api, category="cars")
    assert cars and all(a["category"] == "cars" for a in cars)
    r = await api.get("/api/v2/assets/", params={"category": "spaceships"})
    assert r.status_code == 422


async def test_one_asset_and_missing_asset(api: httpx.AsyncClient) -> None:
    first = (await assets(api))[0]
    r = await api.get(f"/api/v2/assets/{first['id']}/")
    assert r.json()["ticker"] == first["ticker"]
    r = await api.get("/api/v2/assets/999999/")
    assert r.status_code == 404 and r.json()["errors"][0]["message"] == "Asset not found."
    r = await api.get("/api/v2/assets/abc/")
    assert r.status_code == 422


async def test_etag_304_and_cache_control(api: httpx.AsyncClient) -> None:
    r = await api.get("/api/v2/assets/")
    etag = r.headers["etag"]
    assert r.headers["cache-control"] == "private, max-age=60"
    again = await api.get("/api/v2/assets/", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    other = await api.get("/api/v2/assets/", headers={"If-None-Match": '"stale"'})
    assert other.status_code == 200


async def test_change_feed_and_schedule(api: httpx.AsyncClient, app_state: AppState) -> None:
    sched = (await api.get("/api/v2/asset/status/update-schedule/")).json()
    assert sched["next_update_timestamp"] >= time.time() - 1
    assert sched["update_seconds_interval"] > 0
    since = time.time() - 0.5
    async with app_state.sessions() as db:
        asset = await db.scalar(select(Asset).where(col(Asset.ticker) == "#HOBBIT"))
        assert asset is not None
        asset_id, sold_before = asset.id, asset.shares_sold
        await db.execute(update(Asset).where(col(Asset.id) == asset.id).values(shares_sold=col(Asset.shares_sold) + 1))
        await db.commit()
    await app_state.catalogue.invalidate()
    r = await api.get("/api/v2/asset/status/", params={"modified_gte": str(since)})
    body = r.json()
    conforms(StatusChangesOut, body)
    # other tests (and the market's ticks) may change other assets meanwhile: this one must be listed, with its change
    changed = {i["id"]: i for i in body["items"]}
    assert asset_id in changed and changed[asset_id]["shares_sold"] == sold_before + 1
    assert all(datetime.fromisoformat(i["modified"]).timestamp() >= since for i in body["items"])
    later = await api.get("/api/v2/asset/status/", params={"modified_gte": str(time.time() + 3600)})
    assert later.json()["items"] == []
    assert set(body) == {"items", "next_update_timestamp", "update_seconds_interval"}
    assert (await api.get("/api/v2/asset/status/", params={"modified_gte": "yesterday"})).status_code == 422


async def test_home_trading_dates_categories(api: httpx.AsyncClient) -> None:
    home = (await api.get("/api/client-screens/home")).json()
    conforms(HomeScreenOut, home)
    assert home["features"]["calendar"]["enabled"] is True
    assert home["features"]["atsCards"] == 0  # doc 1's default: no /app/ats cards (make dev sets 1)
    assert home["assets"] and not any(a["is_exited"] for a in home["assets"])
    dates = (await api.get("/api/assets/trading-dates/")).json()
    conforms(TradingDatesOut, dates)
    assert dates["windows"] and all(datetime.fromisoformat(w["opens"]).weekday() < 5 for w in dates["windows"])
    cats = (await api.get("/api/categories/")).json()["items"]
    assert {(c["key"], c["pathname"]) for c in cats} == {
        ("cars", "cars"), ("history", "history"), ("wine-spirits", "wine-spirits"), ("art", "comics-literature"),
        ("watches", "luxury")}
    assert all(set(c) == {"key", "pathname", "title", "color"} for c in cats)  # the table's `order` is not public


async def test_the_investments_calendar_buckets_what_the_catalogue_shows(api: httpx.AsyncClient) -> None:
    items = (await api.get("/api/v2/assets/")).json()["items"]
    calendar = (await api.get("/api/assets/trading-dates/")).json()["calendar"]
    by_id = {a["id"]: a for a in items}
    coming = {a["id"] for a in items if a["asset_status"] == "Coming Soon" and not a["is_exited"]}
    available = {a["id"] for a in items if a["asset_status"] == "Open ICO" and a["progress_bar"] < 100
                 and not a["is_exited"]}
    assert coming and set(calendar["ioComingSoon"]) == coming
    assert available and set(calendar["ioAvailable"]) == available
    for bucket in ("live", "postOnly"):
        assert all(by_id[i]["asset_status"] in ("Trading", "Post Only") for i in calendar[bucket])


async def test_special_access_mode(api: httpx.AsyncClient, app_state: AppState,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [time.monotonic() + 1e6]  # the access cache's clock, moved by hand below
    monkeypatch.setattr(app_state.caller_access, "clock", lambda: clock[0])
    r = await api.post("/api/v3/auth/login/", json={"email": "early@vitrine.test", "password": "Vitrine2026!"},
                       headers=EARLY)
    assert r.status_code == 200, r.text
    headers = {**EARLY, "Authorization": f"JWT {r.json()['token']}"}
    items = (await api.get("/api/v2/assets/", headers=headers)).json()["items"]
    tickers = [a["ticker"] for a in items]
    # free_share_program first; early_io excludes Open ICO (#PETRUS82); nothing without access
    assert tickers[0] == "#HOBBIT"
    assert set(tickers) == {"#HOBBIT", "#72MIURA", "#CARTIER"}
    assert (await api.get("/api/v2/assets/", headers=EARLY)).status_code == 401
    # access that has ended no longer shows
    from store.models import AccessGroup, User

    async with app_state.sessions() as db:
        uid = await db.scalar(select(col(User.id)).where(col(User.email) == "early@vitrine.test"))
        cartier = await db.scalar(select(col(Asset.id)).where(col(Asset.ticker) == "#CARTIER"))
        await db.execute(update(AccessGroup).where(col(AccessGroup.user_id) == uid, col(AccessGroup.asset_id) == cartier)
                         .values(access_end=datetime.now(UTC) - timedelta(days=1)))
        await db.commit()
    # a change in the database reaches the caller's reads within the access cache's age (auth_cache_seconds)
    tickers = [a["ticker"] for a in (await api.get("/api/v2/assets/", headers=headers)).json()["items"]]
    assert "#CARTIER" in tickers
    clock[0] += app_state.settings.auth_cache_seconds
    tickers = [a["ticker"] for a in (await api.get("/api/v2/assets/", headers=headers)).json()["items"]]
    assert "#CARTIER" not in tickers
    # the session is not cached with the access: a logged-out session reads nothing more at once
    assert (await api.post("/api/auth/logout/", headers=headers)).status_code == 200
    for path in ("/api/v2/assets/", "/api/client-screens/home"):
        r = await api.get(path, headers=headers)
        assert r.status_code == 401, r.text
        assert r.json()["errors"][0]["message"] == "Your session has expired, please try logging in again."
    # a user without any access group cannot log in in special-access mode
    plain = await signup(api)
    r = await api.post("/api/v3/auth/login/", json={"email": plain["email"], "password": PASSWORD}, headers=EARLY)
    assert r.status_code == 403
    assert r.json()["errors"][0]["message"] == "Sorry, you are not authorized for early access at this time."
    # default mode is unaffected
    assert (await api.post("/api/v3/auth/login/", json={"email": plain["email"], "password": PASSWORD})).status_code == 200


async def test_notify_subscriptions(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    h = user["headers"]
    items = await assets(api)
    soon = next(a for a in items if a["asset_status"] == "Coming Soon")
    closed = next(a for a in items if a["asset_status"] == "Trading closed" and not a["is_exited"])
    assert (await api.post("/api/assets/notify_me/", json={"asset": soon["id"]}, headers=h)).status_code == 201
    assert (await api.post("/api/assets/notify_me/", json={"asset": soon["id"]}, headers=h)).status_code == 201
    r = await api.post("/api/assets/notify_me/", json={"asset": closed["id"]}, headers=h)
    assert r.status_code == 409  # the asset is not coming soon: its state, not the form
    assert (await api.post("/api/assets/notify-on-trading/", json={"asset": closed["id"]}, headers=h)).status_code == 201
    me = (await api.get("/api/auth/user/", headers=h)).json()
    assert me["notify_me"] == [soon["id"]] and me["notify_on_trading"] == [closed["id"]]
    assert (await api.delete(f"/api/assets/notify_me/{soon['id']}/", headers=h)).status_code == 204
    assert (await api.get("/api/auth/user/", headers=h)).json()["notify_me"] == []
    assert (await api.post("/api/assets/notify_me/", json={"asset": soon["id"]})).status_code == 401
