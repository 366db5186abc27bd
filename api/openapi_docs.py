"""What the OpenAPI says about answers that the api sends as they are, not through a response model: a FlowState
passed on from its workflow without re-serialising it (the same dataclass the workflows build: one model), the
Server-Sent Events streams, the generated images and the codec's payloads."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from workflows.flow_core import FlowState

Responses = dict[int | str, dict[str, Any]]

FLOW_STATE: Responses = {200: {"model": FlowState, "description": "The flow's state (workflows/flow_core.FlowState)"}}


def event_stream(what: str, events: tuple[str, ...] = ("message",)) -> Responses:
    """A Server-Sent Events stream: `text/event-stream`, each event named one of `events` with one `data:` JSON line.
    Described per event by `itemSchema` (Open API 3.2's way, which schemathesis checks every received event against:
    its name and that its data is JSON); comment lines (keep-alives) are not events."""
    event = {"type": "object", "required": ["event", "data"], "properties": {
        "event": {"type": "string", "enum": list(events)},
        "data": {"type": "string", "contentMediaType": "application/json"},
        "id": {"type": "string"}, "retry": {"type": "integer"}}}
    return {200: {"description": what, "content": {"text/event-stream": {"itemSchema": event}}}}


SVG: Responses = {200: {"description": "The image", "content": {"image/svg+xml": {"schema": {"type": "string",
                                                                                             "format": "binary"}}}}}
PDF: Responses = {200: {"description": "The document", "content": {"application/pdf": {"schema": {"type": "string",
                                                                                      "format": "binary"}}}}}


class Documented(BaseModel):
    """A model that documents JSON sent as it is: it forbids keys it does not name, so a test that validates a real
    answer against it fails on a key the documentation does not have."""

    model_config = ConfigDict(extra="forbid")


class Health(BaseModel):
    status: str


class Payload(BaseModel):
    """A Temporal payload as the Web UI's codec endpoint exchanges it (base64 data and metadata)."""

    metadata: dict[str, str] = {}
    data: str = ""


class Payloads(BaseModel):
    payloads: list[Payload]
