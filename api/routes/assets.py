"""Catalogue reads and the asset update schedule (spec doc 1 §4 "Asset update schedule", §7 "Assets")."""

from __future__ import annotations

import math
import time
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from api.calendar_view import calendar_of
from api.catalogue import modified_since
from api.catalogue_schemas import (
    AssetDetailOut,
    AssetsOut,
    HolidayOut,
    StatusChangesOut,
    TradingDatesOut,
    TradingWindowDayOut,
)
from api.deps import Mode, State, current_user
from api.errors import ApiError
from api.financial_schemas import UpdateScheduleOut
from api.home_schemas import HomeScreenOut
from api.home_screen import build_home
from api.middleware import CACHE_CONTROL, etag_for, etag_matches
from api.params import Id
from api.render import json_response, render
from api.users_view import access_of
from domain.access import SPECIAL, special_access_assets
from domain.categories import CATEGORIES, CATEGORY_KEYS
from domain.market_calendar import federal_holidays, upcoming_windows
from domain.search import matches, search_term
from store.models import CategoriesPublic, CategoryPublic

router = APIRouter(tags=["assets"])


class _Row:
    """Adapts a catalogue dict to the access rules' Listed protocol."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.id: int = data["id"]
        self.asset_status: str = data["asset_status"]
        self.order: int = data["order"]


async def visible_assets(request: Request, state: State, mode: str) -> list[dict[str, Any]]:
    """The catalogue as this caller may see it: everything in default mode, their access in special mode."""
    items = (await state.catalogue.snapshot()).items
    if mode != SPECIAL:
        return items
    async with state.sessions() as db:
        user = await current_user(request, state, db)
        access = await access_of(db, user.id)
    rows = special_access_assets([_Row(a) for a in items], access, datetime.now(UTC))
    return [r.data for r in rows]


def schedule(state: State) -> dict[str, int]:
    interval = state.settings.asset_update_interval_seconds
    return {"next_update_timestamp": math.ceil(time.time() / interval) * interval, "update_seconds_interval": interval}


@router.get("/api/categories/", response_model=CategoriesPublic)
async def categories() -> CategoriesPublic:
    return CategoriesPublic(items=[CategoryPublic.model_validate(c) for c in CATEGORIES])


@router.get("/api/v2/assets/", responses={200: {"model": AssetsOut}, 304: {"description": "Not modified"}})
async def list_assets(request: Request, state: State, mode: Mode,
                      query: str | None = Query(default=None, max_length=100),
                      category: str | None = Query(default=None, max_length=32)) -> Response:
    if mode != SPECIAL and query is None and category is None:  # the hot path: one shared snapshot, no re-rendering
        snap = await state.catalogue.snapshot()
        headers = {"ETag": snap.etag, "Cache-Control": CACHE_CONTROL.decode()}
        if etag_matches(request.headers.get("if-none-match"), snap.etag):
            return Response(status_code=304, headers=headers)
        return Response(snap.body, media_type="application/json", headers=headers)
    items = await visible_assets(request, state, mode)
    if category is not None:
        if category not in CATEGORY_KEYS:
            raise ApiError(422, f"Unknown category: {category}.", field="category")
        items = [a for a in items if a["category"] == category]
    if query is not None:
        term = search_term(query)
        items = [] if term is None else [
            a for a in items if matches(term, name=a["display_name"], ticker=a["ticker"], status=a["asset_status"])]
    return json_response({"items": items})


@router.get("/api/v2/assets/{asset_id}/", responses={200: {"model": AssetDetailOut}})
async def get_asset(asset_id: Id, request: Request, state: State, mode: Mode) -> Response:
    """One asset with its page content (media, documents, detail categories, timeline, value history, quote, PDF,
    Snap link, investor count): the list leaves those out."""
    for a in await visible_assets(request, state, mode):
        if a["id"] == asset_id:
            content = await state.catalogue.content(asset_id)
            if content is None:
                break
            return json_response({**a, **content})
    raise ApiError(404, "Asset not found.")


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
    if mode != SPECIAL:  # api/catalogue_edge.py answers it before routing; the same answer here
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
