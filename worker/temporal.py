"""Connecting to Temporal with the project's data converter (shared by api, worker and tests)."""

from __future__ import annotations

from temporalio.client import Client

from config import Settings


async def connect(settings: Settings) -> Client:
    return await Client.connect(settings.temporal_address, namespace=settings.temporal_namespace)
