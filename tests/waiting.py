"""Waits in tests: every wait is a condition with one generous deadline, set here and nowhere else (issue 19).

A fast machine is fast, a slow one merely slower: a test waits *until* something holds, never *for* some seconds,
and never asserts how long it took. `DEADLINE` (120 s; the environment variable `VITRINE_TEST_DEADLINE` overrides
it) bounds every wait, so a wait that never ends fails with what it last saw instead of hanging.

- `await eventually(probe)`: calls `probe` (sync or async) until it answers a truthy value (returned) without
  raising AssertionError; past the deadline it raises an AssertionError carrying the last answer or assertion.
- `eventually_sync(probe)`: the same for code outside an event loop (a thread, a fixture starting a server).
- `await within_deadline(handle.result())`: any awaitable (a workflow's result, an Update, a task), bounded by the
  deadline; it fails with an AssertionError that names what was awaited."""

from __future__ import annotations

import asyncio
import inspect
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, overload

T = TypeVar("T")

DEADLINE = float(os.environ.get("VITRINE_TEST_DEADLINE", "120"))
INTERVAL = 0.1  # between two probes: short, so a fast machine is not slowed down


class _Watch:
    """One wait's deadline and how it reports what its probe last answered."""

    def __init__(self, probe: object, within: float | None) -> None:
        self.what = getattr(probe, "__qualname__", None) or repr(probe)
        self.limit = DEADLINE if within is None else within
        self.deadline = time.monotonic() + self.limit

    def left(self) -> float:
        return max(self.deadline - time.monotonic(), 0.0)

    def done(self, value: Any, error: AssertionError | None) -> bool:
        """True once the probe holds; raises the AssertionError (with what it last saw) past the deadline."""
        if error is None and value:
            return True
        if time.monotonic() >= self.deadline:
            seen = (f"the last check failed: {error}" if error is not None else f"last seen: {value!r}")
            raise AssertionError(f"{self.what} did not hold within {self.limit:.0f} s; {seen}") from error
        return False


def _attempt(probe: Callable[[], Any]) -> tuple[Any, AssertionError | None]:
    try:
        return probe(), None
    except AssertionError as exc:
        return None, exc


async def _attempt_async(answer: Awaitable[Any], watch: _Watch) -> tuple[Any, AssertionError | None]:
    try:
        return await within_deadline(answer, watch.left(), watch.what), None
    except AssertionError as exc:
        return None, exc


@overload
async def eventually(probe: Callable[[], Awaitable[T | None]], within: float | None = None,
                     interval: float = INTERVAL) -> T: ...


@overload
async def eventually(probe: Callable[[], T | None], within: float | None = None, interval: float = INTERVAL) -> T: ...


async def eventually(probe: Callable[[], Any], within: float | None = None, interval: float = INTERVAL) -> Any:
    """`probe()`'s first truthy answer (a probe may also raise AssertionError for "not yet"); an AssertionError
    saying what it last saw once `within` seconds (default `DEADLINE`) have passed."""
    watch = _Watch(probe, within)
    while True:
        value, error = _attempt(probe)
        if error is None and inspect.isawaitable(value):  # a probe that hangs is bounded by what is left
            value, error = await _attempt_async(value, watch)
        if watch.done(value, error):
            return value
        await asyncio.sleep(interval)


def eventually_sync(probe: Callable[[], T | None], within: float | None = None, interval: float = INTERVAL) -> T:
    """`eventually` for code that runs outside an event loop (it blocks the calling thread between probes)."""
    watch = _Watch(probe, within)
    while True:
        value, error = _attempt(probe)
        if watch.done(value, error):
            return value  # type: ignore[no-any-return]
        time.sleep(interval)


async def within_deadline(awaitable: Awaitable[T], within: float | None = None, what: str | None = None) -> T:
    """The awaitable's answer (a workflow's `result()`, an Update, a task), or an AssertionError once `within`
    seconds (default `DEADLINE`) have passed: a wait that would hang fails instead, saying what it waited for."""
    limit = DEADLINE if within is None else within
    timeout = asyncio.timeout(limit)
    try:
        async with timeout:
            return await awaitable
    except TimeoutError:
        if not timeout.expired():
            raise  # the awaited call's own timeout, not this deadline
        name = what or getattr(awaitable, "__qualname__", None) or repr(awaitable)
        raise AssertionError(f"{name} did not finish within {limit:.0f} s") from None
