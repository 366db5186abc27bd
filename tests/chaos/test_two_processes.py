"""Two api and two worker processes serve one journey: requests alternate between api A and api B (a load balancer
without affinity), the purchase's SSE stream is open on one api while its step is submitted through the other, and
one worker is paused (SIGSTOP) at each stage so the other must take the flows over. It completes as with one of
each: the processes hold no state of their own."""

from __future__ import annotations

import asyncio
import signal
from contextlib import AsyncExitStack
from typing import Any

import httpx

from tests.chaos.conftest import Chaos
from tests.chaos.faults import workers_of
from tests.chaos.journey import Alternating, books, journey, next_state, sse


async def test_two_apis_and_two_workers_serve_one_journey_alternately(chaos: Chaos) -> None:
    stack = chaos.stack
    await asyncio.to_thread(stack.launch, "worker-b")
    transport = Alternating([stack.url("api-a"), stack.url("api-b")])
    pids = {stack.proc(w).pid for w in ("worker-a", "worker-b")}
    streams = AsyncExitStack()
    seen: dict[str, Any] = {}

    async def at(point: str, user: dict[str, Any]) -> None:
        if point == "onboarded":  # worker A paused: B verifies the bank
            stack.signal("worker-a", signal.SIGSTOP)
        elif point == "depositing":  # B paused, A back: A runs the deposit
            stack.signal("worker-a", signal.SIGCONT)
            stack.signal("worker-b", signal.SIGSTOP)
        elif point == "confirming":  # both serve; the stream on api A, the step through api B
            stack.signal("worker-b", signal.SIGCONT)
            seen["queue"] = await streams.enter_async_context(sse(
                stack.url("api-a"), f"/api/flows/make-investment/{user['purchase_flow']}/events", user["headers"]))
            transport.next = 1

    try:
        async with streams, httpx.AsyncClient(transport=transport, base_url="http://api", timeout=180) as http:
            user = await asyncio.wait_for(journey(http, chaos.sandbox, chaos.asset_id, chaos.secrets, at), 240)
            state = await next_state(seen["queue"], lambda s: s["context"].get("view") == "success")
            assert state["flow_id"] == user["purchase_flow"]
    finally:
        for w in ("worker-a", "worker-b"):
            stack.signal(w, signal.SIGCONT)
        stack.kill("worker-b", signal.SIGTERM)
    assert min(transport.served) >= 10, transport.served
    await books(chaos.state, [user])
    uid = user["user_id"]
    flows = [f"onboarding-{uid}", f"transfer-{user['transfer_id']}", user["purchase_flow"]]
    identities = set().union(*[await workers_of(chaos.temporal, f) for f in flows])
    assert {int(i.split("@")[0]) for i in identities if i} == pids, (identities, pids)
    chaos.journeys.append(user)
    chaos.figures["two_processes"] = {"requests_per_api": transport.served}
