"""The test side of worker/fault_hook.py: arm a hold on activity types, wait until an activity is inside its body,
and read from a workflow's history how many attempts an activity took."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from pathlib import Path

from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from tests.waiting import DEADLINE
from worker.fault_hook import ARMED, ARMED_AFTER, HELD, STARTS


@dataclass(frozen=True)
class Held:
    activity_type: str
    workflow_id: str
    attempt: int
    pid: int


class FaultHook:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def arm(self, holds: dict[str, float], *, after: bool = False, local: bool = False) -> None:
        """Holds the first attempt of these activity types before their body (or after it, when `after`); regular
        activities only, local ones too when `local`."""
        lines = "".join(f"{name} {seconds}{' local' if local else ''}\n" for name, seconds in holds.items())
        (self.folder / (ARMED_AFTER if after else ARMED)).write_text(lines)

    def disarm(self) -> None:
        (self.folder / ARMED).unlink(missing_ok=True)
        (self.folder / ARMED_AFTER).unlink(missing_ok=True)

    def _lines(self, name: str) -> list[str]:
        path = self.folder / name
        return path.read_text().splitlines() if path.exists() else []

    def held(self) -> list[Held]:
        return [Held(t, w, int(a), int(pid)) for t, w, a, _, pid in (line.split() for line in self._lines(HELD))]

    def starts(self) -> int:
        return len(self._lines(STARTS))

    def started(self, activity_type: str, after: int = 0) -> list[Held]:
        """The activities of this type that started (entered their body) after the first `after` starts."""
        return [Held(t, w, int(a), int(pid)) for t, w, a, _, pid in (line.split() for line in self._lines(STARTS)[after:])
                if t == activity_type]

    async def wait_held(self, activity_type: str, after: int, workflow_id: str | None = None,
                        wait: float = DEADLINE) -> list[Held]:
        """The activities of this type (of this workflow, or of workflows whose id starts with `workflow_id` when it
        ends with '-') that announced a hold after the first `after` holds."""
        deadline = time.monotonic() + wait
        while True:
            found = [h for h in self.held()[after:] if h.activity_type == activity_type
                     and (workflow_id is None or h.workflow_id == workflow_id
                          or (workflow_id.endswith("-") and h.workflow_id.startswith(workflow_id)))]
            if found:
                return found
            assert time.monotonic() < deadline, f"no {activity_type} activity started within {wait:.0f}s"
            await asyncio.sleep(0.02)


async def attempts(client: Client, workflow_id: str, activity_type: str) -> list[int]:
    """The attempt each completed (or failed) activity of this type was on, from the workflow's history: a value
    above 1 is the server's record that an earlier attempt never reported back."""
    scheduled: set[int] = set()
    out = []
    async for event in client.get_workflow_handle(workflow_id).fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            if event.activity_task_scheduled_event_attributes.activity_type.name == activity_type:
                scheduled.add(event.event_id)
        elif event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED:
            a = event.activity_task_started_event_attributes
            if a.scheduled_event_id in scheduled:
                out.append(a.attempt)
    return out


async def workers_of(client: Client, workflow_id: str) -> set[str]:
    """The identities (pid@host) of the workers that ran this workflow's tasks."""
    out = set()
    async for event in client.get_workflow_handle(workflow_id).fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED:
            out.add(event.workflow_task_started_event_attributes.identity)
    return out
