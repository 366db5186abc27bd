"""The ATS's process state: the pool, the books, the clock, the caches; started with the providers app.

One providers process owns the ATS: each instrument's book lives here, written by one command at a time (an
asyncio lock per instrument), and is rebuilt at startup by replaying the instrument's persisted command log
through the engine (the same commands give the same book, priorities included: the engine is deterministic).
The clock is real time plus an offset that ``POST /sandbox/ats/clock`` moves (tests skip ahead, never sleep).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import asyncpg
from fastapi import Request

from providers.ats import db
from providers.ats.chaos import Chaos, from_settings
from providers.ats.engine import Book, Command, Engine, from_dict
from providers.ats.errors import ATS_UNAVAILABLE, AtsError
from providers.ats.schedule import DEMO, CalendarSchedule, DemoSchedule, Schedule
from providers.settings import ProvidersSettings

TRADING, POST_ONLY, DISABLED = "TRADING", "POST_ONLY", "DISABLED"  # instrument statuses
SCHEDULED, OPEN, CONFIRMATION, CLOSED = "SCHEDULED", "OPEN", "CONFIRMATION", "CLOSED"  # window statuses


@dataclass
class Window:
    id: str
    instrument_id: str
    opens_at: float
    closes_at: float
    confirm_until: float
    status: str


def make_schedule(settings: ProvidersSettings) -> Schedule:
    if settings.ats_schedule == DEMO:
        return DemoSchedule(settings.ats_demo_post_only_seconds, settings.ats_demo_open_seconds,
                            settings.ats_demo_confirmation_seconds)
    return CalendarSchedule(settings.ats_confirmation_seconds)


def clients_from(settings: ProvidersSettings) -> dict[str, str]:
    """``id:secret,id:secret`` -> {id: secret}."""
    pairs = (item.split(":", 1) for item in settings.ats_clients.split(",") if ":" in item)
    return {cid.strip(): secret.strip() for cid, secret in pairs}


class Ats:
    def __init__(self, settings: ProvidersSettings, pool: asyncpg.Pool, clock: Callable[[], float] = time.time) -> None:
        self.settings = settings
        self.pool = pool
        self.clock = clock
        self.offset = 0.0
        self.schedule = make_schedule(settings)
        self.engine = Engine()
        self.locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.chaos = Chaos(from_settings(settings))
        self.clients = clients_from(settings)
        self.instruments: dict[str, dict[str, Any]] = {}  # id -> row
        self.windows: dict[str, list[Window]] = defaultdict(list)  # instrument -> its windows not CLOSED yet
        self.pending: dict[str, str] = {}  # order id -> PENDING_CANCEL | PENDING_REPLACE while queued
        self.tokens: dict[str, tuple[str, float]] = {}  # token hash -> (client, expires_at), a cache of ats.tokens
        self.active: dict[str, dict[str, Any]] = {}  # order id -> row, of every order still resting (a cache)
        self.keys: dict[tuple[str, str], tuple[str, str]] = {}  # (client, idempotency key) -> (order id, request hash)
        self.uncommitted: dict[str, dict[str, Any]] = {}  # order id -> its row, applied to the book, being written
        self.webhook_client = "vitrine"  # the client whose events go to ats_webhook_url

    def now(self) -> float:
        return self.clock() + self.offset

    @classmethod
    async def start(cls, settings: ProvidersSettings, clock: Callable[[], float] = time.time) -> Ats:
        pool = await db.connect(settings.ats_database_url, settings.ats_db_schema,
                               synchronous_commit=settings.ats_synchronous_commit)
        ats = cls(settings, pool, clock)
        await ats.load()
        return ats

    async def close(self) -> None:
        await self.pool.close()

    async def load(self) -> None:
        """Read the instruments and open windows; rebuild every book from its command log."""
        async with self.pool.acquire() as conn:
            for r in await conn.fetch("SELECT * FROM instruments"):
                self.instruments[r["id"]] = dict(r)
            # only this ATS's schedule: a window made under another one (e.g. the calendar's, by an earlier run with
            # other settings) is never traded, progressed nor reported
            for r in await conn.fetch("SELECT * FROM windows WHERE status <> 'CLOSED' AND schedule = $1 ORDER BY opens_at",
                                      self.schedule.name):
                self.windows[r["instrument_id"]].append(window_of(r))
            for r in await conn.fetch("SELECT * FROM orders WHERE status IN ('SUBMITTED', 'PARTIALLY_FILLED')"):
                self.active[r["id"]] = dict(r)
            for r in await conn.fetch("SELECT client_id, idempotency_key, id, request_hash FROM orders"):
                self.keys[(r["client_id"], r["idempotency_key"])] = (r["id"], r["request_hash"])
        for instrument_id in self.instruments:
            await self.rebuild(instrument_id)

    async def rebuild(self, instrument_id: str) -> None:
        """The book as its persisted commands make it (at startup, and after a command failed to persist)."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch("SELECT body FROM commands WHERE instrument_id = $1 ORDER BY seq", instrument_id)
        commands = [cast(Command, from_dict(json.loads(r["body"]))) for r in rows]
        self.engine.books[instrument_id] = Book.replay(commands, instrument_id)

    def book(self, instrument_id: str) -> Book:
        return self.engine.book(instrument_id)

    def window_in(self, instrument_id: str, *statuses: str) -> Window | None:
        for w in self.windows.get(instrument_id, ()):
            if w.status in statuses:
                return w
        return None


def window_of(r: asyncpg.Record) -> Window:
    return Window(r["id"], r["instrument_id"], r["opens_at"], r["closes_at"], r["confirm_until"], r["status"])


async def get_ats(request: Request) -> Ats:
    ats = getattr(request.app.state, "ats", None)
    if ats is None:
        raise AtsError(503, ATS_UNAVAILABLE, "The ATS is not running (its database is unreachable); retry later")
    return cast(Ats, ats)
