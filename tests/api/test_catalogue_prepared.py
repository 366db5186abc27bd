"""Every screen read of the catalogue (by category, by search, one asset, special access) answers 304 to its own
ETag, and a catalogue change gives it a new body and a new ETag: the prepared answers follow the catalogue."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import select, update
from sqlmodel import col

from api.state import AppState
from store.models import Asset

TICKER = "#72MIURA"  # a car, on the early-access investor's list, in every read below
EARLY = {"host": "early.vitrine.test"}


def the_asset(body: dict[str, Any]) -> dict[str, Any]:
    found: list[dict[str, Any]] = [a for a in body["items"] if a["ticker"] == TICKER] if "items" in body else [body]
    assert len(found) == 1 and found[0]["ticker"] == TICKER, body
    return found[0]


async def sell_one_share(app_state: AppState) -> None:
    async with app_state.sessions() as db:
        await db.execute(update(Asset).where(col(Asset.ticker) == TICKER)
                         .values(shares_sold=col(Asset.shares_sold) + 1))
        await db.commit()
    await app_state.catalogue.invalidate()


async def follows_the_catalogue(api: httpx.AsyncClient, app_state: AppState, path: str,
                                params: dict[str, str] | None = None, headers: dict[str, str] | None = None) -> None:
    first = await api.get(path, params=params, headers=headers)
    assert first.status_code == 200, first.text
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "private, max-age=60"
    same = await api.get(path, params=params, headers={**(headers or {}), "If-None-Match": etag})
    assert same.status_code == 304 and same.content == b"" and same.headers["etag"] == etag
    await sell_one_share(app_state)
    changed = await api.get(path, params=params, headers={**(headers or {}), "If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert the_asset(changed.json())["shares_sold"] == the_asset(first.json())["shares_sold"] + 1
    again = await api.get(path, params=params, headers={**(headers or {}), "If-None-Match": changed.headers["etag"]})
    assert again.status_code == 304


async def test_the_category_read(api: httpx.AsyncClient, app_state: AppState) -> None:
    await follows_the_catalogue(api, app_state, "/api/v2/assets/", {"category": "cars"})


async def test_the_search_read(api: httpx.AsyncClient, app_state: AppState) -> None:
    await follows_the_catalogue(api, app_state, "/api/v2/assets/", {"query": "Miura"})


async def test_the_asset_read(api: httpx.AsyncClient, app_state: AppState) -> None:
    async with app_state.sessions() as db:
        asset_id = await db.scalar(select(col(Asset.id)).where(col(Asset.ticker) == TICKER))
    await follows_the_catalogue(api, app_state, f"/api/v2/assets/{asset_id}/")


async def test_the_special_access_read(api: httpx.AsyncClient, app_state: AppState) -> None:
    r = await api.post("/api/v3/auth/login/", json={"email": "early@vitrine.test", "password": "Vitrine2026!"},
                       headers=EARLY)
    assert r.status_code == 200, r.text
    headers = {**EARLY, "Authorization": f"JWT {r.json()['token']}"}
    await follows_the_catalogue(api, app_state, "/api/v2/assets/", headers=headers)
    await follows_the_catalogue(api, app_state, "/api/v2/assets/", {"category": "cars"}, headers)
    # another caller's prepared answer is never served: without a session, special access is refused
    assert (await api.get("/api/v2/assets/", params={"category": "cars"}, headers=EARLY)).status_code == 401


async def test_a_routed_read_is_the_filtered_catalogue(api: httpx.AsyncClient) -> None:
    everything = (await api.get("/api/v2/assets/")).json()["items"]
    cars = (await api.get("/api/v2/assets/", params={"category": "cars", "utm": "x"})).json()["items"]
    assert cars == [a for a in everything if a["category"] == "cars"]
    for a in everything[:3]:  # one asset: the list's fields, and its page content besides
        one = (await api.get(f"/api/v2/assets/{a['id']}/")).json()
        assert {k: one[k] for k in a} == a
