"""tests/waiting.py: a wait ends as soon as its condition holds, and past its deadline fails saying what it saw."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

from tests.waiting import DEADLINE, eventually, eventually_sync, within_deadline


class Counter:
    def __init__(self, ready_at: int) -> None:
        self.calls, self.ready_at = 0, ready_at

    def __call__(self) -> int | None:
        self.calls += 1
        return self.calls if self.calls >= self.ready_at else None


def test_the_deadline_is_generous_unless_overridden() -> None:
    assert DEADLINE >= 60 or "VITRINE_TEST_DEADLINE" in os.environ


async def test_eventually_returns_the_first_truthy_answer() -> None:
    probe = Counter(3)
    assert await eventually(probe, within=5, interval=0.001) == 3
    assert probe.calls == 3


async def test_eventually_awaits_an_async_probe_and_retries_its_assertion() -> None:
    calls = 0

    async def probe() -> str:
        nonlocal calls
        calls += 1
        assert calls >= 2, f"only {calls} call(s)"
        return "ready"

    assert await eventually(probe, within=5, interval=0.001) == "ready"


async def test_eventually_fails_with_the_last_value_seen() -> None:
    with pytest.raises(AssertionError, match=r"did not hold within 0 s; last seen: \[\]"):
        await eventually(list, within=0.05, interval=0.01)


async def test_eventually_fails_with_the_last_assertion() -> None:
    def probe() -> bool:
        raise AssertionError("the order is still QUEUED")

    with pytest.raises(AssertionError, match="the last check failed: the order is still QUEUED"):
        await eventually(probe, within=0.05, interval=0.01)


async def test_a_hanging_probe_is_bounded_by_the_deadline() -> None:
    async def probe() -> bool:
        await asyncio.sleep(3600)
        return True

    started = time.monotonic()
    with pytest.raises(AssertionError, match="did not hold within"):
        await eventually(probe, within=0.1, interval=0.01)
    assert time.monotonic() - started < 60  # it failed instead of hanging


async def test_an_unexpected_error_is_not_swallowed() -> None:
    def probe() -> bool:
        raise KeyError("boom")

    with pytest.raises(KeyError):
        await eventually(probe, within=5)


def test_eventually_sync_waits_and_fails_like_eventually() -> None:
    assert eventually_sync(Counter(2), within=5, interval=0.001) == 2
    with pytest.raises(AssertionError, match="last seen: 0"):
        eventually_sync(lambda: 0, within=0.05, interval=0.01)


async def test_within_deadline_answers_or_names_what_it_waited_for() -> None:
    async def answer() -> str:
        return "processed"

    assert await within_deadline(answer()) == "processed"
    with pytest.raises(AssertionError, match="the transfer's result did not finish within 0 s"):
        await within_deadline(asyncio.sleep(3600), within=0.05, what="the transfer's result")


async def test_within_deadline_keeps_the_awaited_calls_own_timeout() -> None:
    async def own_timeout() -> None:
        raise TimeoutError("the call's own")

    with pytest.raises(TimeoutError, match="the call's own"):
        await within_deadline(own_timeout(), within=5)
