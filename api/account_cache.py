"""Per-account values cached in this api process for a few seconds (api/active_users.py, api/caller_access.py):
a hit answers without a database round trip; concurrent misses of one account share one database read, so an
entry expiring under a burst of that account's requests costs one connection, not one per request. A read that
fails fails the requests that shared it, and the next request reads again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

V = TypeVar("V")


class AccountCache(Generic[V]):
    def __init__(self, ttl_seconds: float, max_entries: int = 100_000) -> None:
        self._ttl, self._max = ttl_seconds, max_entries
        self._seen: dict[int, tuple[V, float]] = {}
        self._reading: dict[int, asyncio.Task[V]] = {}

    async def get(self, user_id: int, now: float, read: Callable[[int], Awaitable[V]]) -> V:
        """The account's value as `read` answered it less than `ttl_seconds` before `now`."""
        hit = self._seen.get(user_id)
        if hit is not None and hit[1] > now:
            return hit[0]
        task = self._reading.get(user_id)
        if task is None or task.done() or task.get_loop() is not asyncio.get_running_loop():
            task = asyncio.ensure_future(self._fill(user_id, now + self._ttl, read))
            self._reading[user_id] = task
        # shielded: a request that goes away does not cancel the read the others wait on
        return await asyncio.shield(task)

    async def _fill(self, user_id: int, until: float, read: Callable[[int], Awaitable[V]]) -> V:
        try:
            value = await read(user_id)
        finally:
            if self._reading.get(user_id) is asyncio.current_task():
                del self._reading[user_id]
        if len(self._seen) >= self._max:
            self._seen.clear()
        self._seen[user_id] = (value, until)
        return value
