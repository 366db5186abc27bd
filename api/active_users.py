"""Which accounts are active, cached for a few seconds per api process: the hot flow calls check a token's account
without opening a database session each time. An account switched off stops working within `auth_cache_seconds`."""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from store.models import User


class ActiveUsers:
    def __init__(self, engine: AsyncEngine, ttl_seconds: float, clock: Callable[[], float] = time.monotonic,
                 max_entries: int = 100_000) -> None:
        self._engine, self._ttl, self._clock, self._max = engine, ttl_seconds, clock, max_entries
        self._seen: dict[int, tuple[bool, float]] = {}

    async def active(self, user_id: int) -> bool:
        now = self._clock()
        hit = self._seen.get(user_id)
        if hit is not None and hit[1] > now:
            return hit[0]
        async with self._engine.connect() as conn:
            value = await conn.scalar(select(User.is_active).where(User.id == user_id))
        if len(self._seen) >= self._max:
            self._seen.clear()
        self._seen[user_id] = (bool(value), now + self._ttl)
        return bool(value)
