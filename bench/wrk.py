"""Runs wrk against a URL and reads requests/s and latency percentiles from its report."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass

_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


@dataclass
class Result:
    name: str
    rps: float
    p50_ms: float
    p99_ms: float


def _ms(text: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)", text)
    assert m, text
    return float(m.group(1)) * _UNITS[m.group(2)]


def run(name: str, url: str, *, seconds: int, connections: int, headers: dict[str, str] | None = None,
        script: str | None = None) -> Result:
    """``script``: a wrk Lua script (e.g. one building a POST per request)."""
    cmd = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    if script:
        cmd += ["-s", script]
    for k, v in (headers or {}).items():
        cmd += ["-H", f"{k}: {v}"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    if "Non-2xx or 3xx responses" in out:
        raise RuntimeError(f"{name}: errors during the run\n{out}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p50 = _ms(re.search(r"\s50%\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    p99 = _ms(re.search(r"\s99%\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    return Result(name, rps, p50, p99)
