"""A test-only hook (on when `VITRINE_FAULT_HOOK_DIR` is set): every activity appends its start to `starts` in that
folder before it does anything, so a fault test can wait for an activity to be *inside* its body and then kill the
worker or restart a service — timed by the activity itself, never by a sleep. A test arms a hold by writing lines
`activity.type seconds` to `armed`: the first attempt of a regular (not local) activity of an armed type announces
itself in `held`, then waits that long before its side effect (a kill lands in that window); a line
`activity.type seconds local` holds the first attempt of a local activity of that type too. Lines in `armed-after`
hold likewise *after* the activity's body returned, before the worker reports it (a kill lands after the side
effect committed: the retry must not do it twice)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from temporalio import activity
from temporalio.worker import ActivityInboundInterceptor, ExecuteActivityInput, Interceptor

STARTS, ARMED, ARMED_AFTER, HELD = "starts", "armed", "armed-after", "held"


def announce(folder: Path, name: str, info: activity.Info) -> None:
    line = f"{info.activity_type} {info.workflow_id} {info.attempt} {'local' if info.is_local else 'regular'} {os.getpid()}\n"
    with open(folder / name, "a") as f:  # one short O_APPEND write: lines of concurrent activities do not mix
        f.write(line)


def armed(folder: Path, file: str = ARMED, *, local: bool = False) -> dict[str, float]:
    """The armed activity types and their holds (for a local activity: the lines that say `local`)."""
    try:
        text = (folder / file).read_text()
    except FileNotFoundError:
        return {}
    out = {}
    for line in text.splitlines():
        name, seconds, *rest = line.split() or ["", "0"]
        if name and (not local or rest == ["local"]):
            out[name] = float(seconds)
    return out


class _Inbound(ActivityInboundInterceptor):
    def __init__(self, nxt: ActivityInboundInterceptor, folder: Path) -> None:
        super().__init__(nxt)
        self._folder = folder

    async def execute_activity(self, input: ExecuteActivityInput) -> Any:
        info = activity.info()
        announce(self._folder, STARTS, info)
        hold = armed(self._folder, local=info.is_local).get(info.activity_type)
        if hold is not None and info.attempt == 1:
            announce(self._folder, HELD, info)
            await asyncio.sleep(hold)
        result = await super().execute_activity(input)
        hold = armed(self._folder, ARMED_AFTER, local=info.is_local).get(info.activity_type)
        if hold is not None and info.attempt == 1:
            announce(self._folder, HELD, info)
            await asyncio.sleep(hold)
        return result


class FaultHook(Interceptor):
    def __init__(self, folder: str) -> None:
        self._folder = Path(folder)
        self._folder.mkdir(parents=True, exist_ok=True)

    def intercept_activity(self, next: ActivityInboundInterceptor) -> ActivityInboundInterceptor:
        return _Inbound(next, self._folder)


def interceptors(folder: str) -> list[Interceptor]:
    return [FaultHook(folder)] if folder else []
