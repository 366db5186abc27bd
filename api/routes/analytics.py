"""The analytics sink (spec doc 3 §2.1 the asset slides' tracked view names, §4.8 a transfer's success; doc 2 the
transfer, promo code, order entry and agreement view and signing): the app sends small batches of {kind, name, at};
each becomes a row with the caller and the server's time. Names come from the one list (domain/analytics.py), an enum
in the schema; nothing else is taken (no free text, no amounts). Rate-limited per account and address
(api/ratelimit.py `analytics`). The caller reads back their own latest records."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from fastapi import APIRouter, Request
from pydantic import AwareDatetime, BaseModel, Field
from sqlalchemy import insert, select
from sqlmodel import col

from api.deps import CurrentCaller, Db, State
from api.errors import ApiError, ErrorItem
from api.schemas import Body
from domain.analytics import MAX_BATCH, AnalyticsName, client_time_error, kind_error
from store.app_models import AnalyticsEvent

router = APIRouter(tags=["analytics"])
PATH = "/api/analytics/events/"
READ_LIMIT = 50
EMPTY = "Send at least one record."
TOO_MANY = f"Send at most {MAX_BATCH} records at a time."

Kind = Literal["view", "event"]


class AnalyticsRecord(Body):
    kind: Kind = Field(description="'view': a screen shown; 'event': something done")
    name: AnalyticsName
    at: AwareDatetime | None = Field(default=None,
                                     description="when it happened on the client (ISO 8601 with its offset), if known")


class AnalyticsBatch(Body):
    events: list[AnalyticsRecord]


class AnalyticsStored(BaseModel):
    stored: int


class AnalyticsRecordOut(BaseModel):
    kind: Kind
    name: AnalyticsName
    at: datetime | None
    created_at: datetime


class AnalyticsRecords(BaseModel):
    events: list[AnalyticsRecordOut] = Field(description=f"the caller's latest {READ_LIMIT}, the newest first")


@router.post(PATH, status_code=201, response_model=AnalyticsStored)
async def record(body: AnalyticsBatch, request: Request, caller: CurrentCaller, state: State, db: Db) -> AnalyticsStored:
    if not body.events:
        raise ApiError(422, EMPTY, field="events")
    if len(body.events) > MAX_BATCH:
        raise ApiError(422, TOO_MANY, field="events")
    wrong = [ErrorItem(message=m, field=f"events.{i}.{field}") for i, e in enumerate(body.events)
             for field, m in (("kind", kind_error(e.kind, e.name)), ("at", client_time_error(e.at))) if m]
    if wrong:
        raise ApiError(422, wrong[0].message, field=wrong[0].field, items=wrong)
    await state.limiter.hit("analytics", request, caller.id)
    await db.execute(insert(AnalyticsEvent), [
        {"user_id": caller.id, "kind": e.kind, "name": e.name.value, "client_at": e.at} for e in body.events])
    await db.commit()
    return AnalyticsStored(stored=len(body.events))


@router.get(PATH, response_model=AnalyticsRecords)
async def recorded(caller: CurrentCaller, db: Db) -> AnalyticsRecords:
    rows = (await db.execute(select(col(AnalyticsEvent.kind), col(AnalyticsEvent.name), col(AnalyticsEvent.client_at),
                                    col(AnalyticsEvent.created_at))
                             .where(col(AnalyticsEvent.user_id) == caller.id)
                             .order_by(col(AnalyticsEvent.id).desc()).limit(READ_LIMIT))).all()
    return AnalyticsRecords(events=[AnalyticsRecordOut(kind="view" if kind == "view" else "event",
                                                       name=AnalyticsName(name), at=at, created_at=created)
                                    for kind, name, at, created in rows])
