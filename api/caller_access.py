"""The callers' special-access groups, cached per account for a few seconds per api process: a special-access read
(the list, home, one asset, the calendar) finds the caller's access without a database round trip each time, and
concurrent misses of one account share one read (api/account_cache.py).

The raw groups are kept (their `access_end` included), so an access that ends is hidden on the dot: each read
decides what is active at its own time. Access granted, changed or ended in the database reaches a process within
`auth_cache_seconds` (the same bound as a deactivated account, api/active_users.py). The session itself is not
cached here: a logged-out or password-changed session is refused by the session check before this cache is asked."""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncEngine

from api.account_cache import AccountCache
from api.users_view import access_of
from domain.access import Access


class CallerAccess:
    def __init__(self, engine: AsyncEngine, ttl_seconds: float, clock: Callable[[], float] = time.monotonic,
                 max_entries: int = 100_000) -> None:
        self._engine = engine
        self.clock = clock
        self._cache: AccountCache[tuple[Access, ...]] = AccountCache(ttl_seconds, max_entries)

    async def groups(self, user_id: int) -> tuple[Access, ...]:
        """The account's access groups as the database had them at most `ttl_seconds` ago."""
        return await self._cache.get(user_id, self.clock(), self._read)

    async def _read(self, user_id: int) -> tuple[Access, ...]:
        async with self._engine.connect() as conn:
            return tuple(await access_of(conn, user_id))
