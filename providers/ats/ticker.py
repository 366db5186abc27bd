"""The ATS's background task: every ``ats_tick_seconds`` it brings every instrument's windows up to now and
delivers due webhooks; the demo market maker runs beside it. :func:`lifespan` starts the ATS with the providers
app (when ``ats_enabled``): the pool, the schema, the books rebuilt from the command log, the demo market.
An ATS whose database is unreachable at startup is logged and left off (its calls answer 503 ATS_UNAVAILABLE);
the rest of the providers keep working.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator

import httpx
from fastapi import FastAPI

from providers.ats import demo, market_maker, outbox, windows
from providers.ats.poster import HttpxPoster, KeepAlivePoster, Poster
from providers.ats.runtime import Ats

log = logging.getLogger(__name__)


MAX_BATCHES = 20  # of webhooks per round: a busy ATS catches up within a round, and its windows still move each round


async def tick(ats: Ats, http: Poster) -> int:
    """One round: every instrument's windows, then the due webhooks (batch after batch while batches come back
    full); returns how many webhooks were sent."""
    for instrument_id in list(ats.instruments):
        async with ats.locks[instrument_id]:
            await windows.sync(ats, instrument_id, ats.now())
    sent = 0
    for _ in range(MAX_BATCHES):
        batch = await outbox.deliver_due(ats, http)
        sent += batch
        if batch < outbox.BATCH:
            break
    return sent


@contextlib.asynccontextmanager
async def webhook_http(app: FastAPI, ats: Ats) -> AsyncIterator[Poster]:
    """The ATS's keep-alive poster to ``ats_webhook_url``; through httpx when tests set ``app.state.webhook_transport``."""
    url, timeout = ats.settings.ats_webhook_url, ats.settings.webhook_timeout_seconds
    transport = getattr(app.state, "webhook_transport", None)
    if transport is not None:
        async with httpx.AsyncClient(transport=transport, timeout=timeout) as client:
            yield HttpxPoster(client, url)
        return
    poster = KeepAlivePoster(url, timeout)
    try:
        yield poster
    finally:
        await poster.aclose()


async def _loop(app: FastAPI, ats: Ats) -> None:
    async with webhook_http(app, ats) as http:
        while True:
            try:
                await tick(ats, http)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("ATS tick failed")
            await asyncio.sleep(ats.settings.ats_tick_seconds)


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings = app.state.settings
    tasks: list[asyncio.Task[None]] = []
    ats: Ats | None = None
    if settings.ats_enabled:
        try:
            ats = await Ats.start(settings, getattr(app.state, "ats_clock", time.time))  # tests inject a clock
            if settings.ats_demo_market:
                await demo.seed(ats)
        except Exception:
            log.exception("the ATS could not start (database %s); its calls answer 503", settings.ats_db_schema)
            ats = None
    app.state.ats = ats
    if ats is not None and settings.ats_background:
        tasks.append(asyncio.create_task(_loop(app, ats), name="ats-ticker"))
        if settings.ats_market_maker:
            tasks.append(asyncio.create_task(market_maker.run(ats), name="ats-market-maker"))
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        app.state.ats = None
        if ats is not None:
            await ats.close()
