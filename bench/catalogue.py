"""Benchmark: every catalogue read the screens make (the list, by category, by search, one asset, special access,
home; 200 and 304 paths) against a bare FastAPI endpoint, side by side in one run.

    make bench          (or: .venv/bin/python -m bench.catalogue --seconds 10 --connections 16)
    .venv/bin/python -m bench.catalogue --only special --port-offset 100   (the bare endpoint and one read alone,
                        on other ports: a second run beside another; VITRINE_BENCH_DB names its database)

Goals (issue 21 item 6): every read >= 0.5x the bare endpoint's requests/s and p99 <= 20 ms. The machine may be
shared: read the ratios to the bare endpoint of the same run, not absolute times.
Each server is one uvicorn process; wrk uses one thread. Results also go to bench/results/catalogue.json.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import time
import urllib.request
from dataclasses import asdict
from pathlib import Path
from urllib.parse import quote

from bench.wrk import Result, run

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv/bin/python")
DB = os.environ.get("VITRINE_BENCH_DB", "postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/vitrine_bench")
REDIS_PORT, API_PORT, BARE_PORT = 6391, 8020, 8021
EARLY = {"email": "early@vitrine.test", "password": "Vitrine2026!"}  # the seed's early-access investor
EARLY_HOST = "early.vitrine.test"


def get(url: str, headers: dict[str, str] | None = None) -> tuple[str, bytes]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as r:
        return str(r.headers["ETag"]), bytes(r.read())


def early_token(base: str) -> str:
    req = urllib.request.Request(f"{base}/api/v3/auth/login/", data=json.dumps(EARLY).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "Host": EARLY_HOST})
    with urllib.request.urlopen(req) as r:
        return str(json.loads(r.read())["token"])


def wait_port(port: int) -> None:
    for _ in range(1200):  # a minute: a loaded machine starts uvicorn slowly
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit(f"port {port} did not open")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--only", default="", help="run only the reads whose name starts with this (and the bare one)")
    ap.add_argument("--port-offset", type=int, default=0, help="added to the Redis, api and bare endpoint ports")
    args = ap.parse_args()
    redis_port, api_port, bare_port = (p + args.port_offset for p in (REDIS_PORT, API_PORT, BARE_PORT))
    env = {**os.environ, "VITRINE_DATABASE_URL": DB, "VITRINE_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0"}
    subprocess.run([PY, "-m", "alembic", "-c", "store/alembic.ini", "upgrade", "head"], cwd=ROOT, env=env, check=True)
    subprocess.run([PY, "-m", "store.seed"], cwd=ROOT, env=env, check=True)
    procs = [
        subprocess.Popen(["redis-server", "--port", str(redis_port), "--save", "", "--bind", "127.0.0.1"],
                         stdout=subprocess.DEVNULL),
        subprocess.Popen([PY, "-m", "uvicorn", "api.app:app", "--port", str(api_port), "--no-access-log",
                          "--log-level", "warning"], cwd=ROOT, env=env),
        subprocess.Popen([PY, "-m", "uvicorn", "bench.bare_app:app", "--port", str(bare_port), "--no-access-log",
                          "--log-level", "warning"], cwd=ROOT, env=env),
    ]
    try:
        for port in (redis_port, api_port, bare_port):
            wait_port(port)
        base = f"http://127.0.0.1:{api_port}"
        url = f"{base}/api/v2/assets/"
        etag, body = get(url)
        size = len(body)
        first_id = json.loads(body)["items"][0]["id"]
        special = {"Host": EARLY_HOST, "Authorization": f"JWT {early_token(base)}"}
        reads = [  # name, url, headers
            ("catalogue", url, {}),
            ("category (?category=cars)", url + "?category=cars", {}),
            ("search (?query=ferr)", url + "?query=" + quote("ferr"), {}),
            ("asset detail", f"{url}{first_id}/", {}),
            ("special access", url, special),
            ("home", f"{base}/api/client-screens/home", {}),
        ]
        reads = [r for r in reads if r[0].startswith(args.only)]
        s, c = args.seconds, args.connections
        run("warm-up", url, seconds=2, connections=4)
        results: list[Result] = [
            run("bare FastAPI endpoint", f"http://127.0.0.1:{bare_port}/bare", seconds=s, connections=c)]
        for name, read_url, headers in reads:
            read_etag, _ = get(read_url, headers)
            results.append(run(f"{name} 200", read_url, headers=headers, seconds=s, connections=c))
            results.append(run(f"{name} 304", read_url, headers={**headers, "If-None-Match": read_etag},
                               seconds=s, connections=c))
    finally:
        for p in procs:
            p.terminate()
            p.wait()
    bare = results[0]
    print(f"\ncatalogue body: {size} bytes, {args.connections} connections, {args.seconds}s per run\n")
    print(f"{'endpoint':<34}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'x bare':>10}  goal (>= 0.5x, p99 <= 20 ms)")
    for r in results:
        met = r is bare or (r.rps / bare.rps >= 0.5 and r.p99_ms <= 20)
        print(f"{r.name:<34}{r.rps:>10.0f}{r.p50_ms:>10.2f}{r.p99_ms:>10.2f}{r.rps / bare.rps:>10.2f}"
              f"  {'' if r is bare else 'MET' if met else 'MISSED'}")
    print(f"\nload average (1 min) after the runs: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    out = ROOT / "bench/results"
    out.mkdir(exist_ok=True)
    (out / "catalogue.json").write_text(json.dumps({"results": [asdict(r) for r in results], "bytes": size}, indent=2))


if __name__ == "__main__":
    main()
