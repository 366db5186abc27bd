"""The orders benchmark's runs side by side (`python -m bench.orders --temporal both`): the dev server's and Temporal
on PostgreSQL's main figures in one printed table (bench/orders.py)."""

from __future__ import annotations

from typing import Any


def side_by_side(results: list[dict[str, Any]]) -> None:
    """The runs' main figures in one table (`--temporal both`)."""
    rows: list[tuple[str, list[Any]]] = []
    for n in ("c1", "c20"):
        p = [r["placement"][n] for r in results]
        rows += [(f"placement p50 / p99 ms, {n[1:]} trader(s)",
                  [f"{x['order']['p50_ms']} / {x['order']['p99_ms']}" for x in p]),
                 ("  bare Update p50 / p99 ms", [f"{x['bare_update']['p50_ms']} / {x['bare_update']['p99_ms']}"
                                                 for x in p]),
                 ("  CPU ms per placement", [x["cpu_ms_per_placement"]["total"] for x in p]),
                 ("    of it Temporal + its PostgreSQL", [round(
                     x["cpu_ms_per_placement"].get("temporal server", 0.0)
                     + x["cpu_ms_per_placement"].get("postgres (temporal dbs)", 0.0), 1) for x in p])]
    if all(r["window"] for r in results):
        w = [r["window"] for r in results]
        rows += [("window: orders placed in s", [x["placed_seconds"] for x in w]),
                 ("  match known to orders in s", [x["match_known_seconds"] for x in w]),
                 ("  close -> last settlement s", [x["close_to_last_settlement_seconds"] for x in w]),
                 ("  executions / postings", [f"{x['executions']} / {x['postings']}" for x in w]),
                 ("  ledger sums to zero", [x["ledger_sums_to_zero"] for x in w])]
    rows += [("load average before", [r["load_average_before"] for r in results]),
             ("load average after", [r["load_average_after"] for r in results])]
    print(f"\n{'':36}" + "".join(f"{r['temporal']:>22}" for r in results))
    for label, values in rows:
        print(f"{label:36}" + "".join(f"{v!s:>22}" for v in values))
