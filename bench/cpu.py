"""CPU time per process of a bench stack, read from /proc (utime + stime of every thread): a snapshot before and
after a measured part, divided by the operations it ran, tells where the CPU of one operation goes on the machine —
the api, the worker(s), the providers (with the ATS), Redis, the Temporal dev server (a child of the bench process),
PostgreSQL's backends of the bench database and its shared background processes, and the bench process itself (the
load generator and the bare Update's worker). Linux only; a process that ended between the snapshots loses its
share (the pools keep their connections, so few do)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
PG_DB = "vitrine_bench"
TEMPORAL_PG_DB = "vitrine_temporal_bench"  # bench/stack.py's Temporal server on PostgreSQL: it and <it>_visibility


def _stat(pid: int) -> tuple[int, float] | None:
    """(ppid, CPU seconds) of a process, or None when it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2:].split()  # after "pid (comm) ": state ppid ... utime(12) stime(13)
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


@dataclass(frozen=True)
class Snapshot:
    seconds: Mapping[tuple[str, int], float]  # (group, pid) -> CPU seconds so far


def snapshot(named: Mapping[str, list[int]]) -> Snapshot:
    """`named`: the stack's own processes by group (api, worker, ...); the Temporal dev server (children of this
    process running the temporal binary), the bench process and PostgreSQL's processes are found here."""
    me = os.getpid()
    out: dict[tuple[str, int], float] = {}
    for group, pids in named.items():
        for pid in pids:
            if (st := _stat(pid)) is not None:
                out[(group, pid)] = st[1]
    if (st := _stat(me)) is not None:
        out[("bench process", me)] = st[1]
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        st = _stat(pid)
        if st is None or pid == me:
            continue
        cmd = _cmdline(pid)
        if st[0] == me and "temporal" in cmd and "server" in cmd:
            out[("temporal server", pid)] = st[1]
        elif cmd.startswith("postgres: "):  # "postgres: 15/main: user db host(port) state" or a background process
            words = cmd.split()
            if PG_DB in words:
                out[("postgres (bench db)", pid)] = st[1]
            elif TEMPORAL_PG_DB in words or f"{TEMPORAL_PG_DB}_visibility" in words:
                out[("postgres (temporal dbs)", pid)] = st[1]
            elif not any("(" in w for w in words):  # not another database's backend
                out[("postgres (shared background)", pid)] = st[1]
    return Snapshot(out)


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (uvicorn's workers under its supervisor)."""
    out = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit() and (st := _stat(int(entry.name))) is not None and st[0] == pid:
            out.append(int(entry.name))
    return out


def per_op_ms(before: Snapshot, after: Snapshot, ops: int) -> dict[str, float]:
    """CPU ms per operation by group between two snapshots (a process new since `before` counts from zero), with
    their total."""
    groups: dict[str, float] = {}
    for key, secs in after.seconds.items():
        groups[key[0]] = groups.get(key[0], 0.0) + secs - before.seconds.get(key, 0.0)
    out = {g: round(s * 1000 / max(ops, 1), 1) for g, s in sorted(groups.items(), key=lambda kv: -kv[1])}
    out["total"] = round(sum(groups.values()) * 1000 / max(ops, 1), 1)
    return out


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])
