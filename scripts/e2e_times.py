"""Each browser test's time, read from the TAP output of `node --test` (`make test-e2e` tees it to .data/ci/e2e.tap):
a table of the leaf tests (a test with subtests is shown through them), slowest first, and the total.

    python3 scripts/e2e_times.py [TAP]        (stdin without TAP)

A test's name is its parents' names and its own, joined by ` › `: a file-level test (node names it by the file's
path: a file that failed outside its tests, or older nodes' reporter) by the file's name. Lines that are not TAP (the
stack's, the tests' output) are skipped. Stdlib only."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

SUBTEST = re.compile(r"^(\s*)# Subtest: (.*)$")
RESULT = re.compile(r"^(\s*)(not ok|ok) \d+ - (.*?)(?: # (SKIP|TODO)\b.*)?$")
DURATION = re.compile(r"^\s*duration_ms: ([\d.]+)")
BLOCK_END = re.compile(r"^\s*\.\.\.\s*$")
WALL = re.compile(r"^# duration_ms ([\d.]+)")  # the run's wall time, node's last line
INDENT = 4  # node's reporter indents a subtest's lines by 4 spaces per level


@dataclass
class Timing:
    name: str  # parents › test
    seconds: float
    status: str  # ok, not ok, SKIP, TODO


def _display(name: str) -> str:
    """A file-level test's name (the file's path) as the file's name; any other as it is."""
    return Path(name).name if "/" in name and re.search(r"\.[cm]?[jt]s$", name) else name


def parse(text: str) -> tuple[list[Timing], float | None]:
    """The leaf tests' times, in the order they ended, and node's wall time (None when the TAP has no last line)."""
    tests: list[Timing] = []
    opened: dict[int, str] = {}  # depth -> the name of the subtest open at that depth
    has_children: dict[int, bool] = {}  # depth -> a result was seen one level deeper since the last one at depth
    wall: float | None = None
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if m := WALL.match(line):
            wall = float(m.group(1)) / 1000
        elif m := SUBTEST.match(line):
            opened[len(m.group(1)) // INDENT] = m.group(2).strip()
        elif m := RESULT.match(line):
            depth, status, name = len(m.group(1)) // INDENT, m.group(2), m.group(3).strip()
            seconds = 0.0
            if i < len(lines) and lines[i].strip() == "---":  # the test's YAML block
                while i < len(lines) and not BLOCK_END.match(lines[i]) and not RESULT.match(lines[i]):
                    if d := DURATION.match(lines[i]):
                        seconds = float(d.group(1)) / 1000
                    i += 1
            leaf = not has_children.pop(depth, False)
            for deeper in [d for d in opened if d >= depth]:
                del opened[deeper]
            if depth > 0:
                has_children[depth - 1] = True
            if leaf:
                parents = [_display(opened[d]) for d in sorted(opened) if d < depth]
                tests.append(Timing(" › ".join([*parents, _display(name)]), seconds, m.group(4) or status))
    return tests, wall


def _seconds(s: float) -> str:
    return f"{s:.1f} s" if s < 60 else f"{s:.1f} s ({int(s // 60)} m {s % 60:.0f} s)"


def table(tests: list[Timing], wall: float | None) -> list[str]:
    if not tests:
        return ["e2e times: no test results in the TAP output"]
    width = max(len(f"{t.seconds:.1f}") for t in tests)
    out = [f"e2e: {len(tests)} browser tests, slowest first (seconds)"]
    for t in sorted(tests, key=lambda t: -t.seconds):
        mark = "" if t.status == "ok" else f"  [{t.status}]"
        out.append(f"  {t.seconds:>{width}.1f}  {t.name}{mark}")
    total = sum(t.seconds for t in tests)
    out.append(f"e2e: the tests' total {_seconds(total)}" + (f"; node's wall time {_seconds(wall)}" if wall else ""))
    return out


def main() -> int:
    text = Path(sys.argv[1]).read_text(errors="replace") if len(sys.argv) > 1 else sys.stdin.read()
    print("\n".join(table(*parse(text))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
