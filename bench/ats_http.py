"""Benchmark: orders accepted per second by the ATS over HTTP, against a bare FastAPI endpoint in the same run.

    make bench-ats      (or: .venv/bin/python -m bench.ats_http --seconds 8 --connections 16)

Both servers are one uvicorn process; wrk (one thread) POSTs a new limit order per request through a Lua script:
alternating bids and asks a few ticks around $10.00 on 8 instruments, from 500 bid-only and 500 ask-only
accounts, each with its own Idempotency-Key, during an OPEN window (so many of them trade at once). The ATS does
everything it does in ``make dev``: Bearer-token check, idempotency lookup, the instrument's lock, the engine,
one PostgreSQL transaction per order (command log, order, executions, webhook outbox) and the signed webhooks,
delivered by its background task to the bare server. The baseline is a bare endpoint that parses the same JSON
body with pydantic and answers it. Goal (issue 10): the ATS >= 0.5x the bare endpoint's requests/s.
Results also go to bench/results/ats_http.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import asdict
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI
from pydantic import BaseModel

from bench import cpu
from bench.wrk import Result, run
from providers.ats.db import connect, drop

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv/bin/python")
DB = "postgresql://vitrine:vitrine@127.0.0.1:5432/vitrine_bench"
SCHEMA = "ats_bench"
ATS_PORT, BARE_PORT = 8140, 8141
KEY, INSTRUMENTS = "bench-provider-key", 8

bare = FastAPI()


class OrderIn(BaseModel):
    financialInstrumentId: str
    context: Literal["BID", "ASK"]
    units: int
    unitPrice: Decimal


@bare.post("/sandbox/ats/financial-accounts/{account_id}/orders", status_code=201)
async def bare_order(account_id: str, body: OrderIn) -> dict[str, Any]:
    return {"data": {"account": account_id, **body.model_dump(mode="json")}}


@bare.post("/hooks")
async def hooks() -> dict[str, str]:
    return {"status": "ok"}


LUA = """
local counter = 0
local prefix = "%(prefix)s"
math.randomseed(%(seed)d)
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer %(token)s"
request = function()
  counter = counter + 1
  local side = "ASK"
  local acct = "a" .. math.random(1, 500)
  if counter %% 2 == 0 then side = "BID"; acct = "b" .. math.random(1, 500) end
  local cents = 1000 + math.random(-4, 4) * 5
  local body = string.format('{"financialInstrumentId":"B%%d","context":"%%s","units":%%d,"unitPrice":"%%d.%%02d"}',
    math.floor(counter / 2) %% %(instruments)d, side, math.random(1, 5), math.floor(cents / 100), cents %% 100)
  wrk.headers["Idempotency-Key"] = prefix .. counter
  return wrk.format(nil, "/sandbox/ats/financial-accounts/" .. acct .. "/orders", nil, body)
end
"""


def wait_port(port: int) -> None:
    for _ in range(1200):  # a minute: a loaded machine starts slowly
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit(f"port {port} did not open")


def call(method: str, url: str, body: Any = None, headers: dict[str, str] | None = None, form: bool = False) -> Any:
    data = None
    hdrs = dict(headers or {})
    if body is not None:
        data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
        hdrs["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
    req = urllib.request.Request(url, data=data, headers=hdrs, method=method)
    with urllib.request.urlopen(req, timeout=10) as r:  # noqa: S310 (loopback only)
        return json.loads(r.read())


def prepare(base: str) -> str:
    """Register the instruments, wait for their windows to open; the Bearer token of client vitrine."""
    for i in range(INSTRUMENTS):
        call("POST", f"{base}/sandbox/ats/instruments", {"id": f"B{i}", "symbol": f"#B{i}", "name": f"Bench {i}",
                                                         "issuePrice": "10.00", "unitsOutstanding": 10**9},
             {"X-Provider-Key": KEY})
    token = str(call("POST", f"{base}/sandbox/ats/oauth/token", {"grant_type": "client_credentials",
                                                                 "client_id": "vitrine", "client_secret": "bench"},
                     form=True)["access_token"])
    for _ in range(100):
        inst = call("GET", f"{base}/sandbox/ats/instruments/B0", headers={"Authorization": f"Bearer {token}"})["data"]
        if inst["markets"]["secondaryMarket"]["status"] == "open":
            return token
        time.sleep(0.1)
    raise SystemExit("the bench instruments' windows did not open")


async def webhook_statuses() -> dict[str, int]:
    """The ATS's webhook events by delivery status (``pending``: not sent yet when the run ended)."""
    pool = await connect(DB, SCHEMA, min_size=1, max_size=1)
    try:
        async with pool.acquire() as conn:
            rows = await conn.fetch("SELECT status, count(*) AS n FROM webhook_events GROUP BY status")
    finally:
        await pool.close()
    return {r["status"]: int(r["n"]) for r in rows}


def measured(name: str, url: str, seconds: int, connections: int, script: str,
             processes: dict[str, list[int]]) -> tuple[Result, dict[str, float]]:
    """One wrk run and the CPU ms per request it cost, by process (the two servers, PostgreSQL, wrk itself)."""
    before, wrk_before = cpu.snapshot(processes), resource.getrusage(resource.RUSAGE_CHILDREN)
    result = run(name, url, seconds=seconds, connections=connections, script=script)
    after, wrk_after = cpu.snapshot(processes), resource.getrusage(resource.RUSAGE_CHILDREN)
    requests = max(1, round(result.rps * seconds))
    per_request = cpu.per_op_ms(before, after, requests)
    per_request.pop("bench process", None)
    wrk = (wrk_after.ru_utime + wrk_after.ru_stime - wrk_before.ru_utime - wrk_before.ru_stime) * 1000 / requests
    per_request["wrk"] = round(wrk, 2)
    per_request["total"] = round(per_request["total"] + wrk, 2)
    return result, per_request


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--connections", type=int, default=16)
    args = ap.parse_args()
    subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "vitrine", "vitrine_bench"], env={**os.environ, "PGPASSWORD": "vitrine"},
                   capture_output=True)  # exists already: fine
    asyncio.run(drop(DB, SCHEMA))
    tmp = tempfile.mkdtemp(prefix="ats-bench-")
    env = {**os.environ, "PROVIDERS_DB_PATH": f"{tmp}/providers.sqlite3", "PROVIDERS_API_KEY": KEY,
           "PROVIDERS_ATS_DATABASE_URL": DB, "PROVIDERS_ATS_DB_SCHEMA": SCHEMA, "PROVIDERS_ATS_DEMO_MARKET": "false",
           "PROVIDERS_ATS_MARKET_MAKER": "false", "PROVIDERS_ATS_SCHEDULE": "demo",
           "PROVIDERS_ATS_DEMO_POST_ONLY_SECONDS": "0.5", "PROVIDERS_ATS_DEMO_OPEN_SECONDS": "1000000",
           "PROVIDERS_ATS_CLIENTS": "vitrine:bench", "PROVIDERS_ATS_WEBHOOK_URL": f"http://127.0.0.1:{BARE_PORT}/hooks"}
    procs = [subprocess.Popen([PY, "-m", "uvicorn", app, "--port", str(port), "--no-access-log", "--log-level", "warning"],
                              cwd=ROOT, env=env)
             for app, port in (("providers.app:app", ATS_PORT), ("bench.ats_http:bare", BARE_PORT))]
    load_before = cpu.load_average()
    try:
        wait_port(ATS_PORT)
        wait_port(BARE_PORT)
        token = prepare(f"http://127.0.0.1:{ATS_PORT}")
        s, c = args.seconds, args.connections

        def script(name: str) -> str:
            path = Path(tmp) / f"{name}.lua"
            path.write_text(LUA % {"prefix": f"{name}-{time.time_ns()}-", "seed": time.time_ns() % 10**6,
                                   "token": token, "instruments": INSTRUMENTS})
            return str(path)

        run("warm-up", f"http://127.0.0.1:{ATS_PORT}", seconds=2, connections=4, script=script("warm"))
        processes = {"ATS server": [procs[0].pid], "bare server": [procs[1].pid]}
        runs = [measured("bare FastAPI POST", f"http://127.0.0.1:{BARE_PORT}", s, c, script("bare"), processes),
                measured("ATS: place order", f"http://127.0.0.1:{ATS_PORT}", s, c, script("ats"), processes)]
        results: list[Result] = [r for r, _ in runs]
        counts = call("GET", f"http://127.0.0.1:{ATS_PORT}/sandbox/ats/executions?limit=1",
                      headers={"Authorization": f"Bearer {token}"})
        group = call("GET", f"http://127.0.0.1:{ATS_PORT}/sandbox/ats/clock", headers={"X-Provider-Key": KEY})["data"]
        group = group["groupCommit"]
        hooks = asyncio.run(webhook_statuses())  # right after the run: what the ATS had not delivered yet is pending
    finally:
        for p in procs:
            p.terminate()
            p.wait()
    base = results[0]
    print(f"\n{c} connections, {s}s per run, {INSTRUMENTS} instruments, one uvicorn process each\n")
    print(f"{'endpoint':<24}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'x bare':>10}")
    for r in results:
        print(f"{r.name:<24}{r.rps:>10.0f}{r.p50_ms:>10.2f}{r.p99_ms:>10.2f}{r.rps / base.rps:>10.2f}")
    print("\nCPU ms per request by process (the ATS's webhooks go to the bare server):")
    for r, per_request in runs:
        print(f"  {r.name:<22}" + ", ".join(f"{k} {v}" for k, v in per_request.items()))
    print(f"load average before / after: {load_before} / {cpu.load_average()}")
    ratio = results[1].rps / base.rps
    print(f"\nATS orders: {ratio:.2f}x the bare endpoint (goal >= 0.5): {'MET' if ratio >= 0.5 else 'MISSED'}")
    print(f"(executions were created: {bool(counts['data'])}; group commit: {group['commands']} commands in"
          f" {group['writes']} statements, {group['commands'] / max(1, group['writes']):.1f} per statement)")
    print(f"webhook events at the end of the run: {hooks} ({sum(hooks.values()) / max(1, group['commands']):.1f} per command)")
    out = ROOT / "bench/results"
    out.mkdir(exist_ok=True)
    (out / "ats_http.json").write_text(json.dumps({"results": [asdict(r) for r in results], "ratio": ratio,
                                                   "cpu_ms_per_request": {r.name: per for r, per in runs},
                                                   "load_average_before": load_before, "load_average_after": cpu.load_average(),
                                                   "group_commit": group, "webhooks": hooks}, indent=2))


if __name__ == "__main__":
    main()
