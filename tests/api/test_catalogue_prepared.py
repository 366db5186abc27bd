"""Every screen read of the catalogue (by category, by search, one asset, special access) answers 304 to its own
ETag, and a catalogue change gives it a new body and a new ETag: the prepared answers follow the catalogue (one
asset's also its page content)."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import select, update
from sqlmodel import col
from starlette.types import Message, Receive, Scope, Send

from api.app import create_app
from api.catalogue.edge import CatalogueEdge
from api.state import AppState
from store.catalogue_cache import CONTENT_KEY
from store.content_models import AssetQuote
from store.models import Asset
from tests.waiting import eventually

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


async def test_the_asset_read_in_special_access_mode(api: httpx.AsyncClient, app_state: AppState) -> None:
    r = await api.post("/api/v3/auth/login/", json={"email": "early@vitrine.test", "password": "Vitrine2026!"},
                       headers=EARLY)
    assert r.status_code == 200, r.text
    headers = {**EARLY, "Authorization": f"JWT {r.json()['token']}"}
    async with app_state.sessions() as db:
        ids = dict((await db.execute(select(col(Asset.ticker), col(Asset.id)))).tuples().all())
    await follows_the_catalogue(api, app_state, f"/api/v2/assets/{ids[TICKER]}/", headers=headers)
    # an asset outside the caller's access is not found, as an unknown one; no session: the route's 401
    other = await api.get(f"/api/v2/assets/{ids['#88F40']}/", headers=headers)
    assert other.status_code == 404 and other.json()["errors"][0]["message"] == "Asset not found."
    assert (await api.get(f"/api/v2/assets/{ids[TICKER]}/", headers=EARLY)).status_code == 401
    assert (await api.get(f"/api/v2/assets/{ids['#88F40']}/")).status_code == 200  # default mode sees it


async def test_the_asset_read_is_answered_before_routing(app_state: AppState) -> None:
    """The edge (api/catalogue/edge.py) answers one asset itself: the app behind it is never called, and its
    answer is the route's (the same bytes and ETag through the whole app)."""

    async def routed(scope: Scope, receive: Receive, send: Send) -> None:
        raise AssertionError(f"routed: {scope['path']}")

    async with app_state.sessions() as db:
        asset_id = await db.scalar(select(col(Asset.id)).where(col(Asset.ticker) == TICKER))
    app = create_app(app_state.settings)
    app.state.vitrine = app_state
    edge = CatalogueEdge(routed)
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    async def send(message: Message) -> None:
        sent.append(message)

    path = f"/api/v2/assets/{asset_id}/"
    await edge({"type": "http", "method": "GET", "path": path, "query_string": b"", "headers": [], "app": app},
               receive, send)
    assert sent[0]["status"] == 200
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as client:
        whole = await client.get(path)
    assert sent[1]["body"] == whole.content and dict(sent[0]["headers"])[b"etag"].decode() == whole.headers["etag"]
    assert the_asset(whole.json())["quote"]["quote"]


async def test_the_asset_read_follows_its_page_content(api: httpx.AsyncClient, app_state: AppState) -> None:
    """Ops' change to an asset's page content reaches the read (with a new ETag) once its shared copy is dropped."""
    async with app_state.sessions() as db:
        asset_id = await db.scalar(select(col(Asset.id)).where(col(Asset.ticker) == TICKER))
        quote = await db.get(AssetQuote, asset_id)
        assert quote is not None
        before = quote.quote
    path = f"/api/v2/assets/{asset_id}/"
    first = await api.get(path)
    etag = first.headers["etag"]
    try:
        async with app_state.sessions() as db:
            await db.execute(update(AssetQuote).where(col(AssetQuote.asset_id) == asset_id)
                             .values(quote="A quote ops changed."))
            await db.commit()
        await app_state.redis.delete(CONTENT_KEY.format(asset_id=asset_id))

        async def changed() -> httpx.Response | None:
            r = await api.get(path, headers={"If-None-Match": etag})
            return r if r.status_code == 200 else None

        fresh = await eventually(changed)
        assert fresh.json()["quote"]["quote"] == "A quote ops changed." and fresh.headers["etag"] != etag
        assert {k: v for k, v in fresh.json().items() if k != "quote"} == \
            {k: v for k, v in first.json().items() if k != "quote"}
    finally:
        async with app_state.sessions() as db:
            await db.execute(update(AssetQuote).where(col(AssetQuote.asset_id) == asset_id).values(quote=before))
            await db.commit()
        await app_state.redis.delete(CONTENT_KEY.format(asset_id=asset_id))
