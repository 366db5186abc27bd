"""Benchmark: the ATS matching engine alone (providers/ats/book.py) on a replayed mixed stream, next to the naive
reference book of the tests (tests/providers/ats/engine_model.py: the resting orders re-sorted from scratch before
every match step, the same semantics, checked event for event by the property tests) in the same run.

    make bench-ats          (or: .venv/bin/python -m bench.ats_engine --commands 1000000 --naive 20000)

The stream (`mixed_stream`, fixed seed): resting limits ~35%, crossing limits ~10%, IOC ~10%, instant buys ~5%,
cancels ~25%, replaces ~15%, one book, 1,000 accounts, a close and re-open (uncross) every 50,000 commands.
Figures: commands/s over the whole stream in a bare loop (no timer), then per-command latency in a second run on a
fresh book, each command timed on its own with time.perf_counter_ns (the timer's own cost, measured on an empty
command, is printed and included). Throughput is also given per CPU-second of the process (time.process_time) because
the machine is shared: with other work running, wall time mostly measures the scheduler; the load average and a
calibration loop are printed for the same reason. The naive book runs on a prefix only (it is quadratic); the engine
runs on the same prefix for the ratio (per CPU-second). Goals (issue 10): >= 200k commands/s and p99 <= 50 us."""

from __future__ import annotations

import argparse
import gc
import json
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from bench.stats import percentile
from providers.ats.engine import Book, Command, Event, Fill, Side
from tests.providers.ats.engine_model import ReferenceBook, mixed_stream

Apply = Callable[[Command], list[Event]]


def throughput(apply: Apply, stream: Sequence[Command]) -> tuple[float, float, int]:
    """Wall and CPU seconds of the process for the whole stream in a bare loop, and the number of events."""
    events = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for command in stream:
        events += len(apply(command))
    return time.perf_counter() - wall, time.process_time() - cpu, events


def latencies(apply: Apply, stream: Sequence[Command]) -> list[float]:
    """Per-command wall time in microseconds, each command timed on its own."""
    clock = time.perf_counter_ns
    out = [0.0] * len(stream)
    for i, command in enumerate(stream):
        t0 = clock()
        apply(command)
        out[i] = clock() - t0
    return [ns / 1000 for ns in out]


def calibration() -> float:
    """CPU milliseconds of a fixed pure-Python loop (10**6 additions), the best of 5: how fast this machine runs
    Python right now, so that figures from a busy shared machine can be compared with a quiet one."""
    best = float("inf")
    for _ in range(5):
        start, x = time.process_time(), 0
        for i in range(1_000_000):
            x += i
        best = min(best, time.process_time() - start)
    return best * 1000


def timer_cost() -> float:
    clock = time.perf_counter_ns
    samples = []
    for _ in range(100_000):
        t0 = clock()
        samples.append(clock() - t0)
    return percentile([float(s) for s in samples], 50) / 1000


def measure(name: str, make: Callable[[], Apply], stream: Sequence[Command]) -> dict[str, Any]:
    wall, cpu, events = throughput(make(), stream)
    lat = latencies(make(), stream)
    row = {
        "engine": name,
        "commands": len(stream),
        "events": events,
        "commands_per_s": round(len(stream) / wall),
        "commands_per_cpu_s": round(len(stream) / cpu),
        "p50_us": round(percentile(lat, 50), 2),
        "p99_us": round(percentile(lat, 99), 2),
        "p999_us": round(percentile(lat, 99.9), 2),
        "max_us": round(max(lat), 1),
    }
    print(f"{name:>6} {row['commands']:>9,} commands  {row['commands_per_s']:>9,}/s ({row['commands_per_cpu_s']:>9,}/CPU-s)"
          f"  p50 {row['p50_us']:>7.2f} us  p99 {row['p99_us']:>8.2f} us  p99.9 {row['p999_us']:>9.2f} us"
          f"  max {row['max_us']:>9.1f} us")
    return row


def describe(stream: Sequence[Command]) -> None:
    book = Book("BENCH")
    kinds: Counter[str] = Counter(type(c).__name__ for c in stream)
    outcomes: Counter[str] = Counter()
    fills = 0
    for command in stream:
        for e in book.apply(command):
            fills += isinstance(e, Fill)
            outcomes[f"{type(e).__name__} {getattr(e, 'code', None) or getattr(e, 'reason', None) or ''}".strip()] += 1
    resting = sum(level.orders for side in Side for level in book.depth(side))
    levels = sum(len(book.depth(side)) for side in Side)
    print("commands:", dict(kinds.most_common()))
    print("outcomes:", dict(outcomes.most_common()))
    print(f"fills {fills:,}; at the end {resting:,} resting orders on {levels} price levels")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=1_000_000)
    parser.add_argument("--naive", type=int, default=10_000, help="prefix the naive book runs on")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    stream = mixed_stream(args.seed, args.commands)
    gc.collect()
    gc.freeze()  # the pre-built stream is not garbage: keep the collector from walking a million commands
    describe(stream)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; calibration loop {calibration():.0f} ms CPU;"
          f" timer cost per sample (included below) {timer_cost():.3f} us")
    full = measure("engine", lambda: Book("BENCH").apply, stream)
    prefix = stream[: args.naive]
    engine_prefix = measure("engine", lambda: Book("BENCH").apply, prefix)
    naive = measure("naive", lambda: ReferenceBook().apply, prefix)
    ratio = engine_prefix["commands_per_cpu_s"] / naive["commands_per_cpu_s"]
    print(f"engine / naive on the first {len(prefix):,} commands: {ratio:.1f}x commands per CPU-second, "
          f"p99 {naive['p99_us'] / engine_prefix['p99_us']:.1f}x lower")
    goals = full["commands_per_s"] >= 200_000 and full["p99_us"] <= 50
    print(f"goals (>= 200,000 commands/s wall, p99 <= 50 us on the full stream): {'met' if goals else 'NOT met'};"
          f" load average now {os.getloadavg()[0]:.1f}")
    print(json.dumps({"full": full, "prefix_engine": engine_prefix, "prefix_naive": naive, "ratio": round(ratio, 1)}))


if __name__ == "__main__":
    main()
