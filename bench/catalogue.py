"""Benchmark: the catalogue read (200 path and 304 path) against a bare FastAPI endpoint, side by side in one run.

    make bench          (or: .venv/bin/python -m bench.catalogue --seconds 10 --connections 16)

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
DB = "postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/vitrine_bench"
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
        with urllib.request.urlopen(url) as r:
            etag = r.headers["ETag"]
            size = len(r.read())
        s, c = args.seconds, args.connections
        run("warm-up", url, seconds=2, connections=4)
        results: list[Result] = [
            run("bare FastAPI endpoint", f"http://127.0.0.1:{BARE_PORT}/bare", seconds=s, connections=c),
            run("catalogue 200", url, seconds=s, connections=c),
            run("catalogue 304", url, headers={"If-None-Match": etag}, seconds=s, connections=c),
            run("routed: ?category=cars 200", url + "?category=cars", seconds=s, connections=c),
        ]
    finally:
        for p in procs:
            p.terminate()
            p.wait()
    bare = results[0]
    print(f"\ncatalogue body: {size} bytes, {args.connections} connections, {args.seconds}s per run\n")
    print(f"{'endpoint':<30}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'x bare':>10}")
    for r in results:
        print(f"{r.name:<30}{r.rps:>10.0f}{r.p50_ms:>10.2f}{r.p99_ms:>10.2f}{r.rps / bare.rps:>10.2f}")
    ratio_304, p99_200 = results[2].rps / bare.rps, results[1].p99_ms
    print(f"\n304 path: {ratio_304:.2f}x the bare endpoint (goal >= 0.5): {'MET' if ratio_304 >= 0.5 else 'MISSED'}")
    print(f"200 path p99: {p99_200:.2f} ms (goal <= 20 ms): {'MET' if p99_200 <= 20 else 'MISSED'}")
    out = ROOT / "bench/results"
    out.mkdir(exist_ok=True)
    (out / "catalogue.json").write_text(json.dumps({"results": [asdict(r) for r in results], "bytes": size}, indent=2))


if __name__ == "__main__":
    main()
