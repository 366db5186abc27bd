"""Which accounts are active (and their session generation), cached for a few seconds per api process: the hot flow
calls check a token's account without opening a database session each time. An account switched off stops working
within `auth_cache_seconds`; a password change ends older sessions at once through Redis (api/sessions.py), and
this cache is the fallback should Redis have lost that."""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col

from store.models import User


class ActiveUsers:
    def __init__(self, engine: AsyncEngine, ttl_seconds: float, clock: Callable[[], float] = time.monotonic,
                 max_entries: int = 100_000) -> None:
        self._engine, self._ttl, self._clock, self._max = engine, ttl_seconds, clock, max_entries
        self._seen: dict[int, tuple[bool, int, float]] = {}

    async def status(self, user_id: int) -> tuple[bool, int]:
        """(active, session generation) of the account; (False, 0) when there is none."""
        now = self._clock()
        hit = self._seen.get(user_id)
        if hit is not None and hit[2] > now:
            return hit[0], hit[1]
        async with self._engine.connect() as conn:
            row = (await conn.execute(select(col(User.is_active), col(User.session_generation))
                                      .where(col(User.id) == user_id))).first()
        active, gen = (bool(row[0]), int(row[1])) if row is not None else (False, 0)
        if len(self._seen) >= self._max:
            self._seen.clear()
        self._seen[user_id] = (active, gen, now + self._ttl)
        return active, gen

    async def active(self, user_id: int) -> bool:
        return (await self.status(user_id))[0]
