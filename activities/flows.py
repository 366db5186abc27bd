"""Publishing flow states to the browser: Redis pub/sub fans each new FlowState out to every open SSE stream."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from temporalio import activity


@dataclass
class Published:
    flow_id: str
    state: dict[str, Any]


def channel(flow_id: str) -> str:
    return f"flow:{flow_id}"


class FlowActivities:
    def __init__(self, redis: Redis) -> None:
        self._redis = redis

    @activity.defn(name="flows.publish")
    async def publish(self, msg: Published) -> None:
        """Best effort: a browser that misses an event re-reads the state with a query."""
        try:
            await self._redis.publish(channel(msg.flow_id), json.dumps(msg.state, default=str))
        except Exception as exc:  # Redis down must not fail the flow
            activity.logger.warning("could not publish flow state: %s", exc)
