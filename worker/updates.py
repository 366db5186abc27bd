"""Sending an Update to a workflow whose last task failed (e.g. its worker crashed) is refused until the task is
retried; callers wait a little and try again instead of showing the person an error."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from temporalio.service import RPCError, RPCStatusCode

T = TypeVar("T")


async def with_ready_retry(call: Callable[[], Awaitable[T]], attempts: int = 40, delay: float = 0.25) -> T:
    for attempt in range(attempts):
        try:
            return await call()
        except RPCError as exc:
            not_ready = exc.status == RPCStatusCode.FAILED_PRECONDITION and "Workflow Task in failed state" in exc.message
            if not not_ready or attempt == attempts - 1:
                raise
            await asyncio.sleep(min(delay * (attempt + 1), 2.0))
    raise AssertionError("unreachable")
