"""Sessions: a token is good while it is signed, unexpired, not logged out (its jti revoked) and not older than its
account's session generation. A password change or reset bumps the generation, which ends every token issued
before it (refresh included) at once: the database holds the generation, Redis a copy every call reads in the same
round trip as the logout check, so the flow calls (no database session, a short cache) see it at once too."""

from __future__ import annotations

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


async def token_revoked(redis: Redis, claims: TokenClaims) -> bool:
    """Logged out, or issued before the account's last password change/reset (as Redis knows it)."""
    revoked, gen = await redis.mget(revoked_key(claims.jti), generation_key(claims.user_id))
    return revoked is not None or claims.gen < int(gen or 0)


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
