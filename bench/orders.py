"""Benchmark: orders on the secondary market (issue 11), on a throwaway stack (bench/stack.py: api, worker, providers
with the ATS on database vitrine_bench, Temporal dev server) — two parts in one run:

1. Order placement round trip — `POST .../orders` then `POST .../orders/{id}/submit` until the status comes back
   (the order held in the ledger and placed at the ATS) — at 1 and at 20 concurrent traders, against a bare
   Temporal Update on the same server in the same run. Goals: p50 <= 3x bare, p99 <= 150 ms at 20.
2. A trading window with N orders from M investors (half sellers' asks, half buyers' bids around the last price,
   placed during post-only, matched at the open, settled at the end of confirmation): executions, the time from
   the window's close (the end of CONFIRMATION, when the ATS settles them) to the last settlement posted in the
   ledger (goal <= 30 s), postings = 2 x executions exactly, the ledger sums to zero.

    make bench-orders     (200 orders from 20 investors: minutes on a shared machine)
    .venv/bin/python -m bench.orders --temporal both --workers 2 --apis 2     (the dev server, then Temporal on
        PostgreSQL as in production: scripts/temporal_pg.sh; their figures side by side)
    .venv/bin/python -m bench.orders --orders 1000 --investors 100 --rounds 20     (the issue's full window)"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import asyncpg
import httpx
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col
from temporalio.api.enums.v1 import EventType
from temporalio.api.history.v1 import HistoryEvent
from temporalio.client import Client
from temporalio.service import RPCError
from temporalio.worker import Worker

from api.state import AppState
from bench import cpu
from bench.bare_workflow import BareWorkflow
from bench.flows import bare_round_trips
from bench.order_inputs import TIMINGS, resting_bid
from bench.orders_table import side_by_side
from bench.placement_floor import Floor
from bench.stack import BenchStack
from bench.stats import percentile
from providers.ats.db import drop
from store.models import Category, LedgerEntry, LedgerPosting
from store.trading.models import TradeFill
from tests.api.accounts import account_id
from tests.flows.investors import funded_investor, offering
from tests.trading.conftest import LONG_AGO, investor
from workflows.trading import order_types as O
from workflows.trading.order_start import start_order

ROOT = Path(__file__).resolve().parent.parent
KEY = "sandbox-provider-key"
POST_ONLY, OPEN, CONFIRM = 3000.0, 3000.0, 600.0  # the ATS's demo hours; the benchmark moves its clock
CYCLE = POST_ONLY + OPEN
ATS_ENV = {"PROVIDERS_ATS_DATABASE_URL": "postgresql://vitrine:vitrine@127.0.0.1:5432/vitrine_bench",
           "PROVIDERS_ATS_DB_SCHEMA": "ats_bench", "PROVIDERS_ATS_SCHEDULE": "demo",
           "PROVIDERS_ATS_DEMO_POST_ONLY_SECONDS": str(POST_ONLY), "PROVIDERS_ATS_DEMO_OPEN_SECONDS": str(OPEN),
           "PROVIDERS_ATS_DEMO_CONFIRMATION_SECONDS": str(CONFIRM), "PROVIDERS_ATS_DEMO_MARKET": "false",
           "PROVIDERS_ATS_WEBHOOK_URL": f"{BenchStack.api_url}/api/webhooks/ats/",
           "VITRINE_TRADE_PROCEEDS_DELAY_SECONDS": "0"}


class Ats:
    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http

    async def now(self) -> float:
        r = await self.http.get("/sandbox/ats/clock", headers={"X-Provider-Key": KEY})
        return datetime.fromisoformat(r.json()["data"]["now"]).timestamp()

    async def to(self, t: float) -> None:
        r = await self.http.post("/sandbox/ats/clock", json={"advanceSeconds": max(0.0, t - await self.now())},
                                 headers={"X-Provider-Key": KEY})
        r.raise_for_status()

    async def next_session(self) -> float:
        start = (await self.now() // CYCLE + 1) * CYCLE
        await self.to(start + 1)
        return start

    async def instrument(self, ticker: str) -> None:
        body = {"id": O.instrument_id_of(ticker), "symbol": ticker, "name": ticker, "status": "TRADING",
                "issuePrice": "10.00", "unitsOutstanding": 100_000, "history": [{"date": "2026-01-05", "close": "10.00"}]}
        r = await self.http.post("/sandbox/ats/instruments", json=body, headers={"X-Provider-Key": KEY})
        r.raise_for_status()


async def round_trips(http: httpx.AsyncClient, traders: list[dict[str, Any]], ticker: str, rounds: int) -> list[float]:
    """Each trader places `rounds` resting limit bids one after the other; the ms of each create + submit."""
    async def one(user: dict[str, Any]) -> list[float]:
        base = f"/api/financial-accounts/{account_id(user)}/orders"
        body = resting_bid(ticker)
        out = []
        for _ in range(rounds):
            t = time.perf_counter()
            r = await http.post(base, json=body, headers={**user["headers"], "Idempotency-Key": uuid.uuid4().hex})
            assert r.status_code == 201, r.text
            r = await http.post(f"{base}/{r.json()['data']['id']}/submit", headers=user["headers"])
            assert r.status_code == 200 and r.json()["data"]["status"] == "SUBMITTED", r.text
            out.append((time.perf_counter() - t) * 1000)
        return out

    return [x for xs in await asyncio.gather(*(one(u) for u in traders)) for x in xs]


def event_name(e: HistoryEvent) -> str:
    """The event's type, with the activity's name on its scheduling and the signal's name on a signal."""
    name = EventType.Name(e.event_type).removeprefix("EVENT_TYPE_")
    if e.HasField("activity_task_scheduled_event_attributes"):
        name += f" {e.activity_task_scheduled_event_attributes.activity_type.name}"
    if e.HasField("workflow_execution_signaled_event_attributes"):
        name += f" {e.workflow_execution_signaled_event_attributes.signal_name}"
    return name


async def profile_one(http: httpx.AsyncClient, client: Client, user: dict[str, Any], ticker: str) -> dict[str, Any]:
    """Where one placement's time goes: the api's create and submit calls (ms), and the order workflow's history up
    to the submit's answer — each event with the ms since the one before it (an activity's name on its
    scheduling)."""
    base = f"/api/financial-accounts/{account_id(user)}/orders"
    body = resting_bid(ticker)
    t0 = time.perf_counter()
    r = await http.post(base, json=body, headers={**user["headers"], "Idempotency-Key": uuid.uuid4().hex})
    t1 = time.perf_counter()
    order_id = r.json()["data"]["id"]
    r = await http.post(f"{base}/{order_id}/submit", headers=user["headers"])
    t2 = time.perf_counter()
    history = await client.get_workflow_handle(O.workflow_id(order_id)).fetch_history()
    steps, before = [], None
    for e in history.events:
        at = e.event_time.ToDatetime()
        name = event_name(e)
        steps.append(f"{name} +{(at - before).total_seconds() * 1000:.0f}" if before else name)
        before = at
        if name == "WORKFLOW_EXECUTION_UPDATE_COMPLETED":
            break
    return {"order_id": order_id, "create_ms": round((t1 - t0) * 1000, 1), "submit_ms": round((t2 - t1) * 1000, 1),
            "history": steps}


async def after_answer(client: Client, order_id: str) -> list[str]:
    """The order's history after the submit's answer, read later: what each placement costs besides its round trip
    (the ATS's webhooks as signals and the workflow tasks they wake)."""
    history = await client.get_workflow_handle(O.workflow_id(order_id)).fetch_history()
    names = [event_name(e) for e in history.events]
    answered = names.index("WORKFLOW_EXECUTION_UPDATE_COMPLETED") if "WORKFLOW_EXECUTION_UPDATE_COMPLETED" in names else 0
    return names[answered + 1:]


async def settlement_trace(client: Client, order_id: str, closed: datetime) -> list[str]:
    """One order's history from the window's close on: each event with the seconds since the close (a signal's
    name on it) — whether its settlement waited for the webhook's signal or for the worker after it."""
    history = await client.get_workflow_handle(O.workflow_id(order_id)).fetch_history()
    steps = []
    for e in history.events:
        at = e.event_time.ToDatetime(tzinfo=UTC)
        if at < closed:
            continue
        steps.append(f"{event_name(e)} {(at - closed).total_seconds():.1f}s")
    return steps


def figures(samples: list[float]) -> dict[str, float]:
    return {"p50_ms": round(percentile(samples, 50), 1), "p99_ms": round(percentile(samples, 99), 1)}


async def placement(stack: BenchStack, state: AppState, http: httpx.AsyncClient, ats: Ats,
                    rounds: int) -> dict[str, Any]:
    asset = await offering(state, shares=100_000, value="1000000.00", status="Trading")
    await ats.instrument(asset.ticker)
    traders = [await funded_investor(http, state, cash="100000.00") for _ in range(20)]
    await ats.next_session()  # post-only: the bids rest
    queue = f"bench-bare-{uuid.uuid4().hex[:6]}"
    out: dict[str, Any] = {}
    floor = Floor(http, stack.client, state, stack.settings)
    async with Worker(stack.client, task_queue=queue, workflows=[BareWorkflow]):
        await round_trips(http, traders[:1], asset.ticker, 5)  # warm-up
        await bare_round_trips(stack.client, queue, 1, 5)
        out["profile"] = await profile_one(http, stack.client, traders[0], asset.ticker)
        for n in (1, 20):
            cpu_before = cpu.snapshot(stack.processes())
            samples = await round_trips(http, traders[:n], asset.ticker, rounds if n > 1 else rounds * 3)
            order_cpu = cpu.per_op_ms(cpu_before, cpu.snapshot(stack.processes()), len(samples))
            cpu_before = cpu.snapshot(stack.processes())
            bare_samples = await bare_round_trips(stack.client, queue, n, rounds if n > 1 else rounds * 3)
            bare_cpu = cpu.per_op_ms(cpu_before, cpu.snapshot(stack.processes()), len(bare_samples))
            floor.parts = {part: [] for part in floor.parts}
            cpu_before = cpu.snapshot(stack.processes())
            floor_samples = await floor.round_trips(traders[:n], asset.id, asset.ticker,
                                                    rounds if n > 1 else rounds * 3)
            floor_cpu = cpu.per_op_ms(cpu_before, cpu.snapshot(stack.processes()), len(floor_samples))
            order, bare, least = figures(samples), figures(bare_samples), figures(floor_samples)
            out[f"c{n}"] = {"order": order, "bare_update": bare, "floor": least,
                            "p50_ratio": round(order["p50_ms"] / bare["p50_ms"], 1),
                            "p99_ratio": round(order["p99_ms"] / bare["p99_ms"], 1),
                            "floor_p50_ratio": round(least["p50_ms"] / bare["p50_ms"], 1),
                            "floor_p99_ratio": round(least["p99_ms"] / bare["p99_ms"], 1),
                            "cpu_ms_per_placement": order_cpu, "cpu_ms_per_bare_update": bare_cpu,
                            "cpu_ms_per_floor": floor_cpu, "floor_parts_p50_ms": {
                                part: round(percentile(xs, 50), 1) for part, xs in floor.parts.items()},
                            "load_average_after": cpu.load_average()}
        await floor.close()
    out["profile"]["after_answer"] = await after_answer(stack.client, out["profile"]["order_id"])
    return out


async def match_known(handles: list[Any], view: Callable[[Any], Awaitable[O.OrderView | None]]) -> int:
    """Waits until the match is behind us as it is in a real window, whose CONFIRMATION lasts minutes to hours (the
    bench jumps the ATS's clock over it): every webhook of the match delivered and every execution known to both of
    its orders (at most 5 minutes). Answers the ATS's executions. Without this wait the figure below also counted the
    match's backlog."""
    conn = await asyncpg.connect(ATS_ENV["PROVIDERS_ATS_DATABASE_URL"])
    schema = ATS_ENV["PROVIDERS_ATS_DB_SCHEMA"]
    deadline, executions = time.monotonic() + 300, 0
    try:
        while time.monotonic() < deadline:
            pending = await conn.fetchval(f"SELECT count(*) FROM {schema}.webhook_events WHERE status = 'pending'")
            executions, sides = await conn.fetchrow(  # sides: those of Vitrine's orders (the webhooks' client)
                f"SELECT count(*), count(*) FILTER (WHERE buyer_client IN (SELECT client_id FROM {schema}.webhook_events))"
                f" + count(*) FILTER (WHERE seller_client IN (SELECT client_id FROM {schema}.webhook_events))"
                f" FROM {schema}.executions")
            if not pending:
                answers = await asyncio.gather(*(view(h) for h in handles))
                if sum(len(a.executions) for a in answers if a is not None) == sides:
                    return int(executions)
            await asyncio.sleep(0.5)
        print("the match was not known to every order within 5 minutes: the figure below includes its backlog")
        return int(executions)
    finally:
        await conn.close()


async def window(stack: BenchStack, state: AppState, ats: Ats, orders: int, investors: int) -> dict[str, Any]:
    rnd = random.Random(11)
    asset = await offering(state, shares=100_000, value="1000000.00", status="Trading")
    await ats.instrument(asset.ticker)
    per = orders // investors
    sellers = [await investor(state.sessions, "0", {asset.id: [(per * 5, LONG_AGO)]}) for _ in range(investors // 2)]
    buyers = [await investor(state.sessions, str(per * 5 * 11)) for _ in range(investors - len(sellers))]
    start = await ats.next_session()
    gate = asyncio.Semaphore(50)

    async def place(uid: int, side: O.Side) -> Any:
        price = Decimal("10.00") + Decimal("0.05") * rnd.randint(-6, 6) + (Decimal("-0.10") if side == "ASK" else 0)
        inp = O.OrderInput(order_id=str(uuid.uuid4()), user_id=uid, asset_id=asset.id, ticker=asset.ticker, side=side,
                           order_type="LIMIT", term="GOOD_TIL_CANCELED", units=rnd.randint(1, 5), unit_price=str(price),
                           timings=TIMINGS, created=datetime.now(UTC).isoformat())
        async with gate:
            handle = await start_order(stack.client, inp, stack.settings.task_queue)
            await handle.execute_update(O.SUBMIT, result_type=O.OrderView)
            return handle

    t = time.perf_counter()
    sides: list[tuple[O.Side, list[int]]] = [("ASK", sellers), ("BID", buyers)]
    handles = await asyncio.gather(*(place(uid, side) for side, group in sides for uid in group for _ in range(per)))
    placed_s = time.perf_counter() - t

    async def view(h: Any) -> O.OrderView | None:
        async with gate:  # 1,000 queries at once timed out on a loaded machine: 50 at a time, a slow one asked again
            try:
                v: O.OrderView = await h.query(O.VIEW, result_type=O.OrderView, rpc_timeout=timedelta(seconds=30))
                return v
            except RPCError:
                return None

    await ats.to(start + POST_ONLY + 1)  # the open uncrosses the book
    await ats.to(start + CYCLE + 1)      # the window closes: CONFIRMATION
    t = time.perf_counter()
    matched = await match_known(handles, view)
    match_s = time.perf_counter() - t
    print(f"window: {len(handles)} orders placed in {placed_s:.1f} s; {matched} executions known to their orders "
          f"{match_s:.1f} s after the match; the confirmation ends", flush=True)
    closed = datetime.now(UTC)
    await ats.to(start + CYCLE + CONFIRM + 1)  # the confirmation ends: the ATS settles every execution
    deadline = time.monotonic() + 300

    async def fills_posted() -> int:
        async with state.sessions() as db:
            return int(await db.scalar(select(func.count()).select_from(TradeFill).where(
                col(TradeFill.asset_id) == asset.id)) or 0)

    # the observer stays light while the settlements run: the ledger's count every half second, the 1,000 orders'
    # views (a query each, answered by the worker) only once that count stood still for two seconds — asking them
    # every second was itself ~1,000 queries a second on the worker the figure measures
    views: list[O.OrderView] = []
    seen, still_since = -1, time.monotonic()
    while time.monotonic() < deadline:
        fills = await fills_posted()
        if fills != seen:
            seen, still_since = fills, time.monotonic()
        elif fills and time.monotonic() - still_since >= 2.0:
            answers = await asyncio.gather(*(view(h) for h in handles))
            if all(a is not None for a in answers):
                views = [a for a in answers if a is not None]
                known = sum(len(v.executions) for v in views)
                if known and fills == known and all(x.status == "SETTLED" for v in views for x in v.executions):
                    break
            still_since = time.monotonic()
        await asyncio.sleep(0.5)
    async with state.sessions() as db:
        last = await db.scalar(select(func.max(col(LedgerEntry.created_at))).where(col(LedgerEntry.kind) == "trade-fill"))
        posted = (select(col(TradeFill.order_id)).join(LedgerEntry, col(LedgerEntry.idempotency_key) == func.concat(
            "fill:", col(TradeFill.order_id), ":", TradeFill.execution_id)).where(col(TradeFill.asset_id) == asset.id))
        entries = int(await db.scalar(select(func.count()).select_from(posted.subquery())) or 0)
        total = Decimal(await db.scalar(select(func.coalesce(func.sum(LedgerPosting.amount), 0))) or 0)
        by_time = [str(o) for o in (await db.scalars(posted.order_by(col(LedgerEntry.created_at)))).all()]
    if by_time:
        for label, order_id in (("median", by_time[len(by_time) // 2]), ("last", by_time[-1])):
            print(f"settlement of the {label} order after the close: "
                  f"{' | '.join(await settlement_trace(stack.client, order_id, closed))}", flush=True)
    settled_s = (last - closed).total_seconds() if last is not None else float("nan")
    executions = len({x.id for v in views for x in v.executions})
    return {"orders": len(handles), "investors": investors, "placed_seconds": round(placed_s, 1),
            "match_known_seconds": round(match_s, 1), "executions": executions, "postings": entries,
            "postings_equal_2x_executions": entries == 2 * executions,
            "close_to_last_settlement_seconds": round(settled_s, 2), "ledger_sums_to_zero": total == 0}


TEMPORALS = {"dev": "the dev server (SQLite in memory)", "pg": "Temporal on PostgreSQL (the production shape)"}


async def run(args: argparse.Namespace, temporal: str) -> dict[str, Any]:
    """Both parts on a fresh stack whose Temporal is `temporal` ("dev" or "pg"); prints its figures."""
    load_before = cpu.load_average()
    await drop(ATS_ENV["PROVIDERS_ATS_DATABASE_URL"], ATS_ENV["PROVIDERS_ATS_DB_SCHEMA"])  # a fresh ATS
    async with BenchStack(ATS_ENV, args.workers, temporal, args.apis) as stack:
        state = AppState.create(stack.settings)
        async with state.sessions() as db:  # the bench database is migrated, not seeded: the assets' category
            await db.execute(insert(Category).values(key="cars", pathname="cars", title="Cars", color="#000000")
                             .on_conflict_do_nothing())
            await db.commit()
        async with httpx.AsyncClient(base_url=stack.api_url, timeout=120, limits=httpx.Limits(max_connections=100)) \
                as http, httpx.AsyncClient(base_url=stack.providers_url, timeout=120) as sandbox:
            ats = Ats(sandbox)
            trips = await placement(stack, state, http, ats, args.rounds)
            print(f"placement round trips: {json.dumps(trips)}", flush=True)
            win = await window(stack, state, ats, args.orders, args.investors) if args.orders else None
        await state.close()
    print(f"\n{TEMPORALS[temporal]}, {args.workers} worker(s), {args.apis} api(s) — order placement round trip "
          f"(POST orders + submit -> status) vs a bare Temporal Update (load average at the start {load_before}):")
    for n in ("c1", "c20"):
        t = trips[n]
        print(f"  {n[1:]:>2} traders: order p50 {t['order']['p50_ms']} ms p99 {t['order']['p99_ms']} ms; bare p50 "
              f"{t['bare_update']['p50_ms']} ms p99 {t['bare_update']['p99_ms']} ms; ratio p50 {t['p50_ratio']}x "
              f"p99 {t['p99_ratio']}x (goal <= 3x each: {'MET' if max(t['p50_ratio'], t['p99_ratio']) <= 3 else 'MISSED'})")
        print(f"     CPU ms per placement: {json.dumps(t['cpu_ms_per_placement'])}")
        print(f"     CPU ms per bare Update: {json.dumps(t['cpu_ms_per_bare_update'])} "
              f"(load average after: {t['load_average_after']})")
        print(f"     floor (prevalidate + a bare start + view, hold and ATS placement + one api read, nothing around "
              f"them): p50 {t['floor']['p50_ms']} ms p99 {t['floor']['p99_ms']} ms; x bare: p50 {t['floor_p50_ratio']}x "
              f"p99 {t['floor_p99_ratio']}x; CPU ms: {json.dumps(t['cpu_ms_per_floor'])}")
        print(f"       its parts' p50 (ms): {json.dumps(t['floor_parts_p50_ms'])}")
    print(f"one placement (ms; history: ms since the previous event): {json.dumps(trips['profile'])}")
    if win is not None:
        print(f"trading window: {win}")
        print(f"  close -> last settlement <= 30 s: {'MET' if win['close_to_last_settlement_seconds'] <= 30 else 'MISSED'}")
    return {"temporal": temporal, "workers": args.workers, "apis": args.apis, "load_average_before": load_before,
            "placement": trips, "window": win, "load_average_after": cpu.load_average()}


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--orders", type=int, default=200, help="the window's orders (the issue's figure: 1000; 0: no window, "
                                                            "the placement part only)")
    ap.add_argument("--investors", type=int, default=20, help="the window's investors (the issue's: 100)")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--workers", type=int, default=1, help="worker processes on the task queue")
    ap.add_argument("--apis", type=int, default=1, help="api processes (behind its one port)")
    ap.add_argument("--temporal", choices=["dev", "pg", "both"], default="dev",
                    help="the dev server, Temporal on PostgreSQL (scripts/temporal_pg.sh), or both one after the other")
    args = ap.parse_args()
    results = [await run(args, t) for t in (["dev", "pg"] if args.temporal == "both" else [args.temporal])]
    if len(results) > 1:
        side_by_side(results)
    out = ROOT / "bench/results"
    out.mkdir(exist_ok=True)
    for r in results:  # the dev server's in orders.json as before, PostgreSQL's in orders-pg.json
        (out / ("orders.json" if r["temporal"] == "dev" else "orders-pg.json")).write_text(json.dumps(r, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
