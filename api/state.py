"""Process-wide resources of the api: database, Redis, Temporal client, provider clients."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import timedelta

import httpx
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from temporalio.client import Client

from api.active_users import ActiveUsers
from api.caller_access import CallerAccess
from api.catalogue.home import HomeContent
from api.catalogue.snapshot import Catalogue
from api.coalescer import Coalescer
from api.ratelimit import RateLimiter
from api.sessions import RevocationChecks
from clients.http import tls_context
from clients.mail import MailClient
from clients.temporal import connect
from config import Settings
from store.db import make_engine, make_sessionmaker
from store.document_files import DocumentFiles, document_files


@dataclass
class AppState:
    settings: Settings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    redis: Redis
    http: httpx.AsyncClient
    mail: MailClient
    catalogue: Catalogue
    home: HomeContent
    active_users: ActiveUsers
    caller_access: CallerAccess
    limiter: RateLimiter
    documents: DocumentFiles  # statements' and tax documents' files (store/document_files.py)
    revocations: RevocationChecks
    background: Coalescer = field(default_factory=Coalescer)  # coalesced background work (api/coalescer.py)
    # set by an ATS window webhook: the market refresher's next pass runs now (api/trading/market_refresher.py)
    market_due: asyncio.Event = field(default_factory=asyncio.Event)
    _temporal: Client | None = None
    _temporal_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @classmethod
    def create(cls, settings: Settings) -> AppState:
        engine = make_engine(settings.database_url, settings.database_tls)
        http = httpx.AsyncClient(timeout=settings.provider_timeout_seconds, verify=tls_context())
        sessions = make_sessionmaker(engine)
        redis = Redis.from_url(settings.redis_url, decode_responses=False)
        return cls(
            settings=settings,
            engine=engine,
            sessions=sessions,
            redis=redis,
            catalogue=Catalogue(sessions, redis, settings.catalogue_cache_seconds),
            home=HomeContent(sessions, redis, settings.catalogue_cache_seconds),
            active_users=ActiveUsers(engine, settings.auth_cache_seconds),
            caller_access=CallerAccess(engine, settings.auth_cache_seconds),
            limiter=RateLimiter(settings),
            documents=document_files(settings),
            revocations=RevocationChecks(redis),
            http=http,
            mail=MailClient(http, settings.providers_url, settings.provider_api_key),
        )

    @property
    def answer_wait(self) -> float:
        """Seconds a request waits for a workflow's answer (an Update, a query) before it answers 503 + Retry-After
        (docs/errors.md "While no worker answers")."""
        return self.settings.workflow_answer_wait_seconds

    @property
    def query_timeout(self) -> timedelta:
        """A query's RPC deadline (the server ends a query no worker took at 30 s anyway: 503 too)."""
        return timedelta(seconds=self.answer_wait)

    async def temporal(self) -> Client:
        async with self._temporal_lock:
            if self._temporal is None:
                self._temporal = await connect(self.settings)
            return self._temporal

    async def close(self) -> None:
        await self.background.close()
        await self.http.aclose()
        await self.redis.aclose()
        await self.engine.dispose()
