"""Schemathesis (v4) over the api's OpenAPI, run by its engine in a thread against a served api: the examples,
coverage, fuzzing and stateful phases, checking that no answer is a server error, that every error answer
(4xx and 5xx) is in the one error shape (docs/errors.md), and that every answer is what the OpenAPI documents for
its status (response_schema_conformance: the documenting models forbid undocumented keys)."""

from __future__ import annotations

import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import schemathesis
from schemathesis.engine import Status, events, from_schema
from schemathesis.engine.recorder import ScenarioRecorder

from tests.error_shape import error_body

FLOW = "/api/flows/{kind}/{flow_id}"
FLOW_PARAMS = {"kind": "$request.path.kind", "flow_id": "$response.body#/flow_id"}
# OpenAPI links for the stateful phase: which answer feeds which call (the api declares none of its own)
LINKS: list[tuple[str, str, str, str, str, dict[str, str]]] = [
    ("post", "/api/flows/{kind}", "200", "get", FLOW, FLOW_PARAMS),
    ("post", "/api/flows/{kind}", "200", "post", FLOW + "/steps/{step}", {**FLOW_PARAMS, "step": "$response.body#/step"}),
    ("post", "/api/flows/{kind}", "200", "post", FLOW + "/back", FLOW_PARAMS),
    ("post", "/api/flows/{kind}", "200", "post", FLOW + "/close", FLOW_PARAMS),
    ("post", "/api/flows/{kind}", "200", "get", FLOW + "/events", FLOW_PARAMS),
    ("post", FLOW + "/steps/{step}", "200", "post", FLOW + "/steps/{step}",
     {**FLOW_PARAMS, "step": "$response.body#/step"}),
    ("get", FLOW, "200", "post", FLOW + "/steps/{step}", {**FLOW_PARAMS, "step": "$response.body#/step"}),
    ("get", "/api/auth/user/", "200", "get", "/api/users/{user_id}", {"user_id": "$response.body#/id"}),
    ("get", "/api/auth/user/", "200", "get", "/api/users/{user_id}/financials/balance", {"user_id": "$response.body#/id"}),
    ("get", "/api/auth/user/", "200", "get", "/api/users/{user_id}/investments", {"user_id": "$response.body#/id"}),
    ("post", "/api/auth/registration/", "201", "get", "/api/users/{user_id}", {"user_id": "$response.body#/user_id"}),
    ("post", "/api/users/files/", "201", "put", "/api/uploads/{token}", {"token": "$response.body#/file_key"}),
    ("post", "/api/assets/notify_me/", "201", "delete", "/api/assets/notify_me/{asset_id}/",
     {"asset_id": "$response.body#/asset"}),
    ("post", "/api/assets/notify-on-trading/", "201", "delete", "/api/assets/notify-on-trading/{asset_id}/",
     {"asset_id": "$response.body#/asset"}),
    ("get", "/api/v2/assets/", "200", "get", "/api/v2/assets/{asset_id}/", {"asset_id": "$response.body#/items/0/id"}),
    ("get", "/api/v2/assets/", "200", "post", "/api/assets/{asset_id}/invest/reservations",
     {"asset_id": "$response.body#/items/0/id"}),
    ("get", "/api/v2/assets/", "200", "post", "/api/assets/{asset_id}/invest", {"asset_id": "$response.body#/items/0/id"}),
]


@schemathesis.check
def error_shape(ctx: Any, response: Any, case: Any) -> bool | None:
    """Every error answer is {"errors": [{"message", "field"?}], "error_type"?} (a streamed answer is no error)."""
    if response.status_code >= 400:
        try:
            error_body(response.json())
        except (AssertionError, ValueError) as exc:
            raise AssertionError(f"{response.status_code} not in the one error shape: {response.text[:200]}") from exc
    return None


def with_links(schema: dict[str, Any]) -> dict[str, Any]:
    """The api's OpenAPI document with the stateful links above added to its responses."""
    paths = schema["paths"]
    for method, path, status, to_method, to_path, params in LINKS:
        target = paths[to_path][to_method]["operationId"]
        response = paths[path][method]["responses"].setdefault(status, {"description": "OK"})
        response.setdefault("links", {})[target] = {"operationId": target, "parameters": params}
    return schema


@dataclass
class Problem:
    operation: str
    phase: str
    title: str
    request: str
    response: str


@dataclass
class Figures:
    seed: int
    seconds: float = 0.0
    operations: set[str] = field(default_factory=set)
    cases: Counter[str] = field(default_factory=Counter)  # per phase
    phase_seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    statuses: Counter[int] = field(default_factory=Counter)
    problems: list[Problem] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stop_reason: str = ""

    def summary(self) -> str:
        phases = ", ".join(f"{k} {v} in {self.phase_seconds[k]:.0f}s" for k, v in sorted(self.cases.items()))
        codes = ", ".join(f"{k}: {v}" for k, v in sorted(self.statuses.items()))
        return (f"schemathesis seed {self.seed}: {len(self.operations)} operations, {sum(self.cases.values())} cases "
                f"({phases}) in {self.seconds:.0f}s, {len(self.problems)} server errors, {len(self.errors)} errors; "
                f"statuses {{{codes}}}; stopped: {self.stop_reason}")


def _record(figures: Figures, phase: str, recorder: ScenarioRecorder) -> None:
    figures.cases[phase] += len(recorder.cases)
    for case_id, interaction in recorder.interactions.items():
        if interaction.response is not None:
            figures.statuses[interaction.response.status_code] += 1
        node = recorder.cases.get(case_id)
        if node is not None:
            figures.operations.add(node.value.operation.label)
    for case_id, checks in recorder.checks.items():
        for check in checks:
            if check.status != Status.FAILURE or check.failure_info is None:
                continue
            case = recorder.cases[case_id].value
            response = recorder.interactions.get(case_id)
            body = response.response.content[:300].decode(errors="replace") if response and response.response \
                and response.response.content else ""
            figures.problems.append(Problem(case.operation.label, phase, check.failure_info.failure.title,
                                            check.failure_info.code_sample[:600], body))


PHASES = ("examples", "coverage", "fuzzing", "stateful")  # schemathesis runs them in this order


def run(*, base_url: str, schema: dict[str, Any], token: Callable[[], str], examples: int, max_time: int,
        seed: int, workers: int = 1, phases: tuple[str, ...] = PHASES, figures: Figures | None = None) -> Figures:
    """Runs each of `phases` once, within `max_time` in all (blocking: call it in a thread), into `figures` (a new
    one by default); `token` is asked for each case's Authorization."""
    # an event stream is read to its first event (the state it opens with): a second is the keep-alive comment
    # api/sse.py sends after 15 s, and waiting for it took most of the run (py-spy, 28 Nov: 60 % of the engine's
    # thread in the streams' reads; 151 s for 2 387 cases, 64 s for 3 256 with one event)
    config = schemathesis.Config.from_dict({
        "seed": seed, "max-time": max_time, "cache": {"enabled": False}, "base-url": base_url, "request-timeout": 20,
        "max-stream-events": 1, "workers": workers, "suppress-health-check": ["all"],
        "generation": {"max-examples": examples, "database": "none"},
        "checks": {"enabled": False, "not_a_server_error": {"enabled": True}, "error_shape": {"enabled": True},
                   "response_schema_conformance": {"enabled": True}},
        "phases": {"examples": {"enabled": "examples" in phases, "fill-missing": True},
                   "coverage": {"enabled": "coverage" in phases}, "fuzzing": {"enabled": "fuzzing" in phases},
                   "stateful": {"enabled": "stateful" in phases, "max-steps": 8}},
    })
    loaded = schemathesis.openapi.from_dict(with_links(schema), config=config)

    class InvestorToken:
        def get(self, case: Any, ctx: schemathesis.AuthContext) -> str:
            return token()

        def set(self, case: Any, data: str, ctx: schemathesis.AuthContext) -> None:
            case.headers["Authorization"] = f"JWT {data}"

    loaded.auth(refresh_interval=None)(InvestorToken)
    figures = figures or Figures(seed)
    started = time.monotonic()
    for event in from_schema(loaded).execute():
        if isinstance(event, events.ScenarioFinished) and event.is_test_scenario:
            _record(figures, event.phase.value, event.recorder)
            figures.phase_seconds[event.phase.value] += event.elapsed_time
        elif isinstance(event, events.NonFatalError):
            detail = "".join(traceback.format_exception(event.value))[-2000:]
            figures.errors.append(f"{event.label}: {event.info.title}: {event.info.message[:300]}\n{detail}")
        elif isinstance(event, events.FatalError):
            figures.errors.append(f"fatal: {event.exception!r}")
        elif isinstance(event, events.EngineFinished):
            figures.stop_reason = event.stop_reason.value
    figures.seconds += time.monotonic() - started
    return figures
