"""Publishes a flow's FlowState to its Redis channel (store/live.py), which every open SSE stream of the flow
follows (api/routes/flows.py). Best-effort: the workflow gives up after a few short attempts."""

from __future__ import annotations

from redis.asyncio import Redis
from temporalio import activity

from activities.interfaces import live as interface
from activities.interfaces.live import FlowPublication
from store.live import publish_flow


class LiveActivities(interface.LiveActivities):
    def __init__(self, redis: Redis) -> None:
        self._redis = redis

    @activity.defn(name="live.publish_flow")
    async def publish_flow(self, p: FlowPublication) -> None:
        await publish_flow(self._redis, p.flow_id, p.state)
