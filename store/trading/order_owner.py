"""Whose a newly created order is, kept in Redis by the create that started its workflow: the submit that follows
at once (api/trading/order_calls.owned) is answered from it, before the order list has the order's first view (the
workflow writes it in its first activity) — no database read and no `describe` of the workflow on the Temporal
server per placement. Kept a day (a submit comes seconds after its create); a miss or Redis down: the caller
checks the order list, then the workflow's user search attribute, as before."""

from __future__ import annotations

from redis.asyncio import Redis
from redis.exceptions import RedisError

KEPT_SECONDS = 86_400


def owner_key(order_id: str) -> str:
    return f"order:owner:{order_id}"


async def remember(redis: Redis, order_id: str, user_id: int) -> None:
    """Best effort: Redis down only costs the submit its fallback reads."""
    try:
        await redis.set(owner_key(order_id), str(user_id), ex=KEPT_SECONDS)
    except RedisError:
        return


async def is_owner(redis: Redis, order_id: str, user_id: int) -> bool:
    """True only when the create of this order recorded this user; False also when unknown or Redis is down."""
    try:
        raw = await redis.get(owner_key(order_id))
    except RedisError:
        return False
    return raw is not None and (raw.decode() if isinstance(raw, bytes) else str(raw)) == str(user_id)
