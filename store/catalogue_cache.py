"""The catalogue's shared Redis copies (the assets, the home screen's sections): their keys, and dropping them after
an asset or a section changes (api and activities alike)."""

from __future__ import annotations

from redis.asyncio import Redis

CACHE_KEY = "catalogue:v1"
CONTENT_KEY = "catalogue:v1:content:{asset_id}"  # one asset's page content: it changes with ops' edits, not trades
HOME_CACHE_KEY = "home-sections:v1"


async def invalidate(redis: Redis) -> None:
    """Every api process sees catalogue changes within its local snapshot's lifetime (1 s)."""
    await redis.delete(CACHE_KEY, HOME_CACHE_KEY)
