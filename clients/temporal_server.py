"""The Temporal server's settings Vitrine runs with (dynamic config), one list for every server it starts: the dev
servers of `make dev` (scripts/stack.py), the tests (tests/conftest.py, tests/chaos/stack.py) and the benchmarks
(bench/stack.py) as `--dynamic-config-value` arguments, and the compose deployment's file
(deploy/temporal/dynamicconfig.yaml, held to this list by tests/test_temporal_server.py).

`history.transferProcessorMaxPollRPS`: how often a history shard's transfer queue may read its new tasks — the
step that hands a scheduled activity, or the workflow task an activity's result or a signal wakes, to matching.
The server's default (20 a second per shard) is sized for clusters of hundreds of shards; the dev server has one
shard and the compose deployment four, so every activity in a row waited up to 50 ms for the next read (measured
27 Nov: a workflow of three activities in a row 350 ms at the default, 56 ms at 1,000; an order's placement chains
three). Nothing else changes: the reads happen only when a shard has new tasks."""

from __future__ import annotations

DYNAMIC_CONFIG: dict[str, int | bool | str] = {
    "history.transferProcessorMaxPollRPS": 1000,
}


def _value(value: int | bool | str) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def dev_server_args() -> list[str]:
    """`temporal server start-dev` arguments setting DYNAMIC_CONFIG."""
    out: list[str] = []
    for key, value in DYNAMIC_CONFIG.items():
        out += ["--dynamic-config-value", f"{key}={_value(value)}"]
    return out
