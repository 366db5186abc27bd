"""Which accounts are active (and their session generation), cached for a few seconds per api process: the hot flow
calls check a token's account without opening a database session each time, and concurrent misses of one account
share one read (api/account_cache.py). An account switched off stops working within `auth_cache_seconds`; a
password change ends older sessions at once through Redis (api/sessions.py), and this cache is the fallback should
Redis have lost that."""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col

from api.account_cache import AccountCache
from store.models import User


class ActiveUsers:
    def __init__(self, engine: AsyncEngine, ttl_seconds: float, clock: Callable[[], float] = time.monotonic,
                 max_entries: int = 100_000) -> None:
        self._engine, self._clock = engine, clock
        self._cache: AccountCache[tuple[bool, int]] = AccountCache(ttl_seconds, max_entries)

    async def status(self, user_id: int) -> tuple[bool, int]:
        """(active, session generation) of the account; (False, 0) when there is none."""
        return await self._cache.get(user_id, self._clock(), self._read)

    async def _read(self, user_id: int) -> tuple[bool, int]:
        async with self._engine.connect() as conn:
            row = (await conn.execute(select(col(User.is_active), col(User.session_generation))
                                      .where(col(User.id) == user_id))).first()
        return (bool(row[0]), int(row[1])) if row is not None else (False, 0)

    async def active(self, user_id: int) -> bool:
        return (await self.status(user_id))[0]
