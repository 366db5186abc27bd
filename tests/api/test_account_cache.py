"""The per-account cache of the session checks (api/account_cache.py, behind api/active_users.py and
api/caller_access.py): concurrent misses of one account share one database read; a failed read fails the requests
that shared it and the next request reads again; a request that goes away does not cancel the others' read."""

from __future__ import annotations

import asyncio

import pytest

from api.account_cache import AccountCache
from tests.waiting import eventually, within_deadline


class Database:
    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.reads: list[int] = []
        self.fail = False

    async def read(self, user_id: int) -> str:
        self.reads.append(user_id)
        n = len(self.reads)
        await self.gate.wait()
        if self.fail:
            raise ConnectionError("the database is gone")
        return f"user {user_id}, read {n}"


async def test_concurrent_misses_of_one_account_share_one_read() -> None:
    cache: AccountCache[str] = AccountCache(ttl_seconds=10)
    db = Database()
    burst = [asyncio.create_task(cache.get(7, 0.0, db.read)) for _ in range(16)]
    other = asyncio.create_task(cache.get(8, 0.0, db.read))
    await eventually(lambda: len(db.reads) == 2)
    db.gate.set()
    assert await within_deadline(asyncio.gather(*burst)) == ["user 7, read 1"] * 16
    assert await within_deadline(other) == "user 8, read 2"
    assert sorted(db.reads) == [7, 8]  # one read per account
    assert await cache.get(7, 9.9, db.read) == "user 7, read 1"  # a hit within the ttl
    assert await cache.get(7, 10.0, db.read) == "user 7, read 3"  # expired: read again
    assert db.reads == [7, 8, 7]


async def test_a_failed_read_fails_those_that_shared_it_and_the_next_reads_again() -> None:
    cache: AccountCache[str] = AccountCache(ttl_seconds=10)
    db = Database()
    db.fail = True
    burst = [asyncio.create_task(cache.get(7, 0.0, db.read)) for _ in range(4)]
    await eventually(lambda: len(db.reads) == 1)
    db.gate.set()
    answers = await within_deadline(asyncio.gather(*burst, return_exceptions=True))
    assert all(isinstance(a, ConnectionError) for a in answers), answers
    assert db.reads == [7]
    db.fail = False
    assert await cache.get(7, 0.0, db.read) == "user 7, read 2"


async def test_a_request_that_goes_away_leaves_the_shared_read_running() -> None:
    cache: AccountCache[str] = AccountCache(ttl_seconds=10)
    db = Database()
    first = asyncio.create_task(cache.get(7, 0.0, db.read))
    await eventually(lambda: len(db.reads) == 1)
    second = asyncio.create_task(cache.get(7, 0.0, db.read))
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    db.gate.set()
    assert await within_deadline(second) == "user 7, read 1"
    assert db.reads == [7]
