"""The api's coalesced background work (api/coalescer.py): a burst of asks for one key runs once now and once more
for the latest, a failure does not stop the next ask, and closing cancels what runs."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from api.coalescer import Coalescer


async def test_a_burst_of_asks_runs_twice_and_other_keys_run_beside_it() -> None:
    bg, gate, runs = Coalescer(), asyncio.Event(), list[tuple[str, int]]()

    def job(key: str, n: int) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            runs.append((key, n))
            if key == "a":
                await gate.wait()
        return run

    for n in range(10):
        bg.request("a", job("a", n))
    bg.request("b", job("b", 0))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert runs == [("a", 0), ("b", 0)]  # the first ask ran at once; the others wait for it
    gate.set()
    await bg.idle()
    assert runs == [("a", 0), ("b", 0), ("a", 9)]  # the nine asks meanwhile folded into one run of the latest


async def test_a_failed_run_does_not_stop_the_next_ask() -> None:
    bg, runs = Coalescer(), list[str]()

    async def fails() -> None:
        runs.append("failed")
        raise RuntimeError("the ATS is down")

    async def works() -> None:
        runs.append("ran")

    bg.request("k", fails)
    await bg.idle()
    bg.request("k", works)
    await bg.idle()
    assert runs == ["failed", "ran"]


async def test_close_cancels_what_runs() -> None:
    bg, started, cancelled = Coalescer(), asyncio.Event(), asyncio.Event()

    async def forever() -> None:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.set()
            raise

    bg.request("k", forever)
    await started.wait()
    await bg.close()
    assert cancelled.is_set()
    await bg.idle()  # nothing left running
