"""The seeds and sizes of the randomized tests, in one place.

`make test` replays the fixed seeds below, so the gate tests the same paths on every run; `make explore`
(scripts/explore.py) draws new seeds, runs the big sizes and prints every failing seed with the command that replays
it. A seed that ever found a defect stays in its list once the defect is fixed (say which defect beside it).

- `VITRINE_CHAOS_SEED=N` replaces every list by the one seed N (a replay, or an exploration run);
- `VITRINE_CHAOS_SIZE=explore` gives the big sizes; the gate's are the smallest that still prove the property.

The seed draws a test's schedule (kill moments, prices, the sandbox ATS's faults); the machine still decides the
interleaving, so a seed replays the same choices, not the same timings."""

from __future__ import annotations

import os
from pathlib import Path

SEED_ENV = "VITRINE_CHAOS_SEED"
SIZE_ENV = "VITRINE_CHAOS_SIZE"
EXPLORE = "explore"
ROOT = Path(__file__).resolve().parent.parent

# by test module (its path from the repository's root); `make explore` runs these modules
FIXED: dict[str, tuple[int, ...]] = {
    # a kill inside each target activity, blind kills before transfers.submit and purchase.invest (the seed of
    # docs/reliability.md's 30-journey run)
    "tests/chaos/test_crashes.py": (366075,),
    # orders' units and prices, and the ATS's 401/429/503/token/webhook faults
    "tests/trading/test_trading_chaos.py": (20261127,),
}


def seeds(module_file: str) -> list[int]:
    """The seeds the test module at `module_file` (its `__file__`) runs with: VITRINE_CHAOS_SEED if set, else its
    fixed list."""
    chosen = os.environ.get(SEED_ENV, "").strip()
    return [int(chosen)] if chosen else list(FIXED[Path(module_file).resolve().relative_to(ROOT).as_posix()])


def seeded_paths() -> list[str]:
    """The seeded test modules, as pytest paths from the repository's root."""
    return list(FIXED)


def size(gate: int, explore: int) -> int:
    """The gate's size, or the exploration's under VITRINE_CHAOS_SIZE=explore."""
    return explore if os.environ.get(SIZE_ENV, "").strip() == EXPLORE else gate
