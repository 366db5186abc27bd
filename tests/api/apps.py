"""An api with settings of its own (small per-address limits, trusted proxies, a closed codec...) on the test
session's database, Redis and Temporal, called as if from a given client address."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from temporalio.client import Client

from api.app import create_app
from api.state import AppState
from config import Settings


def random_address(prefix: str = "198.18") -> str:
    """A client address no other test uses (198.18.0.0/15: the benchmarking range, never routed)."""
    return f"{prefix}.{random.randint(0, 255)}.{random.randint(1, 254)}"


@asynccontextmanager
async def api_with(settings: Settings, temporal: Client, **changes: Any) -> AsyncIterator[AppState]:
    state = AppState.create(settings.model_copy(update=changes))
    state._temporal = temporal
    try:
        yield state
    finally:
        await state.close()


def client(state: AppState, address: str, *, as_served: bool = False) -> httpx.AsyncClient:
    """Calls the api from `address` (the socket peer as the api sees it). `as_served`: an error the api's handler
    answered (a 503) is that answer, as a server gives it (else ASGITransport raises it after the answer)."""
    app = create_app(state.settings)
    app.state.vitrine = state
    transport = httpx.ASGITransport(app=app, client=(address, 40000), raise_app_exceptions=not as_served)
    return httpx.AsyncClient(transport=transport, base_url="http://testserver")
