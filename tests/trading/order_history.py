"""What an order's history says of its steps (tests/trading): the server activities it scheduled, the local ones its
markers recorded (patch `order-settle-local`), its refusals either way, the workflow tasks after an event, and the
patches it recorded (patch `order-current-1`)."""

from __future__ import annotations

import json
from typing import Any

from temporalio.api.enums.v1 import EventType
from temporalio.api.failure.v1 import Failure
from temporalio.api.history.v1 import HistoryEvent
from temporalio.client import WorkflowHandle
from temporalio.converter import PayloadConverter

LOCAL_MARKER = "core_local_activity"  # the SDK's marker of a local activity's outcome
PATCH_MARKER = "core_patch"  # the SDK's marker of a `workflow.patched` decision
CHANGE_VERSION = "TemporalChangeVersion"  # the search attribute each patch marker's upsert sets: the patches so far


async def events(handle: WorkflowHandle[Any, Any]) -> list[HistoryEvent]:
    return [e async for e in handle.fetch_history_events()]


def local_type(event: HistoryEvent) -> str | None:
    """The activity type of a local activity's marker (its `data` detail: the SDK's own JSON, never encoded)."""
    marker = event.marker_recorded_event_attributes
    if event.event_type != EventType.EVENT_TYPE_MARKER_RECORDED or marker.marker_name != LOCAL_MARKER:
        return None
    data = json.loads(marker.details["data"].payloads[0].data)
    return str(data["activity_type"])


async def scheduled_activities(handle: WorkflowHandle[Any, Any]) -> list[str]:
    """The activity types the order's history scheduled, in order."""
    return [e.activity_task_scheduled_event_attributes.activity_type.name for e in await events(handle)
            if e.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED]


async def local_activities(handle: WorkflowHandle[Any, Any]) -> list[str]:
    """The local activity types the order's history recorded (one marker each), in order."""
    return [t for t in map(local_type, await events(handle)) if t is not None]


def _kind(failure: Failure) -> str:
    while failure.HasField("cause") and not failure.HasField("application_failure_info"):
        failure = failure.cause
    return failure.application_failure_info.type


async def refusals(handle: WorkflowHandle[Any, Any], kind: str) -> int:
    """How many times an activity of the order failed with this ApplicationError type, server or local."""
    found = 0
    for event in await events(handle):
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED:
            found += _kind(event.activity_task_failed_event_attributes.failure) == kind
        elif local_type(event) is not None and event.marker_recorded_event_attributes.HasField("failure"):
            found += _kind(event.marker_recorded_event_attributes.failure) == kind
    return found


def after_last(history: list[HistoryEvent], event_type: EventType.ValueType) -> list[HistoryEvent]:
    """The events after the last one of this type."""
    last = max(i for i, e in enumerate(history) if e.event_type == event_type)
    return history[last + 1:]


def patch_markers(history: list[HistoryEvent]) -> list[str]:
    """The patch ids the history's patch markers recorded, in order (a local activity's marker is not one)."""
    return [json.loads(e.marker_recorded_event_attributes.details["patch-data"].payloads[0].data)["id"]
            for e in history if e.event_type == EventType.EVENT_TYPE_MARKER_RECORDED
            and e.marker_recorded_event_attributes.marker_name == PATCH_MARKER]


def change_versions(history: list[HistoryEvent]) -> list[list[str]]:
    """What each upsert of TemporalChangeVersion set (the patches recorded so far), in order."""
    out = []
    for e in history:
        if e.event_type == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES:
            fields = e.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields
            if CHANGE_VERSION in fields:
                out.append(list(PayloadConverter.default.from_payload(fields[CHANGE_VERSION])))
    return out
