"""Fixtures for the sandbox providers: the real app on a temporary sqlite file, over ASGI.

Self-contained on purpose (no PostgreSQL, Temporal or Redis needed).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from providers.app import create_app
from providers.settings import ProvidersSettings

PROVIDER_KEY = "test-provider-key"


@pytest.fixture
def provider_settings(tmp_path: Path) -> ProvidersSettings:
    return ProvidersSettings(
        db_path=str(tmp_path / "providers.sqlite3"),
        api_key=PROVIDER_KEY,
        webhook_secret="test-webhook-secret",
        public_url="http://providers.test",
    )


@pytest.fixture
async def client(provider_settings: ProvidersSettings) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=create_app(provider_settings))
    async with httpx.AsyncClient(transport=transport, base_url="http://providers.test") as http:
        yield http


@pytest.fixture
def key_headers() -> dict[str, str]:
    return {"X-Provider-Key": PROVIDER_KEY}
