"""scripts/e2e_times.py on sample TAP of `node --test`: the leaf tests' times (a test with subtests shown through them,
a file-level test by its file's name), slowest first, and the total."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scripts.e2e_times import Timing, parse, table
from tests.test_ci_summary import NODE_LOG

ROOT = Path(__file__).resolve().parent.parent

# a file-level test per file (node names it by the file's path) with its tests, one with subtests of its own; the
# stack's lines and a test's output among the TAP
TAP = """\
[stack] api up on :8010
TAP version 13
# Subtest: /work/main/frontend/e2e/onboarding.test.mjs
    # Subtest: onboarding with a manual bank (desktop)
    ok 1 - onboarding with a manual bank (desktop)
      ---
      duration_ms: 31234.5
      ...
    # onboarding (mobile) failed at http://127.0.0.1:8010/flows/onboarding/7/ssn
    # Subtest: onboarding with a manual bank (mobile)
    not ok 2 - onboarding with a manual bank (mobile)
      ---
      duration_ms: 45000
      failureType: 'testCodeFailure'
      error: |-
        locator.waitFor: Timeout 20000ms exceeded.
      ...
    1..2
not ok 1 - /work/main/frontend/e2e/onboarding.test.mjs
  ---
  duration_ms: 76300.1
  failureType: 'subtestsFailed'
  ...
# Subtest: /work/main/frontend/e2e/public-pages.test.mjs
    # Subtest: public pages
        # Subtest: the home page
        ok 1 - the home page
          ---
          duration_ms: 812.1
          ...
        # Subtest: the legal pages
        ok 2 - the legal pages # SKIP not today
          ---
          duration_ms: 0.2
          ...
        1..2
    ok 1 - public pages
      ---
      duration_ms: 900
      ...
    1..1
ok 2 - /work/main/frontend/e2e/public-pages.test.mjs
  ---
  duration_ms: 1000
  ...
# Subtest: journey (desktop)
ok 3 - journey (desktop)
  ---
  duration_ms: 120500
  ...
1..3
# tests 5
# pass 4
# fail 1
# duration_ms 200123.4
"""


def test_the_leaf_tests_with_their_parents_and_node_s_wall_time() -> None:
    tests, wall = parse(TAP)
    assert tests == [
        Timing("onboarding.test.mjs › onboarding with a manual bank (desktop)", 31.2345, "ok"),
        Timing("onboarding.test.mjs › onboarding with a manual bank (mobile)", 45.0, "not ok"),
        Timing("public-pages.test.mjs › public pages › the home page", 0.8121, "ok"),
        Timing("public-pages.test.mjs › public pages › the legal pages", 0.0002, "SKIP"),
        Timing("journey (desktop)", 120.5, "ok"),
    ]
    assert wall == 200.1234


def test_the_table_is_slowest_first_with_the_total() -> None:
    assert table(*parse(TAP)) == [
        "e2e: 5 browser tests, slowest first (seconds)",
        "  120.5  journey (desktop)",
        "   45.0  onboarding.test.mjs › onboarding with a manual bank (mobile)  [not ok]",
        "   31.2  onboarding.test.mjs › onboarding with a manual bank (desktop)",
        "    0.8  public-pages.test.mjs › public pages › the home page",
        "    0.0  public-pages.test.mjs › public pages › the legal pages  [SKIP]",
        "e2e: the tests' total 197.5 s (3 m 18 s); node's wall time 200.1 s (3 m 20 s)",
    ]


def test_node_20s_top_level_tests_as_the_ci_summary_reads_them() -> None:
    tests, wall = parse(NODE_LOG)
    assert [(t.name, t.seconds, t.status) for t in tests] == [
        ("onboarding with a manual bank (desktop)", 31.2345, "not ok"), ("public pages", 0.8121, "ok")]
    assert wall is None


def test_no_tap_says_so_and_the_script_reads_a_file(tmp_path: Path) -> None:
    assert table(*parse("[stack] api failed to start\n")) == ["e2e times: no test results in the TAP output"]
    tap = tmp_path / "e2e.tap"
    tap.write_text(TAP)
    done = subprocess.run([sys.executable, str(ROOT / "scripts/e2e_times.py"), str(tap)], capture_output=True, text=True,
                          timeout=30, check=True)
    assert done.stdout.splitlines()[1] == "  120.5  journey (desktop)"
