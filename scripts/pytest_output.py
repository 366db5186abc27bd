"""Reads pytest's terminal output: each test's outcome (the short summary of `-r`) and each failure's first lines
(the assertion or error and where it was raised). Stdlib only: scripts/ci_summary.py runs it before any venv exists.
Used by scripts/ci_summary.py, scripts/test_repeat.py and scripts/explore.py."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

# `FAILED tests/x.py::test_y[1] - AssertionError: ...` (with -ra; PASSED lines with -rA)
# a test id may end in its parameters (`[x - y]`) and then pytest-xdist's group (`@chaos`, under --dist loadgroup)
SUMMARY = re.compile(r"^(PASSED|FAILED|ERROR|XPASS) ([^\s\[]+(?:\[.*?\])?(?:@\S+)?)(?: - (.*))?$")
# `______ test_y[1] ______` or `______ ERROR at setup of test_y ______`, a failure's section in FAILURES/ERRORS
HEADER = re.compile(r"^_{3,} (.+?) _{3,}$")
SECTION_END = re.compile(r"^(-{3,} Captured |={3,} )")
LOCATION = re.compile(r"^(\S+\.py):(\d+): \S")
FIRST_LINES = 4
WIDTH = 300


@dataclass
class Failure:
    test: str  # the test id, e.g. tests/chaos/test_crashes.py::test_x[366075]
    outcome: str  # FAILED or ERROR
    message: str  # the summary line's message (may be cut by pytest)
    location: str = ""  # where the error was raised: path:line
    lines: list[str] = field(default_factory=list)  # its first `E` lines

    def render(self) -> list[str]:
        out = [f"{self.outcome} {self.test}"]
        if self.location:
            out.append(f"    at {self.location}")
        out += [f"    {line}" for line in (self.lines or [self.message])]
        return out


def outcomes(lines: Iterable[str]) -> dict[str, str]:
    """Test id -> PASSED / FAILED / ERROR / XPASS, from the short test summary (run pytest with -rA for the passes).
    A test that failed and then errored in its teardown counts as failed."""
    found: dict[str, str] = {}
    for line in lines:
        if m := SUMMARY.match(line.rstrip()):
            outcome, test = m.group(1), m.group(2)
            found[test] = outcome if found.get(test) in (None, "PASSED") else found[test]
    return found


def _key(test: str) -> str:
    """The name pytest puts in a failure's section header: `test_y[1]`, `TestX.test_y`, a module's path."""
    return test.split("::", 1)[1].replace("::", ".") if "::" in test else test


def _sections(lines: list[str]) -> dict[str, list[str]]:
    """Each failure section's lines, by its header's test name (the last section of that name wins)."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        if m := HEADER.match(line):
            title = m.group(1)
            for prefix in ("ERROR at setup of ", "ERROR at teardown of ", "ERROR collecting "):
                title = title.removeprefix(prefix)
            current = sections[title] = []
        elif current is not None and SECTION_END.match(line):
            current = None
        elif current is not None:
            current.append(line)
    return sections


def _first_lines(section: list[str]) -> tuple[str, list[str]]:
    """The last group of `E` lines (the exception that ended the test, after any it was raised from) and the
    location line that follows it."""
    groups: list[list[str]] = []
    location, previous_e = "", False
    for line in section:
        is_e = line.startswith("E ")
        if is_e and not previous_e:
            groups.append([])
            location = ""
        if is_e:
            groups[-1].append(line[1:].strip()[:WIDTH])
        elif (m := LOCATION.match(line)) and groups:
            location = f"{m.group(1)}:{m.group(2)}"
        previous_e = is_e
    return location, [g for g in groups[-1] if g][:FIRST_LINES] if groups else []


def failures(text: str) -> list[Failure]:
    """Every FAILED or ERROR test of the short summary, with its first assertion/error lines and location."""
    lines = text.splitlines()
    sections = _sections(lines)
    found: list[Failure] = []
    seen: set[tuple[str, str]] = set()
    for line in lines:
        m = SUMMARY.match(line.rstrip())
        if not m or m.group(1) not in ("FAILED", "ERROR") or (m.group(1), m.group(2)) in seen:
            continue
        seen.add((m.group(1), m.group(2)))
        location, first = _first_lines(sections.get(_key(m.group(2)), []))
        found.append(Failure(m.group(2), m.group(1), (m.group(3) or "")[:WIDTH], location, first))
    return found
