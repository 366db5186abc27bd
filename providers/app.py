"""The sandbox providers service: ``uvicorn providers.app:app --port 8100``."""

from __future__ import annotations

from fastapi import FastAPI

from providers import banklink, esign, mail, payments, promo, scheduler, store
from providers.common import install_error_handlers
from providers.settings import ProvidersSettings
from providers.storage import Storage

SCHEMA: tuple[str, ...] = (*mail.SCHEMA, *payments.SCHEMA, *banklink.SCHEMA)


def create_app(settings: ProvidersSettings | None = None) -> FastAPI:
    settings = settings or ProvidersSettings()
    app = FastAPI(
        title="Vitrine sandbox providers",
        description="Simulated external systems (mail, payments, bank link, e-sign, promo codes, store).",
        version="0.1.0",
        lifespan=scheduler.lifespan,  # the background processor of scheduled events (payments)
    )
    app.state.settings = settings
    app.state.storage = Storage(settings.db_path, SCHEMA)
    install_error_handlers(app)

    @app.get("/health", tags=["health"])
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    for module in (mail, store, payments, banklink, esign, promo):
        app.include_router(module.router)
    return app


app = create_app()
