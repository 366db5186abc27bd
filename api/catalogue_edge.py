"""The catalogue's hot path as pure ASGI: GET /api/v2/assets/ (no query, default mode) answered from the shared
snapshot before routing, dependency injection and response buffering. Same bytes, ETag and 304 as the route."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

from api.middleware import CACHE_CONTROL, etag_matches
from domain.access import DEFAULT, mode_for_host

PATH = "/api/v2/assets/"


class CatalogueEdge:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or scope["path"] != PATH or scope["query_string"]:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = (headers.get(b"x-forwarded-host") or headers.get(b"host") or b"").decode("latin-1")
        if mode_for_host(host) != DEFAULT:
            await self.app(scope, receive, send)
            return
        snap = await scope["app"].state.vitrine.catalogue.snapshot()
        common = [(b"etag", snap.etag.encode()), (b"cache-control", CACHE_CONTROL)]
        if etag_matches(headers.get(b"if-none-match", b"").decode("latin-1") or None, snap.etag):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": 200, "headers": [
            *common, (b"content-type", b"application/json"), (b"content-length", str(len(snap.body)).encode())]})
        await send({"type": "http.response.body", "body": snap.body})
