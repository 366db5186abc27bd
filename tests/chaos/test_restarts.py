"""Restarts: PostgreSQL, Redis and the Temporal server each go down in the middle of one investor's journey — each
while an activity of that journey is inside its body (the fault hook holds it there), the restart timed by the
activity, not by a sleep — and the journey completes with every posting made exactly once."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

from tests.chaos.conftest import Chaos
from tests.chaos.faults import attempts
from tests.chaos.journey import books, journey, next_state, sse


async def restart_inside(chaos: Chaos, activity_type: str, workflow_id: str, service: str, sig: int,
                         hold: float, down: float) -> float:
    """Holds the journey's next `activity_type` for `hold` s once it started, and restarts `service` meanwhile
    (stopped with `sig`, kept down `down` s): the activity's side effect runs while the service is down or just
    back. Returns the downtime."""
    mark = len(chaos.hook.held())
    chaos.hook.arm({activity_type: hold})
    try:
        await chaos.hook.wait_held(activity_type, mark, workflow_id)
    finally:
        chaos.hook.disarm()
    return await asyncio.to_thread(chaos.stack.restart, service, sig, down)


async def test_a_journey_survives_temporal_postgres_and_redis_restarts(chaos: Chaos) -> None:
    restarts: dict[str, asyncio.Task[float]] = {}
    stream: dict[str, Any] = {}

    async def at(point: str, user: dict[str, Any]) -> None:
        uid = user["user_id"]
        if point == "onboarded":  # Temporal killed while the investor's micro-deposit verification runs
            restarts["temporal"] = asyncio.create_task(restart_inside(
                chaos, "bank_link.verify", f"bank-link-{uid}-", "temporal", signal.SIGKILL, hold=1.5, down=1.0))
        elif point == "depositing":  # PostgreSQL crashes (immediate shutdown) as the deposit settles
            restarts["postgres"] = asyncio.create_task(restart_inside(
                chaos, "transfers.settle", f"transfer-{user['transfer_id']}", "postgres", signal.SIGQUIT,
                hold=1.0, down=3.0))
        elif point == "confirming":  # Redis restarted during the investment, the flow's SSE stream open on api B
            stream["cm"] = sse(chaos.stack.url("api-b"), f"/api/flows/make-investment/{user['purchase_flow']}/events",
                               user["headers"])
            stream["queue"] = await stream["cm"].__aenter__()
            restarts["redis"] = asyncio.create_task(restart_inside(
                chaos, "purchase.invest", user["purchase_flow"], "redis", signal.SIGKILL, hold=1.0, down=1.0))

    pids = {name: chaos.stack.proc(name).pid for name in ("temporal", "postgres", "redis")}
    user = await asyncio.wait_for(journey(chaos.http, chaos.sandbox, chaos.asset_id, chaos.secrets, at), 240)
    try:
        success = await next_state(stream["queue"], lambda s: s["context"].get("view") == "success")
        assert success["flow_id"] == user["purchase_flow"]
    finally:
        await stream["cm"].__aexit__(None, None, None)
    downtime = {name: await task for name, task in restarts.items()}
    assert {name: chaos.stack.proc(name).pid != pid for name, pid in pids.items()} == dict.fromkeys(pids, True)
    await books(chaos.state, [user])
    # the settle ran while PostgreSQL was down: its first attempt failed and a later one posted, once
    assert max(await attempts(chaos.temporal, f"transfer-{user['transfer_id']}", "transfers.settle")) >= 2
    chaos.journeys.append(user)
    chaos.figures["restart_downtime_s"] = {k: round(v, 1) for k, v in downtime.items()}
