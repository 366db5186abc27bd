"""The chaos suite's stack: one set of processes for the whole package (tests/chaos), on ports and in folders of
its own, so it neither uses nor disturbs the session fixtures of tests/conftest.py. The PII scan runs last."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from temporalio.client import Client

from api.state import AppState
from clients.temporal import connect
from tests.chaos.faults import FaultHook
from tests.chaos.stack import ChaosStack
from tests.conftest import kept_on_failure
from tests.flows.investors import offering

LAST = "test_pii.py"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The PII scan reads what every other chaos test left behind: it runs after the last of them."""
    chaos = [i for i, item in enumerate(items) if "tests/chaos/" in item.nodeid]
    scans = [item for item in items if "tests/chaos/" + LAST in item.nodeid]
    if chaos and scans:
        rest = [item for item in items if item not in scans]
        last = max(i for i, item in enumerate(rest) if "tests/chaos/" in item.nodeid)
        items[:] = rest[:last + 1] + scans + rest[last + 1:]


@dataclass
class Chaos:
    stack: ChaosStack
    state: AppState
    temporal: Client
    http: httpx.AsyncClient  # api A
    sandbox: httpx.AsyncClient
    asset_id: int
    hook: FaultHook
    secrets: set[str] = field(default_factory=set)
    journeys: list[dict[str, Any]] = field(default_factory=list)  # every completed journey, for the final checks
    figures: dict[str, Any] = field(default_factory=dict)


@pytest.fixture(scope="package")
def chaos_stack(request: pytest.FixtureRequest) -> Iterator[ChaosStack]:
    """The stack's folder (logs, PostgreSQL's data, Temporal's database) stays when it did not start or a chaos test
    failed (`[stack] kept <folder>` at the end of the run), and goes when everything passed."""
    stack = ChaosStack()
    with kept_on_failure(request, stack.root, "logs, databases", "tests/chaos/"):
        try:
            stack.up()
            yield stack
        finally:
            stack.stop()


KEEPALIVE_SECONDS = 2.0  # below uvicorn's timeout_keep_alive (5 s)


@pytest.fixture(scope="package")
async def chaos(chaos_stack: ChaosStack) -> AsyncIterator[Chaos]:
    state = AppState.create(chaos_stack.settings)
    asset = await offering(state, shares=10_000, value="100000.00")  # $10 a share, no e-sign template
    # a pooled connection is dropped by the client before uvicorn's 5 s keep-alive ends it: a request never goes out
    # on a connection the server is closing at that moment (httpx.ReadError, seen once in CI under load)
    limits = httpx.Limits(keepalive_expiry=KEEPALIVE_SECONDS)
    async with httpx.AsyncClient(base_url=chaos_stack.url("api-a"), timeout=180, limits=limits) as http, \
            httpx.AsyncClient(base_url=chaos_stack.url("providers"), timeout=30, limits=limits) as sandbox:
        yield Chaos(chaos_stack, state, await connect(chaos_stack.settings), http, sandbox, asset.id,
                    FaultHook(chaos_stack.hook))
    await state.close()
