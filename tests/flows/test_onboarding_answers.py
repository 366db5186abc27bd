"""The recorded server answers the browser's onboarding schemas are checked against
(frontend/src/testing/onboardingAnswers.json, read by frontend/src/domain/profileSchemas.test.ts) are what the server
answers: each case is posted to the real flow API at its step and the 422's field messages must equal the recording.
A message changed in domain/ fails here until the recording is updated, and then in Vitest until the browser agrees."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from domain import profile_rules
from tests.api.accounts import signup
from tests.error_shape import field_errors
from tests.flows.driver import Flow

ANSWERS = Path(__file__).resolve().parents[2] / "frontend/src/testing/onboardingAnswers.json"
# the branches the recorded steps need: the organization and ticker steps follow a yes, and are then answered
ROUTE: dict[str, dict[str, Any]] = {"finra-or-sec": {"isAssociated": True}, "is-shareholder": {"isShareholder": True},
                                    "organization-name": {"sec_or_finra_organization_name": "FINRA"},
                                    "company-ticker": {"publicly_traded_company_tickers": "AAPL"}}


def _cases() -> list[dict[str, Any]]:
    cases = json.loads(ANSWERS.read_text())["cases"]
    assert isinstance(cases, list) and cases
    return cases


def test_the_recording_holds_every_onboarding_message() -> None:
    """Every fixed message of profile_rules is among the recorded answers, so none goes unchecked in the browser."""
    recorded = {m for case in _cases() for m in case["errors"].values()}
    messages = {name: value for name, value in vars(profile_rules).items()
                if name.isupper() and isinstance(value, str) and "{" not in value
                and not name.endswith("_LABEL") and name not in {"PRODUCT", "RISK_ALERT_TITLE"}}
    assert len(messages) > 25
    assert {n: m for n, m in messages.items() if m not in recorded} == {}


async def test_the_server_answers_as_recorded(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    flow = Flow(api, user["headers"])
    await flow.open()
    for case in _cases():
        await flow.until(case["step"], ROUTE)
        r = await flow.submit(case["fields"], case["step"])
        assert (r.status_code, field_errors(r.json())) == (422, case["errors"]), case
        assert flow.state["step"] == case["step"]
