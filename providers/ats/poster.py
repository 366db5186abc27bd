"""How the ATS sends its webhooks: a POST of signed bytes to one URL, answered by a status code.

:class:`KeepAlivePoster` is the ATS's own HTTP/1.1 client: it keeps its connections open (one per delivery lane in
flight, taken from and put back to a short idle list), writes the request in one go and reads the answer's status
line, headers and body (``Content-Length``, chunked, or up to the close). It does none of a general client's work per
request (connection-pool bookkeeping, cookies, redirects): about a tenth of httpx's CPU per webhook. A connection
that the receiver closed while idle fails at once; the request is then sent again on a new one (a webhook is
delivered at least once: the receiver de-duplicates by event id). Any other failure is an exception, as with httpx.

:class:`HttpxPoster` sends through an ``httpx.AsyncClient``: tests receive webhooks in-process through a transport.
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit

import httpx

MAX_IDLE = 32  # more idle connections than lanes are closed
MAX_HEAD = 64 * 1024  # the answer's status line and headers


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

    def usable(self) -> bool:
        return not (self.writer.is_closing() or self.reader.at_eof())

    def close(self) -> None:
        self.writer.close()


class KeepAlivePoster:
    def __init__(self, url: str, timeout: float) -> None:
        self.url, self.timeout = url, timeout
        self._target: _Target | None = None
        self._idle: list[_Connection] = []

    async def post(self, body: bytes, headers: Mapping[str, str]) -> int:
        target = self._target = self._target or _target(self.url)
        head = [f"POST {target.path} HTTP/1.1", f"Host: {target.host_header}", f"Content-Length: {len(body)}"]
        head += [f"{k}: {v}" for k, v in headers.items()]
        request = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body
        async with asyncio.timeout(self.timeout):
            while self._idle:
                conn = self._idle.pop()
                if not conn.usable():
                    conn.close()
                    continue
                try:
                    return await self._exchange(conn, request, reused=True)
                except _Stale:
                    continue
            reader, writer = await asyncio.open_connection(target.host, target.port,
                                                           ssl=ssl.create_default_context() if target.tls else None)
            return await self._exchange(_Connection(reader, writer), request, reused=False)

    async def aclose(self) -> None:
        idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    async def _exchange(self, conn: _Connection, request: bytes, *, reused: bool) -> int:
        try:
            conn.writer.write(request)
            await conn.writer.drain()
            try:
                head = await conn.reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                if reused and not getattr(exc, "partial", b""):
                    raise _Stale from exc
                raise
            status, keep = await _read_answer(conn.reader, head)
        except BaseException:
            conn.close()
            raise
        if keep and len(self._idle) < MAX_IDLE:
            self._idle.append(conn)
        else:
            conn.close()
        return status


async def _read_answer(reader: asyncio.StreamReader, head: bytes) -> tuple[int, bool]:
    """The status code, and whether the connection can carry another request; the body is read and dropped."""
    if len(head) > MAX_HEAD:
        raise ValueError("the answer's headers are too long")
    lines = head.decode("latin-1").split("\r\n")
    version, _, rest = lines[0].partition(" ")
    if not version.startswith("HTTP/1."):
        raise ValueError(f"not an HTTP/1.x answer: {lines[0]!r}")
    status = int(rest[:3])
    fields: dict[str, str] = {}
    for line in lines[1:]:
        name, sep, value = line.partition(":")
        if sep:
            fields[name.strip().lower()] = value.strip().lower()
    keep = fields.get("connection") != "close" and (version == "HTTP/1.1" or fields.get("connection") == "keep-alive")
    if status in (204, 304) or 100 <= status < 200:
        return status, keep
    if "chunked" in fields.get("transfer-encoding", ""):
        await _read_chunked(reader)
    elif "content-length" in fields:
        await reader.readexactly(int(fields["content-length"]))
    else:
        await reader.read()  # up to the close
        keep = False
    return status, keep


async def _read_chunked(reader: asyncio.StreamReader) -> None:
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0].strip(), 16)
        if size == 0:
            while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers up to the blank line
                pass
            return
        await reader.readexactly(size + 2)
