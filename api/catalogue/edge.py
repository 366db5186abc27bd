"""The catalogue's screen reads as pure ASGI: the list (`GET /api/v2/assets/`, plain, by category, by search) from
the shared snapshot's prepared reads — in default mode, and in special-access mode for a caller whose session is good
(the session checked as every flow call checks it, api/deps.session_claims; their access from the short per-account
cache, api/caller_access.py), one asset with its page content (`GET /api/v2/assets/{id}/`, in both modes) — and the
home screen (`GET /api/client-screens/home`, default mode, no query) from its
rendered answer (api/catalogue/home.py): answered before routing, dependency injection and response buffering, a dict
lookup, no JSON encoding. Same bytes, ETag and 304 as the routes; anything the edge does not answer (no or a refused
session: the route's 401, an invalid query, special-access home, an asset not found) goes on to them."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from starlette.datastructures import QueryParams
from starlette.types import ASGIApp, Receive, Scope, Send

from api.catalogue import reads
from api.catalogue.reads import AccessKey
from api.catalogue.snapshot import Prepared, Snapshot
from api.deps import bearer_of, session_claims
from api.middleware import CACHE_CONTROL, etag_matches
from api.state import AppState
from domain.access import DEFAULT, mode_for_host

PATH = "/api/v2/assets/"
HOME_PATH = "/api/client-screens/home"
DETAIL_PATH = re.compile(r"/api/v2/assets/([1-9][0-9]{0,8})/")  # one asset (ids the route's `Id` accepts)


def _list_read(snap: Snapshot, query_string: bytes, access: AccessKey | None) -> Prepared | None:
    if not query_string and access is None:
        return Prepared(snap.body, snap.etag)
    params = QueryParams(query_string)
    category, query = params.get("category"), params.get("query")  # others ignored, as the route does
    too_long = (category is not None and len(category) > reads.MAX_CATEGORY) \
        or (query is not None and len(query) > reads.MAX_QUERY)
    if too_long or not reads.known_category(category):
        return None  # the route answers the 422
    return reads.prepared_read(snap, access, "list", (category, query), reads.listing(category, query))


async def _special_access(state: AppState, authorization: bytes) -> AccessKey | None:
    """The caller's access while their session is good; None (the route answers the 401) otherwise."""
    token = bearer_of(authorization.decode("latin-1"))
    claims = None if token is None else await session_claims(state, token)
    if claims is None:
        return None
    return reads.access_key(await state.caller_access.groups(claims.user_id), datetime.now(UTC))


async def _answer(state: AppState, path: str, query_string: bytes, headers: dict[bytes, bytes],
                  asset_id: int | None) -> Prepared | None:
    host = (headers.get(b"x-forwarded-host") or headers.get(b"host") or b"").decode("latin-1")
    special = mode_for_host(host) != DEFAULT
    if path == PATH or asset_id is not None:
        access = None
        if special:
            access = await _special_access(state, headers.get(b"authorization", b""))
            if access is None:
                return None
        snap = await state.catalogue.snapshot()
        if asset_id is not None:  # nothing to answer (not found): the route's 404
            return await reads.detail_read(state.catalogue, snap, access, asset_id)
        return _list_read(snap, query_string, access)
    if query_string or special:
        return None
    body, etag = await state.home.default_answer(state.catalogue, state.settings.ats_cards)
    return Prepared(body, etag)


class CatalogueEdge:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope["path"] if scope["type"] == "http" and scope["method"] == "GET" else ""
        detail = DETAIL_PATH.fullmatch(path)
        if path not in (PATH, HOME_PATH) and detail is None:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        asset_id = None if detail is None else int(detail.group(1))
        prepared = await _answer(scope["app"].state.vitrine, path, scope["query_string"], headers, asset_id)
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
