"""Sessions: a token is good while it is signed, unexpired, not logged out (its jti revoked) and not older than its
account's session generation. A password change or reset bumps the generation, which ends every token issued
before it (refresh included) at once: the database holds the generation, Redis a copy every call reads in the same
round trip as the logout check, so the flow calls (no database session, a short cache) see it at once too."""

from __future__ import annotations

import asyncio
import logging

from redis.asyncio import Redis
from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from api.security import TokenClaims
from config import Settings
from store.models import User

log = logging.getLogger("vitrine.api")


def revoked_key(jti: str) -> str:
    return f"jwt:revoked:{jti}"


def generation_key(user_id: int) -> str:
    return f"session:gen:{user_id}"


def _keys(claims: TokenClaims) -> tuple[str, str]:
    return revoked_key(claims.jti), generation_key(claims.user_id)


def _revoked(claims: TokenClaims, revoked: bytes | None, gen: bytes | None) -> bool:
    return revoked is not None or claims.gen < int(gen or 0)


async def token_revoked(redis: Redis, claims: TokenClaims) -> bool:
    """Logged out, or issued before the account's last password change/reset (as Redis knows it)."""
    revoked, gen = await redis.mget(*_keys(claims))
    return _revoked(claims, revoked, gen)


class RevocationChecks:
    """`token_revoked` for the hot reads, the requests that come in together asked in one `MGET`: each request
    still reads Redis as it is at that moment (no cache, a logout refuses the next request), but a burst of them
    costs one round trip instead of one each."""

    def __init__(self, redis: Redis) -> None:
        self._redis = redis
        self._waiting: list[tuple[TokenClaims, asyncio.Future[bool]]] = []
        self._asking: set[asyncio.Task[None]] = set()

    async def revoked(self, claims: TokenClaims) -> bool:
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[bool] = loop.create_future()
        self._waiting.append((claims, answer))
        if len(self._waiting) == 1:  # the first of a burst: ask once the requests ready now have joined it
            loop.call_soon(self._ask_waiting)
        return await answer

    def _ask_waiting(self) -> None:
        batch, self._waiting = self._waiting, []
        task = asyncio.get_running_loop().create_task(self._ask(batch))
        self._asking.add(task)
        task.add_done_callback(self._asking.discard)

    async def _ask(self, batch: list[tuple[TokenClaims, asyncio.Future[bool]]]) -> None:
        try:
            values = await self._redis.mget([key for claims, _ in batch for key in _keys(claims)])
        except Exception as exc:  # every request of the batch fails as its own MGET would have
            for _, answer in batch:
                if not answer.done():
                    answer.set_exception(exc)
            return
        for i, (claims, answer) in enumerate(batch):
            if not answer.done():  # a request cancelled meanwhile
                answer.set_result(_revoked(claims, values[2 * i], values[2 * i + 1]))


async def bump_generation(db: AsyncSession, user_id: int) -> int:
    """Raises the account's session generation in the caller's transaction; returns the new one."""
    gen = await db.scalar(update(User).where(col(User.id) == user_id)
                          .values(session_generation=User.session_generation + 1)
                          .returning(col(User.session_generation)))
    return int(gen or 0)


async def publish_generation(redis: Redis, settings: Settings, user_id: int, gen: int) -> None:
    """After the commit: every api process refuses older tokens from the next call on. Kept as long as a token
    could still be refreshed; should Redis lose it, the database copy (read through the short cache) still holds."""
    ttl = settings.jwt_remember_me_refresh_window_seconds + settings.jwt_lifetime_seconds
    try:
        await redis.set(generation_key(user_id), str(gen).encode(), ex=ttl)
    except Exception:
        log.exception("could not publish the session generation of user %s", user_id)
