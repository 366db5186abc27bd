"""Benchmark: a hot offering — N concurrent investors (default 200) each buying 1 share of a 100-share offering
through the real flow API (open, intro, select-shares, investing passport, agreement, confirm), against the same
number of bare Temporal Updates (6 per investor, the steps of a purchase) on the same dev server in the same run.

    make bench-purchase     (or: .venv/bin/python -m bench.purchase --buyers 200 --shares 100)

Goals (issue "Initial-offering purchase"): shares sold exactly = the offering, oversold 0, every flow settled
within 30 s; reported: purchases/s, and settle time / bare-Update time."""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
from temporalio.worker import Worker

from api.state import AppState
from bench.bare_workflow import BareWorkflow
from bench.flows import bare_round_trips
from bench.stack import BenchStack
from tests.flows.investors import asset_row, funded_investor, investments_of, ledger_total, offering

ROOT = Path(__file__).resolve().parent.parent
STEPS = 6


async def buy(http: httpx.AsyncClient, user: dict[str, Any], asset_id: int) -> str:
    h = user["headers"]
    state = (await http.post("/api/flows/make-investment", json={"asset_id": asset_id}, headers=h)).json()
    base = f"/api/flows/make-investment/{state['flow_id']}/steps"
    for step, fields in (("intro", {}), ("select-shares", {"shares": 1}), ("investing-passport", {}),
                         ("subscription-agreement", {"agreed": True, "read_ratio": 1}),
                         ("confirm-purchase", {"agreeTerms": True})):
        r = await http.post(f"{base}/{step}", json=fields, headers=h)
        if r.status_code == 422 and step == "select-shares":
            return "refused"  # 'Not enough shares': nothing held, nothing charged
        r.raise_for_status()
    return "bought" if r.json()["context"]["view"] == "success" else "refused"


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--buyers", type=int, default=200)
    ap.add_argument("--shares", type=int, default=100)
    args = ap.parse_args()
    async with BenchStack() as stack:
        state = AppState.create(stack.settings)
        async with httpx.AsyncClient(base_url=stack.api_url, timeout=120,
                                     limits=httpx.Limits(max_connections=args.buyers)) as http:
            users = []
            for i in range(0, args.buyers, 20):  # made in batches (argon2 hashing is CPU bound)
                users += await asyncio.gather(*(funded_investor(http, state, cash="100.00")
                                                for _ in range(min(20, args.buyers - i))))
            asset = await offering(state, shares=args.shares, value=f"{args.shares * 10}.00", max_share=1)
            queue = f"bench-bare-{uuid.uuid4().hex[:6]}"
            async with Worker(stack.client, task_queue=queue, workflows=[BareWorkflow]):
                t = time.perf_counter()
                await bare_round_trips(stack.client, queue, args.buyers, STEPS)
                bare_s = time.perf_counter() - t
            t = time.perf_counter()
            outcomes = await asyncio.gather(*(buy(http, u, asset.id) for u in users))
            settle_s = time.perf_counter() - t
            sold = (await asset_row(state, asset.id)).shares_sold
            owned = sum([sum(i.shares for i in await investments_of(state, int(u["user_id"]))) for u in users])
            balanced = await ledger_total(state) == Decimal(0)
        await state.close()
    bought = outcomes.count("bought")
    print(f"\n{args.buyers} buyers, {args.shares}-share offering, 1 share each")
    print(f"shares sold: {sold} (must be {args.shares}); investments: {owned}; bought: {bought}; "
          f"refused 'Not enough shares': {outcomes.count('refused')}")
    print(f"oversold: {max(0, sold - args.shares)} (must be 0); ledger sums to zero: {balanced}")
    print(f"time until every flow settled: {settle_s:.1f} s (goal <= 30 s): {'MET' if settle_s <= 30 else 'MISSED'}")
    print(f"purchases/s: {bought / settle_s:.1f}; bare Updates ({args.buyers} x {STEPS}) took {bare_s:.1f} s: "
          f"settle / bare = {settle_s / bare_s:.1f}x")
    out = ROOT / "bench/results"
    out.mkdir(exist_ok=True)
    (out / "purchase.json").write_text(json.dumps({
        "buyers": args.buyers, "shares": args.shares, "sold": sold, "oversold": max(0, sold - args.shares),
        "settle_seconds": settle_s, "purchases_per_second": bought / settle_s, "bare_seconds": bare_s,
        "ledger_balanced": balanced}, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
