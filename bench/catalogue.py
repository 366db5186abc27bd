"""Benchmark: the catalogue reads (the list's 200 and 304 paths, a routed read, the home screen's 200 and 304) against
a bare FastAPI endpoint, side by side in one run.

    make bench          (or: .venv/bin/python -m bench.catalogue --seconds 10 --connections 16)
    .venv/bin/python -m bench.catalogue --only home     (the bare endpoint and the home reads only)

Goals (issue "Platform"): 304 path >= 0.5x the bare endpoint's requests/s; 200 path p99 <= 20 ms.
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

from bench.wrk import Result, run

ROOT = Path(__file__).resolve().parent.parent
PY = str(ROOT / ".venv/bin/python")
DB = os.environ.get("VITRINE_BENCH_DB", "postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/vitrine_bench")
REDIS_PORT, API_PORT, BARE_PORT = 6391, 8020, 8021


def wait_port(port: int) -> None:
    for _ in range(200):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit(f"port {port} did not open")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--only", choices=("catalogue", "home"), default=None, help="run the bare endpoint and this part")
    args = ap.parse_args()
    env = {**os.environ, "VITRINE_DATABASE_URL": DB, "VITRINE_REDIS_URL": f"redis://127.0.0.1:{REDIS_PORT}/0"}
    subprocess.run([PY, "-m", "alembic", "-c", "store/alembic.ini", "upgrade", "head"], cwd=ROOT, env=env, check=True)
    subprocess.run([PY, "-m", "store.seed"], cwd=ROOT, env=env, check=True)
    procs = [
        subprocess.Popen(["redis-server", "--port", str(REDIS_PORT), "--save", "", "--bind", "127.0.0.1"],
                         stdout=subprocess.DEVNULL),
        subprocess.Popen([PY, "-m", "uvicorn", "api.app:app", "--port", str(API_PORT), "--no-access-log",
                          "--log-level", "warning"], cwd=ROOT, env=env),
        subprocess.Popen([PY, "-m", "uvicorn", "bench.bare_app:app", "--port", str(BARE_PORT), "--no-access-log",
                          "--log-level", "warning"], cwd=ROOT, env=env),
    ]
    try:
        for port in (REDIS_PORT, API_PORT, BARE_PORT):
            wait_port(port)
        url = f"http://127.0.0.1:{API_PORT}/api/v2/assets/"
        home = f"http://127.0.0.1:{API_PORT}/api/client-screens/home"
        etag, size = first_read(url)
        home_etag, home_size = first_read(home)
        s, c = args.seconds, args.connections
        run("warm-up", url, seconds=2, connections=4)
        results: list[Result] = [
            run("bare FastAPI endpoint", f"http://127.0.0.1:{BARE_PORT}/bare", seconds=s, connections=c)]
        if args.only in (None, "catalogue"):
            results += [
                run("catalogue 200", url, seconds=s, connections=c),
                run("catalogue 304", url, headers={"If-None-Match": etag}, seconds=s, connections=c),
                run("routed: ?category=cars 200", url + "?category=cars", seconds=s, connections=c),
            ]
        if args.only in (None, "home"):
            results += [
                run("home 200", home, seconds=s, connections=c),
                run("home 304", home, headers={"If-None-Match": home_etag}, seconds=s, connections=c),
            ]
    finally:
        for p in procs:
            p.terminate()
            p.wait()
    bare = results[0]
    print(f"\ncatalogue body: {size} bytes, home body: {home_size} bytes, {args.connections} connections, "
          f"{args.seconds}s per run, load average {os.getloadavg()[0]:.2f}\n")
    print(f"{'endpoint':<30}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'x bare':>10}")
    for r in results:
        print(f"{r.name:<30}{r.rps:>10.0f}{r.p50_ms:>10.2f}{r.p99_ms:>10.2f}{r.rps / bare.rps:>10.2f}")
    print()
    for r in results[1:]:  # the goals: >= 0.5x the bare endpoint, p99 <= 20 ms
        met = r.rps / bare.rps >= 0.5 and r.p99_ms <= 20
        print(f"{r.name}: {r.rps / bare.rps:.2f}x, p99 {r.p99_ms:.2f} ms (goal >= 0.5x, <= 20 ms): "
              f"{'MET' if met else 'MISSED'}")
    out = ROOT / "bench/results"
    out.mkdir(exist_ok=True)
    name = "catalogue.json" if args.only is None else f"catalogue-{args.only}.json"
    (out / name).write_text(json.dumps({"results": [asdict(r) for r in results], "bytes": size,
                                        "home_bytes": home_size}, indent=2))


def first_read(url: str) -> tuple[str, int]:
    """The answer's ETag and size."""
    with urllib.request.urlopen(url) as r:
        return r.headers["ETag"], len(r.read())


if __name__ == "__main__":
    main()
