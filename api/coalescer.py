"""Work that may be asked for many times a second but only needs doing once for the latest state: a run per key in
the background, at most one running per key, and one more after it when it was asked for again meanwhile (the
asks in between fold into that one). The ATS webhooks use it for the market pages' refresh: a settled window
sends hundreds of executions of one instrument in a row, and each refreshing the book and the pricing inside the
webhook's answer kept the ATS's (serial) deliveries — and so the settlements — waiting on two ATS reads each."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)


class Coalescer:
    def __init__(self) -> None:
        self._running: dict[str, asyncio.Task[None]] = {}
        self._again: dict[str, Callable[[], Awaitable[None]]] = {}

    def request(self, key: str, run: Callable[[], Awaitable[None]]) -> None:
        """Runs `run` for `key` soon: now when none runs for it, else once more after the running one."""
        if key in self._running:
            self._again[key] = run
            return
        self._running[key] = asyncio.create_task(self._loop(key, run), name=f"coalesced:{key}")

    async def _loop(self, key: str, run: Callable[[], Awaitable[None]]) -> None:
        try:
            while True:
                try:
                    await run()
                except Exception:  # background work: logged, the next ask runs it again
                    log.exception("background run %s failed", key)
                nxt = self._again.pop(key, None)
                if nxt is None:
                    return
                run = nxt
        finally:
            self._running.pop(key, None)

    async def idle(self) -> None:
        """Waits until nothing runs (tests, shutdown)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    async def close(self) -> None:
        tasks = list(self._running.values())
        self._again.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
