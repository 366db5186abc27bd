"""A longer chaos run than `make test`'s: the worker SIGKILLed inside activities across more concurrent journeys
(default 100), then the PII scan — the tests of tests/chaos on their own stack, with a bigger journey count.

    make bench-chaos [SEED=N]     (or: .venv/bin/python -m bench.chaos --journeys 100 [--seed N]; without a seed,
    the fixed one of tests/seeds.py)"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--journeys", type=int, default=100)
    ap.add_argument("--seed", type=int, default=None, help="replays the kill schedule of an earlier run")
    args = ap.parse_args()
    env = {**os.environ, "VITRINE_CHAOS_JOURNEYS": str(args.journeys), "VITRINE_CHAOS_KILLS_PER_TARGET": "3"}
    if args.seed is not None:
        env["VITRINE_CHAOS_SEED"] = str(args.seed)
    return subprocess.call([sys.executable, "-m", "pytest", "-s", "tests/chaos/test_crashes.py", "tests/chaos/test_pii.py"],
                           cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
