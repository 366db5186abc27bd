"""The ATS's keep-alive webhook poster against a small HTTP/1.1 server: connections reused, every answer framing
read, a connection the receiver closed replaced, failures raised."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import h11
import pytest

from providers.ats.poster import KeepAlivePoster

Answer = Callable[[int, int], Awaitable[bytes | None]]  # (connection number, request number on it) -> bytes or close


@dataclass
class Server:
    answer: Answer
    connections: int = 0
    requests: list[tuple[int, bytes, bytes]] = field(default_factory=list)  # (connection, head, body)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        number, count = self.connections, 0
        try:
            while head := await reader.readuntil(b"\r\n\r\n"):
                length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length:"))
                body = await reader.readexactly(length)
                count += 1
                self.requests.append((number, head, body))
                out = await self.answer(number, count)
                if out is None:
                    break
                writer.write(out)
                await writer.drain()
                if out.startswith(b"HTTP/1.0") or b"connection: close" in out:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        writer.close()


@asynccontextmanager
async def server(answer: Answer) -> AsyncIterator[tuple[Server, str]]:
    s = Server(answer)
    srv = await asyncio.start_server(s.serve, "127.0.0.1", 0)
    port = srv.sockets[0].getsockname()[1]
    async with srv:
        yield s, f"http://127.0.0.1:{port}/api/webhooks/ats/?x=1"


def ok(body: bytes = b'{"status":"ok"}') -> bytes:
    return b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n%s" % (len(body), body)


async def test_one_connection_carries_every_webhook_with_its_bytes_and_headers() -> None:
    async def answer(conn: int, n: int) -> bytes:
        return ok()

    async with server(answer) as (s, url):
        poster = KeepAlivePoster(url, timeout=30)
        for i in range(3):
            assert await poster.post(b'{"n":%d}' % i, {"X-Sandbox-Event-Id": f"evt_{i}"}) == 200
        await poster.aclose()
    assert s.connections == 1
    assert [body for _, _, body in s.requests] == [b'{"n":0}', b'{"n":1}', b'{"n":2}']
    head = s.requests[2][1].decode()
    assert head == (f"POST /api/webhooks/ats/?x=1 HTTP/1.1\r\nHost: {url.split('/')[2]}\r\nContent-Length: 7\r\n"
                    "X-Sandbox-Event-Id: evt_2\r\n\r\n")


async def test_chunked_empty_and_closing_answers_are_read() -> None:
    answers = [
        b"HTTP/1.1 503 Service Unavailable\r\ntransfer-encoding: chunked\r\n\r\n4\r\nbusy\r\n0\r\n\r\n",
        b"HTTP/1.1 204 No Content\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\n{}",
        b"HTTP/1.0 201 Created\r\n\r\nno length: read up to the close",
        ok(),
    ]

    async def answer(conn: int, n: int) -> bytes:
        return answers.pop(0)

    async with server(answer) as (s, url):
        poster = KeepAlivePoster(url, timeout=30)
        assert [await poster.post(b"{}", {}) for _ in range(5)] == [503, 204, 200, 201, 200]
        await poster.aclose()
    assert s.connections == 3  # a new one after the "connection: close" and after the HTTP/1.0 answer


async def test_an_informational_answer_is_skipped_and_a_malformed_one_raises() -> None:
    answers = [b"HTTP/1.1 100 Continue\r\n\r\n" + ok(), b"HTTX/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"]

    async def answer(conn: int, n: int) -> bytes:
        return answers.pop(0)

    async with server(answer) as (_, url):
        poster = KeepAlivePoster(url, timeout=30)
        assert await poster.post(b"{}", {}) == 200
        with pytest.raises(h11.RemoteProtocolError):
            await poster.post(b"{}", {})
        await poster.aclose()


async def test_a_connection_closed_by_the_receiver_is_replaced_and_the_webhook_sent_again() -> None:
    async def answer(conn: int, n: int) -> bytes | None:
        return None if (conn, n) == (1, 2) else ok()  # the first connection closes instead of answering its second

    async with server(answer) as (s, url):
        poster = KeepAlivePoster(url, timeout=30)
        assert await poster.post(b"a", {}) == 200
        assert await poster.post(b"b", {}) == 200
        await poster.aclose()
    assert [(conn, body) for conn, _, body in s.requests] == [(1, b"a"), (1, b"b"), (2, b"b")]


async def test_failures_raise() -> None:
    never = asyncio.Event()

    async def silent(conn: int, n: int) -> bytes:
        await never.wait()
        return ok()

    async with server(silent) as (_, url):
        with pytest.raises(TimeoutError):
            await KeepAlivePoster(url, timeout=0.2).post(b"{}", {})
        never.set()
    with pytest.raises(ValueError):
        await KeepAlivePoster("ftp://example.test/hooks", timeout=5).post(b"{}", {})
    with pytest.raises(OSError):  # nothing listens there any more
        await KeepAlivePoster(url, timeout=5).post(b"{}", {})
