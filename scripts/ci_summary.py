"""The last lines of a failed CI run: which stage of `make test` failed and why, read from the log `.ci/run` tees.

    python3 -m scripts.ci_summary LOG [--since EPOCH]

- the stage: the target of make's `*** [Makefile:N: <target>] Error` line (setup, lint, test-python, test-frontend,
  test-e2e);
- test-python: each failed test's id, where it raised and its first assertion/error lines (scripts/pytest_output.py);
- test-python, test-e2e: each stack that did not start (scripts/stack.py's `[stack] ...` message: the process, its
  exit code, its log and the log's last lines) and each stack folder kept for the failure;
- lint, test-frontend: the tools' error lines (ruff, mypy, import-linter, stale generated files; tsc, vitest);
- test-e2e: each failed browser test, its error's first lines, the step (the test file's line in the stack, with
  its source), the page's last URL, the screenshots written since EPOCH (frontend/test-results/) and the stack's
  logs (.data/logs/e2e/), each with what its tracebacks raised.
Otherwise, or when nothing matched, the stage's last lines. Stdlib only (it runs whatever state setup left)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from scripts.pytest_output import failures

ROOT = Path(__file__).resolve().parent.parent
MAKE_ERROR = re.compile(r"^make(?:\[\d+\])?: \*\*\* \[(?:\S+:\d+: )?([\w.-]+)\] Error \d+")
TAIL = 15
LIMIT = 25  # error lines shown per tool
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")  # colour codes (vitest's FAIL lines start with them)
LINT = [re.compile(p) for p in (
    r"^\S+:\d+:\d+: [A-Z]+\d+ ",  # ruff, concise
    r"^[A-Z]+\d+ (\[\*\] )?\S",  # ruff, full: the rule line ...
    r"^\s+--> \S+:\d+:\d+",  # ... and its location
    r"^\S+\.py:\d+: error: ",  # mypy
    r"^Found \d+ errors? in ",  # mypy's count
    r"is not allowed to import",  # import-linter
    r"^Contracts: .*broken",
    r"^stale: ",  # gen_rules.py / export_openapi.py --check
)]
# scripts/stack.py's StackStartError (bare in the e2e stage's log, after pytest's `E` and the exception's name in a
# test's) and the fixtures' kept folders; its messages say one of these words. The log's tail follows as `name | line`.
STACK = re.compile(r"^(?:E\s+)?(?:[\w.]+: )?(\[stack\] .*\b(?:exited|killed|did not come up|failed|in use|kept)\b.*)$")
STACK_LOG = re.compile(r"^(?:E\s+)?(\s*[\w.-]+ \| .*)$")
STACK_TAIL = 40
FRONTEND = [re.compile(p) for p in (
    r"error TS\d+:",  # tsc
    r"^\s*(FAIL|×|✗) ",  # vitest
    r"^\s*(AssertionError|Error|TypeError):? ",
    r"^\s*❯ \S+:\d+:\d+",  # vitest's location
    r"budget",  # bench.bundle
)]


@dataclass
class Run:
    since: float | None = None  # the run's start: screenshots written before it are not this run's
    root: Path = ROOT  # the clone the run was in


@dataclass
class BrowserFailure:
    test: str
    error: list[str] = field(default_factory=list)
    step: str = ""


def stages(lines: list[str]) -> list[tuple[str, int]]:
    """The failed stages and the index of make's error line for each: the stages make named (`checks` runs lint and
    test-frontend side by side in a sub-make, whose error lines name the one that failed, or both), else the last
    target make named; [("", len)] when make did not say."""
    failed = [(m.group(1), i) for i, line in enumerate(lines) if (m := MAKE_ERROR.match(line))]
    return [f for f in failed if f[0] in STAGES] or failed[-1:] or [("", len(lines))]


def tail(lines: list[str], end: int) -> list[str]:
    kept = [line for line in lines[:end] if line.strip()]
    return kept[-TAIL:]


def matching(lines: list[str], patterns: list[re.Pattern[str]]) -> list[str]:
    return [line.rstrip() for line in lines if any(p.search(line) for p in patterns)][:LIMIT]


def _step(stack: list[str], root: Path) -> str:
    """The test's own line in the stack (the first frame in `frontend/e2e/*.test.mjs`, else in a helper of
    frontend/e2e), with that line's source."""
    frames = [m for frame in stack if (m := re.search(r"(?:frontend/)?e2e/([\w.-]+\.mjs):(\d+):\d+", frame))]
    for m in sorted(frames, key=lambda m: not m.group(1).endswith(".test.mjs")):
        path, n = f"frontend/e2e/{m.group(1)}", int(m.group(2))
        source = root / path
        text = source.read_text().splitlines() if source.exists() else []
        code = text[n - 1].strip() if 0 < n <= len(text) else ""
        return f"{path}:{n}" + (f"  {code}" if code else "")
    return ""


def browser_failures(lines: list[str], root: Path) -> list[BrowserFailure]:
    """The failed tests of node --test's TAP output (its reporter when not on a terminal)."""
    found: list[BrowserFailure] = []
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)not ok \d+ - (.*)$", lines[i])
        i += 1
        if not m:
            continue
        block: dict[str, list[str]] = {}
        key, kind = "", ""
        while i < len(lines) and not re.match(r"^\s*\.\.\.\s*$", lines[i]) and not re.match(r"^\s*(not )?ok \d+", lines[i]):
            line = lines[i].strip()
            i += 1
            if f := re.match(r"^(\w+): ?(.*)$", line):
                key, value = f.group(1), f.group(2)
                if key == "failureType":
                    kind = value.strip("'")
                block[key] = [] if value in ("|-", "|", ">-") else [value.strip("'")]
            elif key in block and line:
                block[key].append(line)
        if kind == "subtestsFailed":  # a file or suite whose tests are listed on their own
            continue
        found.append(BrowserFailure(m.group(2).strip(), block.get("error", [])[:4], _step(block.get("stack", []), root)))
    return found


def stack_failures(lines: list[str]) -> list[str]:
    """Each `[stack]` failure message (once: pytest repeats a package fixture's error for every test) with the log
    lines that follow it, up to STACK_TAIL, and the kept folders."""
    out: list[str] = []
    seen: set[str] = set()
    for i, line in enumerate(lines):
        m = STACK.match(line.rstrip())
        if not m or m.group(1) in seen:
            continue
        seen.add(m.group(1))
        out.append(m.group(1))
        for follow in lines[i + 1:i + 1 + STACK_TAIL]:
            if not (log := STACK_LOG.match(follow.rstrip())):
                break
            out.append(f"    {log.group(1).strip()}")
    return out


def browser_summary(lines: list[str], run: Run) -> list[str]:
    out: list[str] = []
    for f in browser_failures(lines, run.root):
        out.append(f"FAILED {f.test}")
        if f.step:
            out.append(f"    step: {f.step}")
        out += [f"    {line}" for line in f.error]
    pages = [line.lstrip("# ").rstrip() for line in lines if re.search(r"\bfailed at https?://", line)]
    out += [f"page: {line}" for line in pages]
    shots = sorted(p for p in (run.root / "frontend/test-results").glob("*failed*.png")
                   if run.since is None or p.stat().st_mtime >= run.since)
    out += [f"screenshot: {p.relative_to(run.root)}" for p in shots]
    logs = run.root / ".data/logs/e2e"
    for log in sorted(logs.glob("*.log")) if logs.exists() else []:
        text = log.read_text(errors="replace")
        out.append(f"stack log: {log.relative_to(run.root)} ({text.count('Traceback')} tracebacks)")
        out += [f"    {n} × {line}" for line, n in raised(text)]
    return out + stack_failures(lines)


ADDRESS = re.compile(r"\b0x[0-9a-f]+\b|\b[0-9a-f]{12}\b")  # object ids and cancel scopes: the same error each time
RAISED_KINDS = 6  # distinct exceptions shown per log
RAISED_WIDTH = 160


def raised(text: str) -> list[tuple[str, int]]:
    """What each traceback of a stack log raised (its last, unindented line: `Type: message`), the same ones counted,
    most frequent first, up to RAISED_KINDS: a failed browser test's stack says what went wrong behind the page."""
    counts: dict[str, int] = {}
    inside = False
    for line in text.splitlines():
        if line.startswith("Traceback (most recent call last):"):
            inside = True
        elif inside and line and not line[0].isspace():
            key = ADDRESS.sub("…", line.strip())[:RAISED_WIDTH]
            counts[key] = counts.get(key, 0) + 1
            inside = False
    return sorted(counts.items(), key=lambda kv: -kv[1])[:RAISED_KINDS]


def python_summary(lines: list[str], run: Run) -> list[str]:
    return [line for f in failures("\n".join(lines)) for line in f.render()] + stack_failures(lines)


def lint_summary(lines: list[str], run: Run) -> list[str]:
    return matching(lines, LINT)


def frontend_summary(lines: list[str], run: Run) -> list[str]:
    return matching(lines, FRONTEND)


STAGES: dict[str, Callable[[list[str], Run], list[str]]] = {
    "lint": lint_summary, "test-python": python_summary, "test-frontend": frontend_summary,
    "test-e2e": browser_summary,
}


def summary(text: str, run: Run | None = None) -> list[str]:
    """The summary's lines for a failed run's log."""
    lines = ANSI.sub("", text).splitlines()
    out: list[str] = []
    for failed, end in stages(lines):
        reader = STAGES.get(failed)
        details = reader(lines[:end], run or Run()) if reader else []
        head = f"CI failed in stage {failed or 'unknown (make named no target)'}"
        out += [f"==== {head} ====", *(details or ["(nothing recognised; the stage's last lines:)", *tail(lines, end)])]
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("log", type=Path)
    ap.add_argument("--since", type=float, default=None, help="the run's start (epoch seconds): newer screenshots")
    args = ap.parse_args()
    print("\n".join(summary(args.log.read_text(errors="replace"), Run(args.since))))
    print(f"==== the whole log: {args.log} ====")
    return 0


if __name__ == "__main__":
    sys.exit(main())
