"""Benchmark: the flow step round trip (POST a step → new FlowState, through the api, an Update with validator, a
DB-saving activity and the SSE publish) at 1 and 20 concurrent investors, against a bare Temporal Update on the same
dev server in the same run; and complete onboarding journeys per second. 20 investors run twice: as fast as the machine
answers (saturation: every CPU busy) and at a person's pace (`--think` seconds on each step).

    make bench-flows     (or: .venv/bin/python -m bench.flows --rounds 30)

Goals (issue "Onboarding"): step p50 <= 2x the bare Update, p99 <= 50 ms at 20 concurrent;
journeys/s >= 0.5 x (bare Updates/s / steps per journey)."""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from temporalio.client import Client
from temporalio.worker import Worker

from bench.bare_workflow import BareWorkflow
from bench.stack import BenchStack
from bench.stats import percentile
from tests.flows.driver import PROFILE

ROOT = Path(__file__).resolve().parent.parent
JOURNEY = [s for s in PROFILE if s not in ("confirmation",)]


async def bare_round_trips(client: Client, queue: str, users: int, rounds: int) -> list[float]:
    handles = [await client.start_workflow(BareWorkflow.run, id=f"bench-bare-{uuid.uuid4().hex}", task_queue=queue)
               for _ in range(users)]

    async def one(h: Any) -> list[float]:
        out = []
        for i in range(rounds):
            t = time.perf_counter()
            await h.execute_update(BareWorkflow.echo, i)
            out.append((time.perf_counter() - t) * 1000)
        await h.signal(BareWorkflow.finish)
        return out

    return [x for xs in await asyncio.gather(*(one(h) for h in handles)) for x in xs]


async def signup(http: httpx.AsyncClient) -> dict[str, str]:
    r = await http.post("/api/auth/registration/", json={"email": f"bench-{uuid.uuid4().hex[:12]}@example.com",
                                                          "password": "Bench1234"})
    r.raise_for_status()
    return {"Authorization": f"JWT {r.json()['token']}"}


async def bare_paced(client: Client, queue: str, users: int, rounds: int, think: float) -> list[float]:
    """The bare Update at the pace of people: each of `users` sends one, then waits `think` seconds."""
    handles = [await client.start_workflow(BareWorkflow.run, id=f"bench-bare-{uuid.uuid4().hex}", task_queue=queue)
               for _ in range(users)]

    async def one(n: int, h: Any) -> list[float]:
        await asyncio.sleep(think * n / users)  # people do not click in step
        out = []
        for i in range(rounds):
            t = time.perf_counter()
            await h.execute_update(BareWorkflow.echo, i)
            out.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(think)
        await h.signal(BareWorkflow.finish)
        return out

    return [x for xs in await asyncio.gather(*(one(n, h) for n, h in enumerate(handles))) for x in xs]


async def step_round_trips(http: httpx.AsyncClient, users: int, rounds: int, think: float = 0.0) -> list[float]:
    """Each investor submits name-phone-info, then goes back (not timed), `rounds` times; with `think` seconds
    between steps when paced like a person, else as fast as the machine answers. The investors sign up and open
    their wizard before the timed steps begin (sign-up's password hash is slow on purpose and not a flow step)."""
    async def ready() -> tuple[dict[str, str], str]:
        h = await signup(http)
        state = (await http.post("/api/flows/onboarding", headers=h)).json()
        base = f"/api/flows/onboarding/{state['flow_id']}"
        (await http.post(f"{base}/steps/intro", json={}, headers=h)).raise_for_status()
        return h, base

    investors = await asyncio.gather(*(ready() for _ in range(users)))

    async def one(n: int) -> list[float]:
        await asyncio.sleep(think * n / users)  # people do not click in step
        h, base = investors[n]
        out = []
        for _ in range(rounds):
            t = time.perf_counter()
            r = await http.post(f"{base}/steps/name-phone-info", json=PROFILE["name-phone-info"], headers=h)
            out.append((time.perf_counter() - t) * 1000)
            assert r.status_code == 200 and r.json()["step"] == "date-of-birth", r.text
            await asyncio.sleep(think / 2)
            (await http.post(f"{base}/back", headers=h)).raise_for_status()
            await asyncio.sleep(think / 2)
        return out

    return [x for xs in await asyncio.gather(*(one(n) for n in range(users))) for x in xs]


async def journeys(http: httpx.AsyncClient, users: int) -> tuple[float, int]:
    """Complete onboarding wizards, from opening the flow to its end (the investors signed up beforehand: the
    registration's deliberately slow password hash is not part of onboarding)."""
    investors = [await signup(http) for _ in range(users)]

    async def one(h: dict[str, str]) -> int:
        state = (await http.post("/api/flows/onboarding", headers=h)).json()
        base, steps = f"/api/flows/onboarding/{state['flow_id']}", 0
        while state["status"] != "completed":
            fields = dict(PROFILE.get(state["step"], {}))
            if state["step"] == "bank-info":
                fields["accountNumber"] = str(uuid.uuid4().int)[:10]
            r = await http.post(f"{base}/steps/{state['step']}", json=fields, headers=h)
            assert r.status_code == 200, r.text
            state, steps = r.json(), steps + 1
        return steps

    t = time.perf_counter()
    counts = await asyncio.gather(*(one(h) for h in investors))
    return users / (time.perf_counter() - t), counts[0]


def row(name: str, samples: list[float]) -> dict[str, float]:
    return {"name": name, "n": len(samples), "p50_ms": percentile(samples, 50), "p99_ms": percentile(samples, 99)}  # type: ignore[dict-item]


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=25)
    ap.add_argument("--journeys", type=int, default=20)
    ap.add_argument("--think", type=float, default=1.0, help="seconds a paced investor spends on each step")
    args = ap.parse_args()
    async with BenchStack() as stack:
        queue = f"bench-bare-{uuid.uuid4().hex[:6]}"
        async with Worker(stack.client, task_queue=queue, workflows=[BareWorkflow]), \
                httpx.AsyncClient(base_url=stack.api_url, timeout=60) as http:
            await bare_round_trips(stack.client, queue, 2, 5)  # warm-up
            await step_round_trips(http, 2, 3)
            results = []
            for users in (1, 20):
                bare = await bare_round_trips(stack.client, queue, users, args.rounds)
                step = await step_round_trips(http, users, args.rounds)
                results.append((f"{users}", row("bare Update", bare), row("flow step", step)))
            paced = max(5, args.rounds // 2)
            bare = await bare_paced(stack.client, queue, 20, paced, args.think)
            step = await step_round_trips(http, 20, paced, args.think)
            results.append((f"20 paced {args.think:g}s", row("bare Update", bare), row("flow step", step)))
            t = time.perf_counter()
            burst = await bare_round_trips(stack.client, queue, 20, args.rounds)
            bare_rate = len(burst) / (time.perf_counter() - t)
            rate, steps = await journeys(http, args.journeys)
    print(f"\n{'investors':>16} {'what':<12}{'p50 ms':>9}{'p99 ms':>9}")
    for label, bare_row, step_row in results:
        for r in (bare_row, step_row):
            print(f"{label:>16} {r['name']:<12}{r['p50_ms']:>9.1f}{r['p99_ms']:>9.1f}")
        ratio = step_row["p50_ms"] / bare_row["p50_ms"]
        print(f"{'':>16} step p50 / bare p50 = {ratio:.2f} (goal <= 2)")
    goal = 0.5 * bare_rate / steps
    for label, _, step_row in results[1:]:
        p99 = step_row["p99_ms"]
        print(f"step p99, {label} investors: {p99:.1f} ms (goal <= 50 ms): {'MET' if p99 <= 50 else 'MISSED'}")
    print(f"bare Updates/s at 20 concurrent: {bare_rate:.0f}; steps per journey: {steps}")
    print(f"onboarding journeys/s ({args.journeys} concurrent): {rate:.2f} (goal >= {goal:.2f}): "
          f"{'MET' if rate >= goal else 'MISSED'}")
    out = ROOT / "bench/results"
    out.mkdir(exist_ok=True)
    (out / "flows.json").write_text(json.dumps({"round_trips": results, "bare_updates_per_s": bare_rate,
                                                "journeys_per_s": rate, "steps_per_journey": steps,
                                                "think_seconds": args.think}, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
