"""Background work of the api's lifespan that one api process at a time does every few seconds (the market
refresher, the notice check): a Redis lock lasting most of an interval picks the process; a failure the work may
meet is logged and the loop carries on at the next interval."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis

log = logging.getLogger(__name__)


async def every(redis: Redis, interval: float, lock_key: str, work: Callable[[], Awaitable[object]],
                failures: tuple[type[Exception], ...], what: str, wake: asyncio.Event | None = None) -> None:
    """Runs `work` every `interval` seconds in whichever process takes `lock_key` first, forever; `wake` set (this
    process was told the work is due now) runs it at once in this process, lock or not."""
    woken = False
    while True:
        try:
            if woken or await redis.set(lock_key, b"1", nx=True, px=max(1, int(interval * 900))):
                await work()
        except failures as exc:
            log.warning("%s skipped: %s", what, exc)
        woken = await _sleep(interval, wake)


async def _sleep(interval: float, wake: asyncio.Event | None) -> bool:
    """Waits `interval` seconds, or until `wake` is set (then cleared): True when woken."""
    if wake is None:
        await asyncio.sleep(interval)
        return False
    try:
        await asyncio.wait_for(wake.wait(), interval)
    except TimeoutError:
        return False
    wake.clear()
    return True


async def stop(task: asyncio.Task[None] | None) -> None:
    """Cancels a background task (None: none was started) and waits for it to end."""
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
