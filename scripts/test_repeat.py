"""Runs chosen tests N times, each run a fresh pytest process, optionally beside a CPU hog and in random order, then
prints each test's failures out of N. Exits 1 if any run failed.

    make test-repeat N=10 TESTS="tests/flows/test_offering.py tests/flows/test_flow_core.py" HOG=1 ORDER=random
    .venv/bin/python -m scripts.test_repeat -n 10 --hog --order random tests/flows/test_offering.py

--hog: one busy-loop process per core for the whole repetition (stopped at the end, and never outliving this
script). --order random: pytest-random-order, tests shuffled within each module and the modules shuffled
(`--order global|package|module|class|parent` chooses the bucket); each run's seed is printed with the command that
replays it. Each run's output is kept in .data/test-repeat/run-K.log."""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import shlex
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from scripts.pytest_output import failures, outcomes

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / ".data/test-repeat"
BUCKETS = ("global", "package", "module", "class", "parent")
HOG_LIFETIME = 6 * 3600.0  # a hog left behind by a killed script still ends
HOG = """import os, sys, time
parent, end = int(sys.argv[1]), time.monotonic() + float(sys.argv[2])
while time.monotonic() < end and os.getppid() == parent:
    for _ in range(200_000):
        pass
"""


@dataclass
class Run:
    number: int
    command: list[str]
    seed: int | None
    log: Path
    code: int = 0
    seconds: float = 0.0
    results: dict[str, str] = field(default_factory=dict)

    @property
    def failed(self) -> list[str]:
        return sorted(t for t, outcome in self.results.items() if outcome in ("FAILED", "ERROR"))


@contextmanager
def cpu_hog(enabled: bool) -> Iterator[None]:
    """One busy loop per core while the block runs."""
    procs = [subprocess.Popen([sys.executable, "-c", HOG, str(os.getpid()), str(HOG_LIFETIME)])
             for _ in range(os.cpu_count() or 2)] if enabled else []
    try:
        yield
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait()


def order_args(order: str | None, seed: int | None) -> list[str]:
    if order is None:
        return []
    bucket = "module" if order == "random" else order
    return [f"--random-order-bucket={bucket}", f"--random-order-seed={seed}"]


def run_once(number: int, tests: list[str], order: str | None, extra: list[str]) -> Run:
    seed = random.SystemRandom().randrange(1, 1_000_000) if order else None
    command = [".venv/bin/python", "-m", "pytest", "-rA", *order_args(order, seed), *extra, *tests]
    run = Run(number, command, seed, LOGS / f"run-{number}.log")
    t0 = time.monotonic()
    with run.log.open("w") as log:
        run.code = subprocess.call([sys.executable, *command[1:]], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    run.seconds = time.monotonic() - t0
    text = run.log.read_text(errors="replace")
    run.results = outcomes(text.splitlines())
    counts = Counter(run.results.values())
    line = f"run {number}: " + ", ".join(f"{n} {o.lower()}" for o, n in sorted(counts.items())) + f" in {run.seconds:.0f}s"
    print(line + (f" (random order seed {seed})" if seed is not None else ""), flush=True)
    for failure in failures(text):
        print("\n".join("    " + x for x in failure.render()), flush=True)
    if run.code not in (0, 1) or (run.code == 1 and not run.failed):
        print(f"    pytest exited {run.code} without a failed test: see {run.log.relative_to(ROOT)}", flush=True)
    return run


def table(runs: list[Run]) -> list[str]:
    """Each test id with its failures out of the runs, the failing ones first; then the total."""
    tests = sorted({t for r in runs for t in r.results})
    failed = {t: [r for r in runs if t in r.failed] for t in tests}
    width = max((len(t) for t in tests), default=10)
    out = [f"{'test':<{width}}  failures"]
    for t in sorted(tests, key=lambda t: (-len(failed[t]), t)):
        ran = sum(1 for r in runs if t in r.results)
        seeds = [r.seed for r in failed[t] if r.seed is not None]
        out.append(f"{t:<{width}}  {len(failed[t])}/{ran}" + (f"  (seeds {', '.join(map(str, seeds))})" if seeds else ""))
    total = sum(len(f) for f in failed.values())
    bad_runs = [r for r in runs if r.code != 0]
    out.append(f"total: {total} failures of {sum(len(r.results) for r in runs)} test runs; "
               f"{len(bad_runs)} of {len(runs)} runs failed")
    for r in bad_runs:
        out.append(f"  replay run {r.number}: {shlex.join(r.command)}   (log: {r.log.relative_to(ROOT)})")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tests", nargs="+", help="pytest paths or ids")
    ap.add_argument("-n", "--runs", type=int, default=10)
    ap.add_argument("--hog", action="store_true", help="keep every core busy with a busy loop meanwhile")
    ap.add_argument("--order", choices=("random", *BUCKETS), default=None, help="random order (pytest-random-order)")
    ap.add_argument("--pytest-args", default="", help="more pytest arguments, e.g. '-x -p no:logging'")
    args = ap.parse_args()
    if args.order and importlib.util.find_spec("random_order") is None:
        print("--order needs pytest-random-order (a dev dependency: `uv sync` or `make setup`)", file=sys.stderr)
        return 2
    LOGS.mkdir(parents=True, exist_ok=True)
    print(f"{args.runs} runs of {' '.join(args.tests)}" + (" beside a CPU hog" if args.hog else "")
          + (f", order {args.order}" if args.order else ""), flush=True)
    with cpu_hog(args.hog):
        runs = [run_once(k, args.tests, args.order, shlex.split(args.pytest_args)) for k in range(1, args.runs + 1)]
    print("\n".join(table(runs)))
    return 1 if any(r.code != 0 for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
