"""The catalogue's caching rule, shared by the catalogue and the home screen's sections: a value rendered to bytes
is kept in Redis (shared by every api process, `redis_ttl` seconds) and parsed in this process, re-checked against
Redis every `local_ttl` seconds; the parsed value is kept while the bytes are unchanged. When Redis has no copy,
`load` renders one (from PostgreSQL).

A read does not wait for a re-check while this process holds a recent copy: the first read after `local_ttl` starts
one background refresh (Redis, or `load` when Redis has none) and answers the held copy at once, as does every read
until that refresh lands — for at most `stale_seconds` more. A copy older than `local_ttl + stale_seconds` (a process
that has been idle) is not answered: that read waits for the fresh one, as does a process holding no copy (its first
read, or after `drop`); concurrent waiting reads share one load. So no read answers a copy more than
`local_ttl + stale_seconds` old, and under a steady stream of reads none waits for a reload. A refresh that fails is
logged, the held copy kept, and the next read after another `local_ttl` tries again. Dropping the Redis key
(store/catalogue_cache.py) reaches every process within `local_ttl + stale_seconds`; `drop` forgets this process's
copy at once (a refresh begun before it is discarded, and its render not written to Redis)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from redis.asyncio import Redis

T = TypeVar("T")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Held(Generic[T]):
    raw: bytes
    value: T
    taken: float


class SharedCopy(Generic[T]):
    def __init__(self, redis: Redis, key: str, redis_ttl: int, load: Callable[[], Awaitable[bytes]],
                 parse: Callable[[bytes], T], local_ttl: float = 1.0, stale_seconds: float = 1.0) -> None:
        self._redis, self._key, self._redis_ttl, self._local_ttl = redis, key, redis_ttl, local_ttl
        self._stale_seconds = stale_seconds
        self._load, self._parse = load, parse
        self._held: _Held[T] | None = None
        self._lock = asyncio.Lock()
        self._generation = 0  # bumped by `drop`: a fetch begun before it never installs its copy
        self._refresh: asyncio.Task[None] | None = None
        self._retry_at = 0.0  # after a failed refresh, the next one starts no earlier than this

    async def get(self) -> T:
        held = self._held
        if held is not None:
            now = time.monotonic()
            age = now - held.taken
            if age < self._local_ttl:
                return held.value
            if age < self._local_ttl + self._stale_seconds:  # due: refreshed in the background, answered meanwhile
                if now >= self._retry_at and not self._refreshing():
                    self._refresh = asyncio.create_task(self._refresh_from(held, self._generation))
                return held.value
        async with self._lock:  # nothing held, or a copy too old to answer (an idle process): wait for a fresh one
            current = self._held
            if current is not None and current is not held:  # loaded or refreshed while this read waited
                return current.value
            generation = self._generation
            fetched = await self._fetch(current, generation)
            if generation == self._generation:
                self._held = fetched
            return fetched.value

    def drop(self) -> None:
        """Forget this process's copy (the Redis one is dropped by its owner): the next read waits for a fresh one."""
        self._held = None
        self._generation += 1

    def _refreshing(self) -> bool:
        task = self._refresh
        # a task of an event loop that has ended (tests run several) never finishes: it does not count
        return task is not None and not task.done() and task.get_loop() is asyncio.get_running_loop()

    async def _refresh_from(self, held: _Held[T], generation: int) -> None:
        try:
            fetched = await self._fetch(held, generation)
        except Exception:
            log.exception("refreshing the shared copy %s failed; the held copy is kept", self._key)
            self._retry_at = time.monotonic() + self._local_ttl
            return
        if generation == self._generation:
            self._held = fetched

    async def _fetch(self, held: _Held[T] | None, generation: int) -> _Held[T]:
        raw: bytes | None = await self._redis.get(self._key)
        if raw is None:
            raw = await self._load()
            if generation == self._generation:  # a render begun before `drop` may predate the change: not shared
                await self._redis.set(self._key, raw, ex=self._redis_ttl)
        value = held.value if held is not None and held.raw == raw else self._parse(raw)
        return _Held(raw, value, time.monotonic())
