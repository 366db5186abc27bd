"""What the worker runs: the workflow classes and the activity instances with their dependencies."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client
from temporalio.worker import Worker

from activities.email import EmailActivities
from clients.mail import MailClient
from config import Settings
from store.db import make_engine, make_sessionmaker
from workflows.email_verification import EmailVerificationWorkflow

WORKFLOWS: Sequence[type] = (EmailVerificationWorkflow,)


@dataclass
class Resources:
    sessions: async_sessionmaker[AsyncSession]
    http: httpx.AsyncClient


@asynccontextmanager
async def worker_resources(settings: Settings) -> AsyncIterator[Resources]:
    engine = make_engine(settings.database_url)
    async with httpx.AsyncClient(timeout=settings.provider_timeout_seconds) as http:
        try:
            yield Resources(make_sessionmaker(engine), http)
        finally:
            await engine.dispose()


def activities(settings: Settings, r: Resources) -> list[Callable[..., Any]]:
    mail = MailClient(r.http, settings.providers_url, settings.provider_api_key)
    email = EmailActivities(r.sessions, mail, settings.app_url)
    return [email.send_confirmation, email.mark_verified, email.expire_confirmations]


def build_worker(client: Client, settings: Settings, r: Resources) -> Worker:
    return Worker(client, task_queue=settings.task_queue, workflows=list(WORKFLOWS),
                  activities=activities(settings, r))
