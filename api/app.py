"""The FastAPI application: the browser's only door."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.routing import BaseRoute

from api import notice_trigger, periodic
from api.catalogue import routes as assets
from api.catalogue.edge import CatalogueEdge
from api.errors import ERROR_RESPONSES, error_body, install_error_handlers
from api.middleware import BodyLimitMiddleware, ConditionalGetMiddleware
from api.openapi_docs import Health
from api.purchase import routes as purchases
from api.routes import (
    account,
    analytics,
    auth,
    bank_removal,
    banklink,
    codec,
    devices,
    financials,
    flows,
    media,
    merchandising,
    micro_deposits,
    notifications,
    notify,
    personal_info,
    portfolio,
    state_availability,
    statements,
    transfers,
    uploads,
    webhooks,
)
from api.startup_heap import freeze_startup_heap
from api.state import AppState
from api.trading import market_refresher
from api.trading.routes import ats_webhooks, events, market, orders, windows
from config import Settings, get_settings

ROUTERS = (auth, account, assets, notify, financials, flows, banklink, bank_removal, transfers, micro_deposits,
           webhooks, uploads, media, codec, purchases, portfolio, personal_info, merchandising, orders, windows,
           events, ats_webhooks, market, statements, notifications, devices, state_availability, analytics)


@functools.cache
def _routes() -> tuple[BaseRoute, ...]:
    """The routers' operations as an app includes them (with the app's error answers), built once per process.

    Including a router builds every operation again, its parameters' and answer's validators (pydantic TypeAdapters)
    with it: ≈ 0.35 s of CPU for the api's operations, paid by every app a process makes (the tests make one for each
    set of settings they try). The operations hold nothing of an app — middleware, error handlers, state and lifespan
    are the app's — so the apps of a process share them. Two things an app's own `include_router` would add are
    absent: a router's own lifespan or startup handlers (none has any) and `app.dependency_overrides` (not used)."""
    shared = APIRouter(responses=ERROR_RESPONSES)
    for module in ROUTERS:
        shared.include_router(module.router)
    return tuple(shared.routes)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        state = AppState.create(settings)
        app.state.vitrine = state
        market = market_refresher.start(state)  # the catalogue's trading fields from the ATS, in the background
        notices = notice_trigger.start(state)  # "Notify me": the notices of assets whose event happened
        freeze_startup_heap()
        try:
            yield
        finally:
            await periodic.stop(market)
            await periodic.stop(notices)
            await state.close()

    # responses: every operation documents its error answers in the one shape (api/errors.py, docs/errors.md)
    app = FastAPI(title="Vitrine API", version=settings.app_version, lifespan=lifespan, responses=ERROR_RESPONSES,
                  description="Fractional shares of collectible assets; every multi-step process is a Temporal workflow.")
    install_error_handlers(app)
    app.router.routes.extend(_routes())

    @app.get("/api/health", tags=["ops"])
    async def health() -> Health:
        return Health(status="ok")

    app.add_middleware(ConditionalGetMiddleware)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(CatalogueEdge)
    if settings.frontend_dist:
        _serve_frontend(app, Path(settings.frontend_dist))
    return app


def _serve_frontend(app: FastAPI, dist: Path) -> None:
    """Serves the built React app; unknown paths get index.html so client-side routes work."""
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")
    index = dist / "index.html"

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str) -> Response:
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and dist.resolve() in candidate.parents:
            return FileResponse(candidate)
        if path.startswith(("api/", "media/")):
            return JSONResponse(error_body("Not found."), status_code=404)
        return FileResponse(index)


app = create_app()
