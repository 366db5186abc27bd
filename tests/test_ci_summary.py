"""scripts/ci_summary.py on sample logs of `make test`: the last lines of a failed CI run name the stage, the failed
tests and their first assertion lines; for the browser stage the test, the step and where the screenshot and the
stack's logs are."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from scripts.ci_summary import Run, summary
from scripts.pytest_output import outcomes

ROOT = Path(__file__).resolve().parent.parent

PYTEST_LOG = """\
All checks passed!
Success: no issues found in 412 source files
........................................................................ [ 40%]
...............F........................................................ [ 80%]
....................................                                     [100%]
=================================== FAILURES ===================================
_____ test_worker_sigkilled_inside_activities_across_concurrent_journeys[366075] _____

chaos = Chaos(...), seed = 366075

    async def test_worker_sigkilled_inside_activities_across_concurrent_journeys(chaos: Chaos, seed: int) -> None:
>       users, killed, blind = await kill_through(chaos, rnd, runs)

tests/chaos/test_crashes.py:57:
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

    async def confirm_email(http: httpx.AsyncClient, link: str) -> None:
        r = await http.post("/api/auth/email/confirm/", json={"token": token})
>       assert r.status_code == 200, r.text
E       AssertionError: {"errors": [{"message": "This link has expired"}]}
E       assert 410 == 200
E        +  where 410 = <Response [410 Gone]>.status_code

tests/chaos/journey.py:74: AssertionError
----------------------------- Captured stdout call -----------------------------
E  this line is the worker's log, not the assertion
=========================== short test summary info ============================
FAILED tests/chaos/test_crashes.py::test_worker_sigkilled_inside_activities_across_concurrent_journeys[366075] - \
AssertionError: {"errors": [{"message": "This link has expired"}]}
1 failed, 896 passed in 1110.51s (0:18:30)
make: *** [Makefile:23: test-python] Error 1
"""

LINT_LOG = """\
F401 [*] `time` imported but unused
  --> tests/trading/test_trading_chaos.py:17:8
   |
17 | import time
   |        ^^^^
Found 1 error.
api/routes/auth.py:88: error: Argument 1 to "confirm" has incompatible type "str"; expected "int"  [arg-type]
Found 1 error in 1 file (checked 412 source files)
make: *** [Makefile:16: lint] Error 1
"""

NODE_LOG = """\
[stack] api up on :8010
TAP version 13
# onboarding with a manual bank (desktop) failed at http://127.0.0.1:8010/flows/onboarding/7/accreditation-status; \
screenshot frontend/test-results/onboarding-with-a-manual-bank-desktop-failed.png; the page's trail:
# 11:02:03.456 url http://127.0.0.1:8010/flows/onboarding/7/accreditation-status
# Subtest: onboarding with a manual bank (desktop)
not ok 1 - onboarding with a manual bank (desktop)
  ---
  duration_ms: 31234.5
  location: '{root}/frontend/e2e/onboarding.test.mjs:12:3'
  failureType: 'testCodeFailure'
  error: |-
    locator.waitFor: Timeout 20000ms exceeded.
    Call log:
      - waiting for getByTestId('flow-step-ssn') to be visible
  code: 'ERR_TEST_FAILURE'
  stack: |-
    waitForStep (file://{root}/frontend/e2e/flow-helpers.mjs:40:3)
    TestContext.<anonymous> (file://{root}/frontend/e2e/onboarding.test.mjs:3:5)
    Test.runInAsyncScope (node:async_hooks:206:9)
  ...
# Subtest: public pages
ok 2 - public pages
  ---
  duration_ms: 812.1
  ...
1..2
# tests 2
# pass 1
# fail 1
make: *** [Makefile:36: test-e2e] Error 1
"""


def test_a_python_failure_names_the_stage_the_test_and_its_first_assertion_lines() -> None:
    lines = summary(PYTEST_LOG)
    assert lines[0] == "==== CI failed in stage test-python ===="
    assert lines[1:] == [
        "FAILED tests/chaos/test_crashes.py::test_worker_sigkilled_inside_activities_across_concurrent_journeys[366075]",
        "    at tests/chaos/journey.py:74",
        '    AssertionError: {"errors": [{"message": "This link has expired"}]}',
        "    assert 410 == 200",
        "    +  where 410 = <Response [410 Gone]>.status_code",
    ]


def test_a_lint_failure_shows_the_tools_error_lines() -> None:
    lines = summary(LINT_LOG)
    assert lines[0] == "==== CI failed in stage lint ===="
    assert "F401 [*] `time` imported but unused" in lines
    assert "  --> tests/trading/test_trading_chaos.py:17:8" in lines
    assert any(line.startswith("api/routes/auth.py:88: error: Argument 1") for line in lines)
    assert "17 | import time" not in lines


def test_checks_names_each_side_that_failed_not_the_wrapper() -> None:
    """`make test`'s checks stage runs lint and test-frontend side by side in a sub-make: its error lines name the
    stages that failed, and the outer line names only `checks`."""
    log = "\n".join([
        "[stage] checks started 10:00:00 @1",
        "api/routes/auth.py:88: error: Argument 1 has incompatible type",
        "make[1]: *** [Makefile:38: lint] Error 1",
        "\x1b[31m FAIL \x1b[39m src/features/home/Home.test.tsx > Home > shows the balance",
        "make[1]: *** [Makefile:52: test-frontend] Error 1",
        "make: *** [Makefile:27: checks] Error 2",
    ])
    lines = summary(log)
    assert lines[0] == "==== CI failed in stage lint ===="
    assert lines[1] == "api/routes/auth.py:88: error: Argument 1 has incompatible type"
    assert "==== CI failed in stage test-frontend ====" in lines
    assert lines[-1] == " FAIL  src/features/home/Home.test.tsx > Home > shows the balance"
    assert not any("stage checks" in line for line in lines)


def test_a_browser_failure_names_the_test_the_step_the_screenshot_and_the_stack_logs(tmp_path: Path) -> None:
    e2e = tmp_path / "frontend/e2e"
    e2e.mkdir(parents=True)
    (e2e / "onboarding.test.mjs").write_text("// line 1\n\n    await waitForStep(page, 'ssn')\n")
    shots = tmp_path / "frontend/test-results"
    shots.mkdir()
    (shots / "onboarding-with-a-manual-bank-desktop-failed.png").write_bytes(b"png")
    (shots / "desktop-onboarding-signed-up.png").write_bytes(b"png")
    logs = tmp_path / ".data/logs/e2e"
    logs.mkdir(parents=True)
    (logs / "api.log").write_text("Traceback (most recent call last):\n  ...\n")
    (logs / "providers.log").write_text(
        "x\nTraceback (most recent call last):\n  File \"a.py\", line 1, in f\n    g()\n"
        "asyncio.exceptions.CancelledError: Cancelled via cancel scope 7f0dfb329300 by <Task 0x7f0d>\nINFO later\n"
        "Traceback (most recent call last):\n  File \"a.py\", line 1, in f\n"
        "asyncio.exceptions.CancelledError: Cancelled via cancel scope 7f78d1b4da80 by <Task 0x7f78>\n"
        "Traceback (most recent call last):\n  File \"b.py\", line 2, in h\nValueError: bad\n")
    (logs / "worker.log").write_text("started\n")

    lines = summary(NODE_LOG.format(root=tmp_path), Run(since=0, root=tmp_path))
    assert lines == [
        "==== CI failed in stage test-e2e ====",
        "FAILED onboarding with a manual bank (desktop)",
        "    step: frontend/e2e/onboarding.test.mjs:3  await waitForStep(page, 'ssn')",
        "    locator.waitFor: Timeout 20000ms exceeded.",
        "    Call log:",
        "    - waiting for getByTestId('flow-step-ssn') to be visible",
        "page: onboarding with a manual bank (desktop) failed at http://127.0.0.1:8010/flows/onboarding/7/"
        "accreditation-status; screenshot frontend/test-results/onboarding-with-a-manual-bank-desktop-failed.png; "
        "the page's trail:",
        "screenshot: frontend/test-results/onboarding-with-a-manual-bank-desktop-failed.png",
        "stack log: .data/logs/e2e/api.log (1 tracebacks)",
        "stack log: .data/logs/e2e/providers.log (3 tracebacks)",
        "    2 × asyncio.exceptions.CancelledError: Cancelled via cancel scope … by <Task …>",
        "    1 × ValueError: bad",
        "stack log: .data/logs/e2e/worker.log (0 tracebacks)",
    ]
    # a screenshot older than the run is an earlier run's
    later = (shots / "onboarding-with-a-manual-bank-desktop-failed.png").stat().st_mtime + 10
    assert not [x for x in summary(NODE_LOG.format(root=tmp_path), Run(since=later, root=tmp_path))
                if x.startswith("screenshot:")]


def test_an_unknown_failure_shows_the_last_lines() -> None:
    log = "\n".join(f"line {i}" for i in range(40)) + "\nmake: *** [Makefile:10: setup] Error 2\n"
    lines = summary(log)
    assert lines[0] == "==== CI failed in stage setup ===="
    assert lines[-1] == "line 39" and "line 24" not in lines


def test_outcomes_read_the_short_summary() -> None:
    text = "PASSED tests/a.py::test_one\nFAILED tests/a.py::test_two[x - y] - assert 1 == 2\nERROR tests/b.py - ImportError\n"
    assert outcomes(text.splitlines()) == {"tests/a.py::test_one": "PASSED", "tests/a.py::test_two[x - y]": "FAILED",
                                           "tests/b.py": "ERROR"}
    # under --dist loadgroup a grouped test's id ends in its group, after its parameters (test_repeat's summary had
    # left out the chaos package's parametrized crash test)
    grouped = "PASSED tests/c.py::test_k[366075]@chaos\nFAILED tests/c.py::test_m[1]@chaos - assert 0\n"
    assert outcomes(grouped.splitlines()) == {"tests/c.py::test_k[366075]@chaos": "PASSED",
                                              "tests/c.py::test_m[1]@chaos": "FAILED"}


def test_ci_run_keeps_makes_exit_code_and_ends_with_the_summary(tmp_path: Path) -> None:
    """.ci/run with a `make` that prints LINT_LOG and exits 2: the summary comes last, the exit code is make's."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "make").write_text(f"#!/bin/sh\ncat <<'EOF'\n{LINT_LOG}EOF\nexit 2\n")
    (fake / "make").chmod(0o755)
    env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}", "VITRINE_CI_LOG": str(tmp_path / "run.log")}
    done = subprocess.run(["bash", str(ROOT / ".ci/run")], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    last = done.stdout.splitlines()
    assert "==== CI failed in stage lint ====" in last
    assert last[-1] == f"==== the whole log: {tmp_path / 'run.log'} ===="


CHAOS_LOG = """\
EE                                                                       [100%]
==================================== ERRORS ====================================
______________ ERROR at setup of test_api_restarts_keep_sessions _______________

    @pytest.fixture(scope="package")
    def chaos_stack(request: pytest.FixtureRequest) -> Iterator[ChaosStack]:
>               raise self.exited(name, proc)
E               scripts.stack.StackStartError: [stack] api-b exited with code 1 (log: /tmp/vitrine-chaos-x1/logs/api-b.log); \
its last 3 lines:
E                   api-b | Traceback (most recent call last):
E                   api-b |   File "/work/api/app.py", line 3, in <module>
E                   api-b | ImportError: cannot import name 'routes'

scripts/stack.py:340: StackStartError
_______________ ERROR at setup of test_worker_restarts_mid_flow ________________
E               scripts.stack.StackStartError: [stack] api-b exited with code 1 (log: /tmp/vitrine-chaos-x1/logs/api-b.log); \
its last 3 lines:
E                   api-b | Traceback (most recent call last):
E                   api-b |   File "/work/api/app.py", line 3, in <module>
E                   api-b | ImportError: cannot import name 'routes'

scripts/stack.py:340: StackStartError
[stack] kept /tmp/vitrine-chaos-x1 (logs, databases) for the failure
=========================== short test summary info ============================
ERROR tests/chaos/test_restarts.py::test_api_restarts_keep_sessions - scripts.stack.StackStartError: [stack] api-b exited...
ERROR tests/chaos/test_restarts.py::test_worker_restarts_mid_flow - scripts.stack.StackStartError: [stack] api-b exited...
2 errors in 41.20s
make: *** [Makefile:23: test-python] Error 1
"""

E2E_STACK_LOG = """\
[stack] temporal exited with code 1 (log: /work/.data/logs/e2e/temporal.log); its last 2 lines:
 temporal | time=2026-11-28T07:12:19 level=ERROR msg="can't set frontend port 7243: listen tcp 127.0.0.1:7243: bind: \
address already in use"
 temporal | exit status 1
make: *** [Makefile:36: test-e2e] Error 1
"""


def test_a_stack_that_did_not_start_shows_its_cause_its_log_tail_and_the_kept_folder(tmp_path: Path) -> None:
    """The `[stack]` message once (pytest repeats a package fixture's error for each test), the log lines after it,
    the kept folder; in the browser stage too (the stack's message printed before any test ran)."""
    lines = summary(CHAOS_LOG)
    assert lines[0] == "==== CI failed in stage test-python ===="
    assert "ERROR tests/chaos/test_restarts.py::test_api_restarts_keep_sessions" in lines
    stack = lines[lines.index("ERROR tests/chaos/test_restarts.py::test_worker_restarts_mid_flow") + 1:]
    stack = stack[next(i for i, line in enumerate(stack) if line.startswith("[stack]")):]
    assert stack == [
        "[stack] api-b exited with code 1 (log: /tmp/vitrine-chaos-x1/logs/api-b.log); its last 3 lines:",
        "    api-b | Traceback (most recent call last):",
        '    api-b |   File "/work/api/app.py", line 3, in <module>',
        "    api-b | ImportError: cannot import name 'routes'",
        "[stack] kept /tmp/vitrine-chaos-x1 (logs, databases) for the failure",
    ]

    assert summary(E2E_STACK_LOG, Run(since=0, root=tmp_path)) == [
        "==== CI failed in stage test-e2e ====",
        "[stack] temporal exited with code 1 (log: /work/.data/logs/e2e/temporal.log); its last 2 lines:",
        '    temporal | time=2026-11-28T07:12:19 level=ERROR msg="can\'t set frontend port 7243: listen tcp '
        '127.0.0.1:7243: bind: address already in use"',
        "    temporal | exit status 1",
    ]


def test_a_coloured_vitest_failure_shows_the_test_and_its_assertion() -> None:
    log = "\n".join([
        "[stage] test-frontend started 10:00:00 @1",
        "\x1b[31m FAIL \x1b[39m src/features/home/Home.test.tsx > Home > shows the balance",
        "\x1b[31mAssertionError: expected 'USD 0.00' to be 'USD 10.00'\x1b[39m",
        "\x1b[36m ❯ src/features/home/Home.test.tsx:42:7\x1b[39m",
        "make: *** [Makefile:39: test-frontend] Error 1",
    ])
    lines = summary(log)
    assert lines[0] == "==== CI failed in stage test-frontend ===="
    assert " FAIL  src/features/home/Home.test.tsx > Home > shows the balance" in lines
    assert "AssertionError: expected 'USD 0.00' to be 'USD 10.00'" in lines
    assert " ❯ src/features/home/Home.test.tsx:42:7" in lines
