"""Fixed-window rate limits in Redis (login, registration, password reset)."""

from __future__ import annotations

from redis.asyncio import Redis

from api.errors import ApiError

TOO_MANY = "Too many attempts. Please try again later."


async def hit(redis: Redis, bucket: str, limit: int, window_seconds: int) -> None:
    """Counts one attempt; over the limit answers 429 with Retry-After."""
    key = f"ratelimit:{bucket}"
    pipe = redis.pipeline()
    pipe.incr(key)
    pipe.expire(key, window_seconds, nx=True)
    pipe.ttl(key)
    count, _, ttl = await pipe.execute()
    if int(count) > limit:
        raise ApiError(429, TOO_MANY, headers={"Retry-After": str(max(int(ttl), 1))})


async def clear(redis: Redis, bucket: str) -> None:
    await redis.delete(f"ratelimit:{bucket}")
