"""The catalogue's caching rule, shared by the catalogue and the home screen's sections: a value rendered to bytes
is kept in Redis (shared by every api process, `redis_ttl` seconds) and parsed in this process, re-checked against
Redis every `local_ttl` seconds; the parsed value is kept while the bytes are unchanged. When Redis has no copy,
`load` renders one (from PostgreSQL). Dropping the Redis key (store/catalogue_cache.py) reaches every process
within `local_ttl`."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from redis.asyncio import Redis

T = TypeVar("T")


@dataclass(frozen=True)
class _Held(Generic[T]):
    raw: bytes
    value: T
    taken: float


class SharedCopy(Generic[T]):
    def __init__(self, redis: Redis, key: str, redis_ttl: int, load: Callable[[], Awaitable[bytes]],
                 parse: Callable[[bytes], T], local_ttl: float = 1.0) -> None:
        self._redis, self._key, self._redis_ttl, self._local_ttl = redis, key, redis_ttl, local_ttl
        self._load, self._parse = load, parse
        self._held: _Held[T] | None = None
        self._lock = asyncio.Lock()

    async def get(self) -> T:
        held = self._held
        if held is not None and time.monotonic() - held.taken < self._local_ttl:
            return held.value
        async with self._lock:
            if self._held is not None and self._held is not held:
                return self._held.value
            raw: bytes | None = await self._redis.get(self._key)
            if raw is None:
                raw = await self._load()
                await self._redis.set(self._key, raw, ex=self._redis_ttl)
            value = held.value if held is not None and held.raw == raw else self._parse(raw)
            self._held = _Held(raw, value, time.monotonic())
            return value

    def drop(self) -> None:
        """Forget this process's copy (the Redis one is dropped by its owner)."""
        self._held = None
