"""The sandbox providers service: ``uvicorn providers.app:app --port 8100``."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI
from fastapi.concurrency import run_in_threadpool

from providers import idempotency, jobs, scheduler, webhook_outbox
from providers.ats import router as ats_router
from providers.ats import ticker as ats_ticker
from providers.banklink import router as banklink
from providers.common import install_error_handlers
from providers.esign import router as esign
from providers.mail import router as mail
from providers.payments import demo as payments_demo
from providers.payments import router as payments
from providers.promo import router as promo
from providers.settings import ProvidersSettings
from providers.shop import router as shop
from providers.sqlite import SchemaStep, Storage

# Shared first (idempotency keys, scheduled events, the webhook outbox), then each provider's own tables.
SCHEMA: tuple[SchemaStep, ...] = (
    *idempotency.SCHEMA,
    *jobs.SCHEMA,
    *webhook_outbox.SCHEMA,
    *mail.SCHEMA,
    *payments.SCHEMA,
    *banklink.SCHEMA,
    *esign.SCHEMA,
    *promo.SCHEMA,
    *shop.SCHEMA,
)


@contextlib.asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The demo investors' payment customers (when `payments_demo`), the background processor of scheduled events and
    webhooks, and the ATS (its books, windows, webhooks)."""
    if app.state.settings.payments_demo:
        await run_in_threadpool(payments_demo.seed, app.state.storage)
    try:
        async with scheduler.lifespan(app), ats_ticker.lifespan(app):
            yield
    finally:
        app.state.storage.close()  # its idle connections (providers/sqlite.py)


def create_app(settings: ProvidersSettings | None = None) -> FastAPI:
    settings = settings or ProvidersSettings()
    app = FastAPI(
        title="Vitrine sandbox providers",
        description="Simulated external systems (mail, payments, bank link, e-sign, promo codes, merchandise shop, the ATS).",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.storage = Storage(settings.db_path, SCHEMA)
    app.state.ats = None  # started by the lifespan (providers/ats/ticker.py)
    install_error_handlers(app)

    @app.get("/health", tags=["health"])
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    app.include_router(ats_router.router)  # first: the busiest routes (orders) are matched before the other sandboxes'
    for module in (mail, shop, payments, banklink, esign, promo):
        app.include_router(module.router)
    return app


app = create_app()
