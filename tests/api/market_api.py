"""Fixtures of the market data and catalogue trading tests: an api whose ATS is the frozen-clock market of
tests/trading/order_harness.py (import the fixtures from here), a signed-in caller, and the ATS down."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from temporalio.testing import WorkflowEnvironment

from api.state import AppState
from config import Settings
from tests.api.accounts import signup
from tests.api.apps import api_with, client, random_address
from tests.conftest import free_port
from tests.trading.conftest import sessions
from tests.trading.order_harness import Market, ats_server, market

__all__ = ["ats_server", "caller", "down_state", "mapi", "market", "mstate", "sessions"]


@pytest.fixture(scope="module")
async def mstate(market: Market, settings: Settings,  # noqa: F811
                 temporal_env: WorkflowEnvironment) -> AsyncIterator[AppState]:
    """An api whose ATS is the market's (frozen clock)."""
    async with api_with(settings, temporal_env.client, providers_url=market.url) as state:
        yield state


@pytest.fixture(scope="module")
async def mapi(mstate: AppState) -> AsyncIterator[httpx.AsyncClient]:
    async with client(mstate, random_address()) as c:
        yield c


@pytest.fixture(scope="module")
async def caller(mapi: httpx.AsyncClient) -> dict[str, str]:
    headers: dict[str, str] = (await signup(mapi))["headers"]
    return headers


@pytest.fixture(scope="module")
async def down_state(settings: Settings, temporal_env: WorkflowEnvironment) -> AsyncIterator[AppState]:
    """An api whose ATS does not answer (nothing listens on its port)."""
    async with api_with(settings, temporal_env.client, providers_url=f"http://127.0.0.1:{free_port()}") as state:
        yield state
