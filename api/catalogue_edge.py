"""The catalogue's hot paths as pure ASGI, answered before routing, dependency injection and response buffering:
GET /api/v2/assets/ (no query, default mode) from the shared snapshot, and GET /api/client-screens/home (default
mode) from its rendered answer (api/home_screen.py). Same bytes, ETag and 304 as the routes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from api.middleware import CACHE_CONTROL, etag_matches
from domain.access import DEFAULT, mode_for_host

PATH = "/api/v2/assets/"
HOME_PATH = "/api/client-screens/home"


async def _catalogue(state: Any) -> tuple[bytes, str]:
    snap = await state.catalogue.snapshot()
    return snap.body, snap.etag


async def _home(state: Any) -> tuple[bytes, str]:
    answer: tuple[bytes, str] = await state.home.default_answer(state.catalogue, state.settings.ats_cards)
    return answer


ANSWERS: dict[str, Callable[[Any], Awaitable[tuple[bytes, str]]]] = {PATH: _catalogue, HOME_PATH: _home}


class CatalogueEdge:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        answer = ANSWERS.get(scope["path"]) if scope["type"] == "http" else None
        if answer is None or scope["method"] != "GET" or scope["query_string"]:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = (headers.get(b"x-forwarded-host") or headers.get(b"host") or b"").decode("latin-1")
        if mode_for_host(host) != DEFAULT:
            await self.app(scope, receive, send)
            return
        body, etag = await answer(scope["app"].state.vitrine)
        common = [(b"etag", etag.encode()), (b"cache-control", CACHE_CONTROL)]
        if etag_matches(headers.get(b"if-none-match", b"").decode("latin-1") or None, etag):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": 200, "headers": [
            *common, (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
