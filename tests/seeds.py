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

SEED_ENV = "VITRINE_CHAOS_SEED"
SIZE_ENV = "VITRINE_CHAOS_SIZE"
EXPLORE = "explore"

FIXED: dict[str, tuple[int, ...]] = {
    # tests/chaos/test_crashes.py: a kill inside each target activity, blind kills before transfers.submit and
    # purchase.invest (the seed of docs/reliability.md's 30-journey run)
    "crashes": (366075,),
    # tests/trading/test_trading_chaos.py: orders' units and prices, and the ATS's 401/429/503/token/webhook faults
    "trading_chaos": (20261127,),
}


def seeds(test: str) -> list[int]:
    """The seeds `test` runs with: VITRINE_CHAOS_SEED if set, else its fixed list (a KeyError names a missing one)."""
    chosen = os.environ.get(SEED_ENV, "").strip()
    return [int(chosen)] if chosen else list(FIXED[test])


def size(gate: int, explore: int) -> int:
    """The gate's size, or the exploration's under VITRINE_CHAOS_SIZE=explore."""
    return explore if os.environ.get(SIZE_ENV, "").strip() == EXPLORE else gate
