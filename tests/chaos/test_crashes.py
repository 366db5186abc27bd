"""Worker crashes: journeys run at once (8 in `make test`, 30 in `make explore`) while the worker is SIGKILLed
again and again — each kill timed by an activity that announced it is inside its body (the fault hook), at a random
moment among the journeys' money movements, plus blind kills at random times — and a new worker process takes over.
Every journey completes, the ledger sums to zero, nothing is posted twice, and each killed activity's history shows
a later attempt. The kill schedule is drawn from a seed (tests/seeds.py: fixed in `make test`)."""

from __future__ import annotations

import asyncio
import os
import random
import time
from typing import Any

import pytest

from tests.chaos.conftest import Chaos
from tests.chaos.faults import Held, attempts
from tests.chaos.journey import books, journey
from tests.seeds import seeds, size

# enough concurrent journeys that every target activity is reached while others are elsewhere (VITRINE_CHAOS_JOURNEYS
# overrides; bench/chaos.py runs 100)
JOURNEYS = int(os.environ.get("VITRINE_CHAOS_JOURNEYS", size(gate=8, explore=30)))
# the activities that move money or verify a bank, in the order a journey reaches them
TARGETS = ("bank_link.verify", "transfers.submit", "transfers.settle", "purchase.invest")
KILLS_PER_TARGET = int(os.environ.get("VITRINE_CHAOS_KILLS_PER_TARGET", size(gate=1, explore=2)))
HOLD = 120.0  # far longer than the kill takes: a held activity is always killed inside its body


async def kill_worker(chaos: Chaos) -> int:
    pid = chaos.stack.proc("worker-a").pid
    chaos.stack.kill("worker-a")
    return pid


async def first_hold(chaos: Chaos, target: str, mark: int, runs: list[asyncio.Task[Any]]) -> list[Held]:
    """The `target` activities held since `mark`, or [] when every journey ended first."""
    holding = asyncio.create_task(chaos.hook.wait_held(target, mark, wait=900))
    ended = asyncio.create_task(asyncio.wait(runs))
    await asyncio.wait({holding, ended}, return_when=asyncio.FIRST_COMPLETED)
    ended.cancel()
    if holding.done():
        return holding.result()
    holding.cancel()
    return []


@pytest.mark.parametrize("seed", seeds(__file__))
async def test_worker_sigkilled_inside_activities_across_concurrent_journeys(chaos: Chaos, seed: int) -> None:
    rnd = random.Random(seed)
    t0 = time.monotonic()
    runs = [asyncio.create_task(journey(chaos.http, chaos.sandbox, chaos.asset_id, chaos.secrets)) for _ in range(JOURNEYS)]
    try:
        users, killed, blind = await kill_through(chaos, rnd, runs)
    finally:
        for r in runs:  # a failure leaves no journey running into the next test
            r.cancel()
    elapsed = time.monotonic() - t0
    await books(chaos.state, users)
    assert {h.activity_type for h in killed} >= {"transfers.submit", "transfers.settle", "purchase.invest"}, (seed, killed)
    for h in killed:  # the server saw the killed attempt time out and a new worker run a later one
        tries = await attempts(chaos.temporal, h.workflow_id, h.activity_type)
        assert tries and max(tries) >= 2, (seed, h, tries)
    chaos.journeys += users
    chaos.figures["crashes"] = {"journeys": len(users), "kills_inside_activities": len(killed),
                                "kill_rounds": len({h.pid for h in killed}), "blind_kills": blind,
                                "seconds": round(elapsed, 1), "seed": seed}
    print(f"\nworker crashes: {chaos.figures['crashes']}")


async def kill_through(chaos: Chaos, rnd: random.Random,
                       runs: list[asyncio.Task[Any]]) -> tuple[list[dict[str, Any]], list[Held], int]:
    """Kills the worker inside each target activity in turn (and blindly now and then) while the journeys run;
    returns the journeys' investors, the activities killed inside, the blind kills."""
    killed: list[Held] = []
    blind = 0
    for target in TARGETS:
        for _ in range(KILLS_PER_TARGET):
            await asyncio.sleep(rnd.uniform(0, 2))  # which journeys are where when the next one starts `target`
            if rnd.random() < 0.3:  # a blind kill: wherever the worker is (a workflow task, a local activity...)
                await kill_worker(chaos)
                await asyncio.to_thread(chaos.stack.launch, "worker-a")
                blind += 1
            mark = len(chaos.hook.held())
            chaos.hook.arm({target: HOLD})
            if not await first_hold(chaos, target, mark, runs):
                chaos.hook.disarm()
                break  # every journey has ended
            pid = await kill_worker(chaos)
            chaos.hook.disarm()
            held = chaos.hook.held()[mark:]
            assert held and {h.pid for h in held} == {pid}, (pid, held)
            killed += held
            await asyncio.to_thread(chaos.stack.launch, "worker-a")
    users = await asyncio.wait_for(asyncio.gather(*runs), 600)
    return list(users), killed, blind
