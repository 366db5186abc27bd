"""How the ATS sends its webhooks: a POST of signed bytes to one URL, answered by a status code.

:class:`KeepAlivePoster` is the ATS's own HTTP/1.1 client: it keeps its connections open (one per delivery lane in
flight, taken from and put back to a short idle list) on asyncio streams, and leaves the HTTP/1.1 framing to the
``h11`` library: the request's serialization, the answer's status line, headers and body (``Content-Length``,
chunked, or up to the close), and whether a connection can carry another request. It does none of a general client's
work per request (connection-pool bookkeeping, cookies, redirects). A connection that the receiver closed while idle
fails at once; the request is then sent again, once, on a new connection (a webhook is delivered at least once: the
receiver de-duplicates by event id). Any other failure is an exception, as with httpx (a malformed answer:
``h11.RemoteProtocolError``).

:class:`HttpxPoster` sends through an ``httpx.AsyncClient``: tests receive webhooks in-process through a transport.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import urlsplit

import h11
import httpx

MAX_IDLE = 32  # more idle connections than lanes are closed
MAX_HEAD = 64 * 1024  # the answer's status line and headers
READ_SIZE = 64 * 1024


class Poster(Protocol):
    async def post(self, body: bytes, headers: Mapping[str, str]) -> int:
        """The answer's status code; raises on a transport error, a timeout or a malformed URL or answer."""
        ...


class HttpxPoster:
    def __init__(self, client: httpx.AsyncClient, url: str) -> None:
        self.client, self.url = client, url

    async def post(self, body: bytes, headers: Mapping[str, str]) -> int:
        return (await self.client.post(self.url, content=body, headers=dict(headers))).status_code


@dataclass(frozen=True)
class _Target:
    host: str
    port: int
    tls: bool
    path: str
    host_header: str


def _target(url: str) -> _Target:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not an http(s) URL: {url!r}")
    tls = parts.scheme == "https"
    port = parts.port or (443 if tls else 80)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return _Target(parts.hostname, port, tls, path, parts.netloc.rpartition("@")[2])


class _Stale(Exception):
    """A reused connection was closed by the receiver before it answered."""


@dataclass
class _Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    http: h11.Connection = field(default_factory=lambda: h11.Connection(h11.CLIENT, max_incomplete_event_size=MAX_HEAD))

    def usable(self) -> bool:
        return not (self.writer.is_closing() or self.reader.at_eof())

    def close(self) -> None:
        self.writer.close()

    async def exchange(self, request: list[h11.Event], *, reused: bool) -> int:
        """Sends the request and reads the answer (its body dropped): the status code."""
        self.writer.write(b"".join(self.http.send(event) or b"" for event in request))
        await self.writer.drain()
        status, received = 0, False
        while True:
            event = self.http.next_event()
            if event is h11.NEED_DATA:
                data = await self._receive(stale_if_closed=reused and not received)
                received = received or bool(data)
                self.http.receive_data(data)  # b"": the receiver closed; h11 raises if the answer is cut short
            elif isinstance(event, h11.Response):
                status = event.status_code
            elif isinstance(event, h11.EndOfMessage):
                return status

    async def _receive(self, *, stale_if_closed: bool) -> bytes:
        try:
            data = await self.reader.read(READ_SIZE)
        except ConnectionError as exc:
            if stale_if_closed:
                raise _Stale from exc
            raise
        if not data and stale_if_closed:
            raise _Stale
        return data

    def ready_for_next(self) -> bool:
        """Whether h11 lets the connection carry another request after this one (if so, it is readied for it)."""
        if self.http.our_state is h11.DONE and self.http.their_state is h11.DONE:
            self.http.start_next_cycle()
            return True
        return False


class KeepAlivePoster:
    def __init__(self, url: str, timeout: float) -> None:
        self.url, self.timeout = url, timeout
        self._target: _Target | None = None
        self._idle: list[_Connection] = []

    async def post(self, body: bytes, headers: Mapping[str, str]) -> int:
        target = self._target = self._target or _target(self.url)
        fields = [("Host", target.host_header), ("Content-Length", str(len(body))), *headers.items()]
        request = [h11.Request(method="POST", target=target.path, headers=fields), h11.Data(data=body),
                   h11.EndOfMessage()]
        async with asyncio.timeout(self.timeout):
            while self._idle:
                conn = self._idle.pop()
                if conn.usable():
                    try:
                        return await self._exchange(conn, request, reused=True)
                    except _Stale:
                        break  # sent again, once, on a new connection
                conn.close()
            reader, writer = await asyncio.open_connection(target.host, target.port,
                                                           ssl=ssl.create_default_context() if target.tls else None)
            return await self._exchange(_Connection(reader, writer), request, reused=False)

    async def aclose(self) -> None:
        idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    async def _exchange(self, conn: _Connection, request: list[h11.Event], *, reused: bool) -> int:
        try:
            status = await conn.exchange(request, reused=reused)
        except BaseException:
            conn.close()
            raise
        if conn.ready_for_next() and len(self._idle) < MAX_IDLE:
            self._idle.append(conn)
        else:
            conn.close()
        return status
