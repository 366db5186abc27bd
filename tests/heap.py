"""The cyclic garbage collector in a test process: paused while pytest collects, then the collected heap frozen.

Collecting imports the suite and what it imports (the product, the SDK, SQLAlchemy, FastAPI, Hypothesis, moto…):
about a million objects that live as long as the process. Each full (generation 2) collection walks all of them,
and importing triggers one every few hundred thousand allocations: collecting the suite in one process took 7.7 s
of CPU, 2.1 s of it in the collector (29 Nov). Every pytest-xdist worker collects the whole suite, then the tests'
full collections walk the same heap again. So the collector is off during the collection, and after it the garbage
it made is freed and the rest frozen (`gc.freeze`: moved to the permanent generation, which collections skip) — as
the api does with its startup heap (api/startup_heap.py). Objects made afterwards are collected as usual; only a
reference cycle among the frozen objects would stay (they live as long as the process anyway)."""

from __future__ import annotations

import gc
from collections.abc import Generator
from contextlib import contextmanager


def freeze() -> None:
    """The process's heap collected once and frozen (after the collection; after a test that unfroze it)."""
    gc.collect()
    gc.freeze()


@contextmanager
def collecting() -> Generator[None]:
    """Around pytest's collection: the collector paused, then the heap collected once and frozen."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        freeze()
        if was_enabled:
            gc.enable()
