"""Catalogue reads and the asset update schedule (spec doc 1 §4 "Asset update schedule", §7 "Assets")."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from api.catalogue.calendar import calendar_of
from api.catalogue.home import build_home
from api.catalogue.home_schemas import HomeScreenOut
from api.catalogue.reads import (
    MAX_CATEGORY,
    MAX_QUERY,
    AccessKey,
    access_key,
    detail_read,
    known_category,
    listing,
    prepared_read,
    visible,
)
from api.catalogue.schemas import (
    AssetDetailOut,
    AssetsOut,
    HolidayOut,
    StatusChangesOut,
    TradingDatesOut,
    TradingWindowDayOut,
)
from api.catalogue.snapshot import Prepared, modified_since
from api.deps import Mode, State, current_caller
from api.errors import ApiError
from api.financial_schemas import UpdateScheduleOut
from api.middleware import CACHE_CONTROL, etag_for, etag_matches
from api.params import Id
from api.render import json_response, render
from domain.access import SPECIAL
from domain.categories import CATEGORIES
from domain.trading.market_calendar import federal_holidays, upcoming_windows
from store.models import CategoriesPublic, CategoryPublic

router = APIRouter(tags=["assets"])


async def caller_access(request: Request, state: State, mode: str) -> AccessKey | None:
    """None in default mode; in special mode the caller's unexpired access (a signed-in caller's own)."""
    if mode != SPECIAL:
        return None
    caller = await current_caller(request, state)
    return access_key(await state.caller_access.groups(caller.id), datetime.now(UTC))


async def visible_assets(request: Request, state: State, mode: str) -> list[dict[str, Any]]:
    """The catalogue as this caller may see it: everything in default mode, their access in special mode."""
    key = await caller_access(request, state, mode)
    return visible((await state.catalogue.snapshot()).items, key)


async def screen_read(request: Request, state: State, mode: str, read: str, query: Hashable,
                      build: Callable[[list[dict[str, Any]]], Any | None]) -> Prepared | None:
    """A screen's read answered from the catalogue snapshot's prepared reads (api/catalogue/reads.py): `build` gets
    the assets this caller may see and runs once per catalogue change, access set and `query`; answer the result
    with `prepared_response` (its ETag, a 304 to a matching If-None-Match)."""
    return prepared_read(await state.catalogue.snapshot(), await caller_access(request, state, mode), read, query,
                         build)


def prepared_response(request: Request, prepared: Prepared) -> Response:
    headers = {"ETag": prepared.etag, "Cache-Control": CACHE_CONTROL.decode()}
    if etag_matches(request.headers.get("if-none-match"), prepared.etag):
        return Response(status_code=304, headers=headers)
    return Response(prepared.body, media_type="application/json", headers=headers)


def schedule(state: State) -> dict[str, int]:
    interval = state.settings.asset_update_interval_seconds
    return {"next_update_timestamp": math.ceil(time.time() / interval) * interval, "update_seconds_interval": interval}


@router.get("/api/categories/", response_model=CategoriesPublic)
async def categories() -> CategoriesPublic:
    return CategoriesPublic(items=[CategoryPublic.model_validate(c) for c in CATEGORIES])


@router.get("/api/v2/assets/", responses={200: {"model": AssetsOut}, 304: {"description": "Not modified"}})
async def list_assets(request: Request, state: State, mode: Mode,
                      query: str | None = Query(default=None, max_length=MAX_QUERY),
                      category: str | None = Query(default=None, max_length=MAX_CATEGORY)) -> Response:
    if mode != SPECIAL and query is None and category is None:  # the hot path: one shared snapshot, no re-rendering
        snap = await state.catalogue.snapshot()
        return prepared_response(request, Prepared(snap.body, snap.etag))
    if not known_category(category):
        raise ApiError(422, f"Unknown category: {category}.", field="category")
    prepared = await screen_read(request, state, mode, "list", (category, query), listing(category, query))
    assert prepared is not None
    return prepared_response(request, prepared)


@router.get("/api/v2/assets/{asset_id}/", responses={200: {"model": AssetDetailOut}, 304: {"description": "Not modified"}})
async def get_asset(asset_id: Id, request: Request, state: State, mode: Mode) -> Response:
    """One asset with its page content (media, documents, detail categories, timeline, value history, quote, PDF,
    Snap link, investor count): the list leaves those out. ETag / 304 as the list; api/catalogue/edge.py answers it
    before routing, the same answer here."""
    access = await caller_access(request, state, mode)
    prepared = await detail_read(state.catalogue, await state.catalogue.snapshot(), access, asset_id)
    if prepared is None:
        raise ApiError(404, "Asset not found.")
    return prepared_response(request, prepared)


@router.get("/api/v2/asset/status/update-schedule/", response_model=UpdateScheduleOut)
async def update_schedule(state: State) -> dict[str, int]:
    return schedule(state)


@router.get("/api/v2/asset/status/", responses={200: {"model": StatusChangesOut}})
async def status_changes(request: Request, state: State, mode: Mode,
                         modified_gte: float = Query(ge=0, le=1e11)) -> Response:
    since = datetime.fromtimestamp(modified_gte, UTC)
    items = modified_since(await visible_assets(request, state, mode), since)
    return json_response({"items": items, **schedule(state)})


@router.get("/api/client-screens/home", responses={200: {"model": HomeScreenOut}, 304: {"description": "Not modified"}})
async def home_screen(request: Request, state: State, mode: Mode) -> Response:
    """The home screen's sections, features and assets; ETag / 304 as the catalogue's list."""
    if mode != SPECIAL:  # api/catalogue/edge.py answers it before routing; the same answer here
        body, etag = await state.home.default_answer(state.catalogue, state.settings.ats_cards)
    else:
        sections = await state.home.sections()
        body = render(build_home(await visible_assets(request, state, mode), sections.data, state.settings.ats_cards))
        etag = etag_for(body)
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL.decode()}
    if etag_matches(request.headers.get("if-none-match"), etag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/api/assets/trading-dates/")
async def trading_dates(request: Request, state: State, mode: Mode) -> TradingDatesOut:
    """The market calendar's next sessions and holidays, and the investments calendar's buckets of the assets this
    caller may see (live trading, post-only, offerings coming soon and available)."""
    now = datetime.now(UTC)
    windows = upcoming_windows(now, 10)
    years = {now.year, now.year + 1}
    holidays = sorted((d, n) for y in years for d, n in federal_holidays(y).items() if d >= now.date())
    return TradingDatesOut(
        timezone="America/New_York",
        windows=[TradingWindowDayOut(date=w.day.isoformat(), opens=w.opens.isoformat(), closes=w.closes.isoformat())
                 for w in windows],
        holidays=[HolidayOut(date=d.isoformat(), name=n) for d, n in holidays],
        calendar=calendar_of(await visible_assets(request, state, mode), now),
    )
