"""The per-process copy of a Redis-cached value (api/shared_copy.py): a stale copy is answered at once while one
background refresh runs; only a process holding no copy waits for the load; a failed refresh keeps the copy."""

from __future__ import annotations

import asyncio

from api.shared_copy import SharedCopy
from tests.waiting import eventually, within_deadline


class FakeRedis:
    def __init__(self) -> None:
        self.values: dict[str, bytes] = {}

    async def get(self, key: str) -> bytes | None:
        await asyncio.sleep(0)
        return self.values.get(key)

    async def set(self, key: str, value: bytes, ex: int) -> None:
        self.values[key] = value


class Source:
    """The PostgreSQL side: each load renders the next version, once `gate` is open."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.gate.set()
        self.loads = 0
        self.fail = False

    async def load(self) -> bytes:
        self.loads += 1
        n = self.loads
        await self.gate.wait()
        if self.fail:
            raise ConnectionError("the database is gone")
        return f"v{n}".encode()


def shared(redis: FakeRedis, source: Source) -> SharedCopy[str]:
    # local_ttl 0: every held copy is due for a re-check, so the test never waits for a clock
    # stale_seconds an hour: a due copy stays answerable while the test holds its reload
    return SharedCopy(redis, "k", 15, source.load, bytes.decode, local_ttl=0,  # type: ignore[arg-type]
                      stale_seconds=3600)


async def held_then_expired() -> tuple[FakeRedis, Source, SharedCopy[str]]:
    """A copy held (v1) whose Redis copy has since expired, and a database that renders the next one slowly."""
    redis, source = FakeRedis(), Source()
    copy = shared(redis, source)
    assert await copy.get() == "v1"
    redis.values.clear()
    source.gate.clear()
    return redis, source, copy


async def test_a_slow_reload_does_not_hold_up_reads_and_runs_once() -> None:
    redis, source, copy = await held_then_expired()  # the next re-check reloads from the database
    answers = await within_deadline(asyncio.gather(*(copy.get() for _ in range(16))))
    assert answers == ["v1"] * 16  # the held copy, without waiting for the reload
    await eventually(lambda: source.loads == 2)
    assert await within_deadline(copy.get()) == "v1"
    assert source.loads == 2  # one reload for all those reads

    source.gate.set()

    async def reloaded() -> bool:
        return await copy.get() == "v2"

    await eventually(reloaded)
    assert source.loads == 2 and redis.values["k"] == b"v2"


async def test_after_drop_a_read_waits_for_the_load() -> None:
    redis, source, copy = await held_then_expired()
    copy.drop()  # the catalogue changed (Catalogue.invalidate)
    reads = [asyncio.create_task(copy.get()) for _ in range(4)]
    await eventually(lambda: source.loads == 2)
    assert not any(r.done() for r in reads)  # nothing held: the reads wait for the fresh copy
    source.gate.set()
    assert await within_deadline(asyncio.gather(*reads)) == ["v2"] * 4
    assert source.loads == 2  # the waiting reads shared one load


async def test_a_refresh_begun_before_drop_is_discarded() -> None:
    redis, source, copy = await held_then_expired()
    assert await copy.get() == "v1"  # starts a background refresh (load 2), blocked
    await eventually(lambda: source.loads == 2)
    copy.drop()
    read = asyncio.create_task(copy.get())  # waits for its own load (3)
    await eventually(lambda: source.loads == 3)
    source.gate.set()
    assert await within_deadline(read) == "v3"
    assert copy._refresh is not None
    await within_deadline(copy._refresh)  # the old refresh ends too (before or after the read): it is discarded
    assert await copy.get() == "v3"
    assert redis.values["k"] == b"v3"  # its render, begun before the change, was not shared either


async def test_a_failed_refresh_keeps_the_held_copy_and_is_retried() -> None:
    redis, source = FakeRedis(), Source()
    copy = shared(redis, source)
    assert await copy.get() == "v1"

    redis.values.clear()
    source.fail = True
    assert await copy.get() == "v1"
    await eventually(lambda: source.loads == 2)
    assert await copy.get() == "v1"  # the refresh failed: the held copy is still answered

    source.fail = False

    async def retried() -> bool:
        return await copy.get() != "v1"

    await eventually(retried)
    assert redis.values["k"] == f"v{source.loads}".encode()


async def test_a_copy_too_old_to_answer_makes_the_read_wait() -> None:
    """An idle process: its copy is past `local_ttl + stale_seconds`, so the read waits for the fresh one rather than
    answering what may be long out of date."""
    redis, source = FakeRedis(), Source()
    copy = SharedCopy(redis, "k", 15, source.load, bytes.decode, local_ttl=0,  # type: ignore[arg-type]
                      stale_seconds=0)
    assert await copy.get() == "v1"
    redis.values.clear()
    source.gate.clear()
    read = asyncio.create_task(copy.get())
    await eventually(lambda: source.loads == 2)
    assert not read.done()  # waiting for the reload, not answering v1
    source.gate.set()
    assert await within_deadline(read) == "v2"
