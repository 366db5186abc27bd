"""Pure ASGI middleware: request body limit and conditional GETs (ETag / If-None-Match → 304)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import error_body

CACHE_CONTROL = b"private, max-age=60"


def etag_for(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    if not if_none_match:
        return False
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return etag in tags or "*" in tags


async def _send_json(send: Send, status: int, payload: dict[str, Any]) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class BodyLimitMiddleware:
    """Answers 413 with the error shape when a body exceeds the limit, declared or streamed."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"].startswith("/api/uploads/"):  # identity documents: their own 5MB rule
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length")
        too_large = error_body("The request body is too large.")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await _send_json(send, 413, too_large)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _send_json(send, 413, too_large)


class _TooLarge(Exception):
    pass


class ConditionalGetMiddleware:
    """Adds ETag and Cache-Control to 200 JSON answers of GET; a matching If-None-Match gets 304."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET" or not scope["path"].startswith("/api/") \
                or scope["path"].endswith("/events"):
            await self.app(scope, receive, send)
            return
        if_none_match = dict(scope["headers"]).get(b"if-none-match", b"").decode() or None
        start: Message | None = None
        chunks: list[bytes] = []

        async def capture(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            assert start is not None
            await self._finish(start, b"".join(chunks), if_none_match, send)

        await self.app(scope, receive, capture)

    async def _finish(self, start: Message, body: bytes, if_none_match: str | None, send: Send) -> None:
        headers = [(k, v) for k, v in start["headers"] if k != b"content-length"]
        if start["status"] != 200:
            await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        existing = dict(headers).get(b"etag")
        etag = existing.decode() if existing else etag_for(body)
        if not existing:
            headers.append((b"etag", etag.encode()))
        headers = [(k, v) for k, v in headers if k != b"cache-control"] + [(b"cache-control", CACHE_CONTROL)]
        if etag_matches(if_none_match, etag):
            keep = [(k, v) for k, v in headers if k in (b"etag", b"cache-control", b"vary")]
            await send({"type": "http.response.start", "status": 304, "headers": keep})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({**start, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
