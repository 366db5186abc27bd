"""The catalogue's screen reads as pure ASGI, in default mode: the list (`GET /api/v2/assets/`, plain, by category,
by search) from the shared snapshot's prepared reads, and the home screen (`GET /api/client-screens/home`, no query)
from its rendered answer (api/home_screen.py) — answered before routing, dependency injection and response
buffering: a dict lookup, no JSON encoding. Same bytes, ETag and 304 as the routes; anything the edge does not
answer (special access, an invalid query, one asset with its page content) goes on to them."""

from __future__ import annotations

from typing import Any

from starlette.datastructures import QueryParams
from starlette.types import ASGIApp, Receive, Scope, Send

from api.catalogue import Prepared, Snapshot
from api.catalogue_reads import MAX_CATEGORY, MAX_QUERY, known_category, listing, prepared_read
from api.middleware import CACHE_CONTROL, etag_matches
from domain.access import DEFAULT, mode_for_host

PATH = "/api/v2/assets/"
HOME_PATH = "/api/client-screens/home"


def _list_read(snap: Snapshot, query_string: bytes) -> Prepared | None:
    if not query_string:
        return Prepared(snap.body, snap.etag)
    params = QueryParams(query_string)
    category, query = params.get("category"), params.get("query")  # others ignored, as the route does
    if (category is not None and len(category) > MAX_CATEGORY) or (query is not None and len(query) > MAX_QUERY) \
            or not known_category(category):
        return None  # the route answers the 422
    return prepared_read(snap, None, "list", (category, query), listing(category, query))


async def _answer(state: Any, path: str, query_string: bytes) -> Prepared | None:
    if path == PATH:
        return _list_read(await state.catalogue.snapshot(), query_string)
    if query_string:
        return None
    body, etag = await state.home.default_answer(state.catalogue, state.settings.ats_cards)
    return Prepared(body, etag)


class CatalogueEdge:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope["path"] if scope["type"] == "http" and scope["method"] == "GET" else ""
        if path not in (PATH, HOME_PATH):
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = (headers.get(b"x-forwarded-host") or headers.get(b"host") or b"").decode("latin-1")
        prepared = None
        if mode_for_host(host) == DEFAULT:
            prepared = await _answer(scope["app"].state.vitrine, path, scope["query_string"])
        if prepared is None:
            await self.app(scope, receive, send)
            return
        common = [(b"etag", prepared.etag.encode()), (b"cache-control", CACHE_CONTROL)]
        if etag_matches(headers.get(b"if-none-match", b"").decode("latin-1") or None, prepared.etag):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": 200, "headers": [
            *common, (b"content-type", b"application/json"), (b"content-length", str(len(prepared.body)).encode())]})
        await send({"type": "http.response.body", "body": prepared.body})
