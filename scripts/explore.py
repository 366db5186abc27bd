"""Exploration, apart from the gate: the seeded chaos tests (tests/seeds.py) at their big sizes and the Hypothesis
tests under the `explore` profile, on a NEW seed every round, for N rounds or M minutes; every failing seed printed
with the command that replays it.

    make explore N=3          make explore MINUTES=120          (make chaos is the same)
    .venv/bin/python -m scripts.explore --runs 3 [--tests "tests/chaos/test_crashes.py"] [--no-hypothesis]

A round is two pytest processes: the seeded modules (and the chaos PII scan, which reads what they left) with
VITRINE_CHAOS_SEED=<seed> VITRINE_CHAOS_SIZE=explore, then `-m hypothesis` over tests/ with
--hypothesis-profile=explore --hypothesis-seed=<seed>. Each round's output: .data/explore/<seed>-{chaos,hypothesis}.log.
A seed that found a defect goes into tests/seeds.py once the defect is fixed."""

from __future__ import annotations

import argparse
import os
import random
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from scripts.pytest_output import failures
from tests.seeds import EXPLORE, SEED_ENV, SIZE_ENV, seeded_paths

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / ".data/explore"
AFTER_CHAOS = ["tests/chaos/test_pii.py"]  # reads the journeys the chaos tests left: runs after them in the package


@dataclass
class Found:
    seed: int
    test: str
    replay: str
    first: list[str]
    log: Path


def _replay(env: dict[str, str], args: list[str]) -> str:
    return " ".join([*(f"{k}={v}" for k, v in env.items()), ".venv/bin/python -m pytest", shlex.join(args)])


def _pytest(seed: int, args: list[str], paths: list[str], env: dict[str, str], log: Path) -> list[Found]:
    """One pytest process; its failed tests, or the whole run when pytest failed without naming a test."""
    with log.open("w") as out:
        code = subprocess.call([sys.executable, "-m", "pytest", *args, *paths], cwd=ROOT, env={**os.environ, **env},
                               stdout=out, stderr=subprocess.STDOUT)
    found = [Found(seed, f.test, _replay(env, [*args, f.test]), f.render()[1:], log)
             for f in failures(log.read_text(errors="replace"))]
    if code != 0 and not found:
        found.append(Found(seed, f"(pytest exited {code})", _replay(env, [*args, *paths]), [], log))
    return found


def round_(seed: int, tests: list[str], hypothesis: bool) -> list[Found]:
    found: list[Found] = []
    if tests:
        env = {SEED_ENV: str(seed), SIZE_ENV: EXPLORE}
        found += _pytest(seed, ["-s"], tests, env, LOGS / f"{seed}-chaos.log")
    if hypothesis:
        args = ["-m", "hypothesis", "--hypothesis-profile=explore", f"--hypothesis-seed={seed}"]
        found += _pytest(seed, args, ["tests"], {}, LOGS / f"{seed}-hypothesis.log")
    return found


def report(found: list[Found]) -> list[str]:
    out: list[str] = []
    for f in found:
        out += [f"FAILED {f.test} (seed {f.seed}; log {f.log.relative_to(ROOT)})", *f.first, f"    replay: {f.replay}"]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=None, help="rounds (default 1 unless --minutes)")
    ap.add_argument("--minutes", type=float, default=None, help="start new rounds until this many minutes have passed")
    ap.add_argument("--tests", default=None, help="pytest paths instead of the seeded modules (tests/seeds.py)")
    ap.add_argument("--no-hypothesis", action="store_true", help="only the chaos tests")
    args = ap.parse_args()
    tests = shlex.split(args.tests) if args.tests else [*seeded_paths(), *AFTER_CHAOS]
    runs = args.runs if args.runs is not None else (None if args.minutes else 1)
    end = time.monotonic() + args.minutes * 60 if args.minutes else None
    LOGS.mkdir(parents=True, exist_ok=True)
    found: list[Found] = []
    done = 0
    while (runs is None or done < runs) and (end is None or time.monotonic() < end):
        seed = random.SystemRandom().randrange(1, 2**31)
        t0 = time.monotonic()
        print(f"round {done + 1}: seed {seed} ...", flush=True)
        new = round_(seed, tests, not args.no_hypothesis)
        done += 1
        print(f"round {done}: seed {seed}: {len(new)} failed in {time.monotonic() - t0:.0f}s", flush=True)
        if new:
            print("\n".join(report(new)), flush=True)
        found += new
    print(f"explored {done} seeds: {len(found)} failures" + (":" if found else ""))
    print("\n".join(report(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
