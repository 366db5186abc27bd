"""The live activities' interface: a flow workflow publishes a FlowState it changed by itself (a signal, a timer, a
child's or an activity's result) for the SSE streams. The api publishes the FlowState an Update returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from temporalio import activity


@dataclass
class FlowPublication:
    flow_id: str
    state: dict[str, Any]  # the FlowState as JSON, what GET /api/flows/{kind}/{id} answers


class LiveActivities:
    """Stubs with the activities' names and signatures; `activities.live.LiveActivities` implements them."""

    @activity.defn(name="live.publish_flow")
    async def publish_flow(self, p: FlowPublication) -> None:
        raise NotImplementedError
