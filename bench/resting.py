"""Benchmark: resting orders cost nothing while nothing happens (issue 32 item 1), on a throwaway stack
(bench/stack.py). N resting good-til-canceled bids (far below the market) from a few investors, then M idle minutes:

- CPU of the whole stack (api, worker, providers with the ATS, Redis, the Temporal server, PostgreSQL) above its
  idle baseline measured before any order existed, in % of one core (goal <= 2 %);
- history events per order per hour over the idle minutes (a sample of orders' histories; goal <= 2);
- an ATS event -> order view latency: the other broker's market maker sells into one resting bid at a time, and the
  time until the order list shows it FILLED (the webhook -> api -> `ats_event` signal -> the view written), p50/p99
  (goal p99 <= 1 s).

`--old-path` keeps a 30 s wake-up per order (the safety timer at the old poll's period, the reconciliation off): the
figures before the change, side by side.

    .venv/bin/python -m bench.resting --orders 100 --minutes 1        (a quick proof that it works)
    .venv/bin/python -m bench.resting                                  (the issue's: 1,000 orders, 5 minutes)"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col

from api.state import AppState
from bench import cpu
from bench.orders import ATS_ENV, POST_ONLY, Ats
from bench.stack import BenchStack
from bench.stats import percentile
from providers.ats.db import drop
from store.models import Category
from store.trading.models import TradingOrder
from tests.flows.investors import offering
from tests.trading.conftest import investor
from workflows.trading import order_types as O
from workflows.trading.order_start import start_order

ROOT = Path(__file__).resolve().parent.parent
MAKER = ("market-maker", "market-maker-secret")
PRICE = "5.00"


async def maker_token(sandbox: httpx.AsyncClient) -> str:
    r = await sandbox.post("/sandbox/ats/oauth/token", data={"grant_type": "client_credentials", "client_id": MAKER[0],
                                                             "client_secret": MAKER[1]})
    r.raise_for_status()
    return str(r.json()["access_token"])


async def cpu_percent(stack: BenchStack, seconds: float) -> tuple[float, dict[str, float]]:
    """% of one core the stack used over `seconds` of wall time, in all and by process group."""
    before = cpu.snapshot(stack.processes())
    t = time.monotonic()
    await asyncio.sleep(seconds)  # the measured idle time itself: nothing else to wait for
    after = cpu.snapshot(stack.processes())
    ms = cpu.per_op_ms(before, after, 1)
    wall = (time.monotonic() - t) * 1000
    return round(ms["total"] * 100 / wall, 2), {g: round(v * 100 / wall, 2) for g, v in ms.items()}


async def history_length(stack: BenchStack, workflow_ids: list[str]) -> int:
    async def one(wid: str) -> int:
        return len([e async for e in stack.client.get_workflow_handle(wid).fetch_history_events()])

    return sum(await asyncio.gather(*(one(w) for w in workflow_ids)))


async def filled(state: AppState, asset_id: int) -> int:
    async with state.sessions() as db:
        return int(await db.scalar(select(func.count()).select_from(TradingOrder).where(
            col(TradingOrder.asset_id) == asset_id, col(TradingOrder.status) == "FILLED")) or 0)


async def latencies(state: AppState, sandbox: httpx.AsyncClient, ticker: str, asset_id: int, events: int) -> list[float]:
    """The maker sells 1 unit into the resting bids, one at a time: ms until the order list shows one more FILLED."""
    token = await maker_token(sandbox)
    body = {"financialInstrumentId": O.instrument_id_of(ticker), "type": "LIMIT", "term": "GOOD_TIL_CANCELED",
            "context": "ASK", "units": 1, "unitPrice": PRICE}
    out = []
    for _ in range(events):
        known = await filled(state, asset_id)
        t = time.perf_counter()
        r = await sandbox.post("/sandbox/ats/financial-accounts/mm-asks/orders", json=body,
                               headers={"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex})
        r.raise_for_status()
        deadline = time.monotonic() + 30
        while await filled(state, asset_id) <= known:
            if time.monotonic() > deadline:
                raise SystemExit("an ATS event did not reach its order's view within 30 s")
            await asyncio.sleep(0.005)
        out.append((time.perf_counter() - t) * 1000)
    return out


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--orders", type=int, default=1000)
    ap.add_argument("--investors", type=int, default=5)
    ap.add_argument("--minutes", type=float, default=5.0, help="idle minutes measured with the orders resting")
    ap.add_argument("--baseline-seconds", type=float, default=60.0, help="the stack idle before any order")
    ap.add_argument("--events", type=int, default=50, help="ATS events for the latency figure")
    ap.add_argument("--sample", type=int, default=100, help="orders whose histories are counted")
    ap.add_argument("--old-path", action="store_true", help="a wake-up and ATS read every 30 s per order, as before")
    args = ap.parse_args()
    load_before = cpu.load_average()
    env = {**ATS_ENV, "VITRINE_ORDER_RECONCILE_SECONDS": "86400" if args.old_path else "60"}
    timings = O.OrderTimings(poll_seconds=30.0, queued_after_seconds=10.0, polls_per_run=500,
                             safety_seconds=30.0 if args.old_path else 900.0)
    await drop(ATS_ENV["PROVIDERS_ATS_DATABASE_URL"], ATS_ENV["PROVIDERS_ATS_DB_SCHEMA"])
    async with BenchStack(env) as stack, httpx.AsyncClient(base_url=stack.providers_url, timeout=60) as sandbox:
        state = AppState.create(stack.settings)
        async with state.sessions() as db:
            await db.execute(insert(Category).values(key="cars", pathname="cars", title="Cars", color="#000000")
                             .on_conflict_do_nothing())
            await db.commit()
        ats = Ats(sandbox)
        asset = await offering(state, shares=100_000, value="1000000.00", status="Trading")
        await ats.instrument(asset.ticker)
        start = await ats.next_session()
        await ats.to(start + POST_ONLY + 1)  # OPEN: an ask at the bids' price matches at once
        users = [await investor(state.sessions, str(args.orders * 10)) for _ in range(args.investors)]
        await asyncio.sleep(10)  # the stack settles after its start (the worker's schedules, the first token)
        baseline, _ = await cpu_percent(stack, args.baseline_seconds)
        gate = asyncio.Semaphore(50)

        async def place(n: int) -> str:
            uid = users[n % len(users)]
            inp = O.OrderInput(order_id=str(uuid.uuid4()), user_id=uid, asset_id=asset.id, ticker=asset.ticker,
                               side="BID", order_type="LIMIT", term="GOOD_TIL_CANCELED", units=1, unit_price=PRICE,
                               timings=timings, created=datetime.now(UTC).isoformat())
            async with gate:
                handle = await start_order(stack.client, inp, stack.settings.task_queue)
                await handle.execute_update(O.SUBMIT, result_type=O.OrderView)
                return handle.id

        t = time.perf_counter()
        ids = list(await asyncio.gather(*(place(n) for n in range(args.orders))))
        placed_s = time.perf_counter() - t
        await asyncio.sleep(10)  # the placements' last activities end
        sample = ids[:args.sample]
        events_before = await history_length(stack, sample)
        t = time.monotonic()
        idle, by_group = await cpu_percent(stack, args.minutes * 60)
        hours = (time.monotonic() - t) / 3600
        events_after = await history_length(stack, sample)
        per_order_hour = (events_after - events_before) / len(sample) / hours
        lat = await latencies(state, sandbox, asset.ticker, asset.id, min(args.events, args.orders))
        await state.close()
    above = round(idle - baseline, 2)
    result: dict[str, Any] = {
        "path": "old (30 s wake-up per order)" if args.old_path else "event-driven", "orders": args.orders,
        "investors": args.investors, "placed_seconds": round(placed_s, 1), "idle_minutes": args.minutes,
        "cpu_baseline_pct_of_one_core": baseline, "cpu_idle_with_orders_pct": idle, "cpu_above_baseline_pct": above,
        "cpu_by_group_pct": by_group, "history_events_per_order_per_hour": round(per_order_hour, 2),
        "ats_event_to_view_ms": {"p50": round(percentile(lat, 50), 1), "p99": round(percentile(lat, 99), 1),
                                 "n": len(lat)},
        "load_average_before": load_before, "load_average_after": cpu.load_average()}
    print(json.dumps(result, indent=2))
    print(f"goals: CPU above baseline <= 2 % of one core: {'MET' if above <= 2 else 'MISSED'}; history events per "
          f"order per hour <= 2: {'MET' if per_order_hour <= 2 else 'MISSED'}; event -> view p99 <= 1 s: "
          f"{'MET' if percentile(lat, 99) <= 1000 else 'MISSED'}")
    out = ROOT / "bench/results"
    out.mkdir(exist_ok=True)
    (out / f"resting{'-old' if args.old_path else ''}.json").write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
