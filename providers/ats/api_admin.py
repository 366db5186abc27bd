"""Sandbox administration of the ATS (``X-Provider-Key``, like the other providers' server-to-server calls):
instruments, the clock, chaos, and the webhooks it sent (list, redeliver).
"""

from __future__ import annotations

import hmac
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from pydantic import BaseModel, Field

from providers.ats import errors, group_commit, instruments, market, outbox, ticker
from providers.ats.chaos import ChaosConfig
from providers.ats.errors import AtsError, AtsRoute
from providers.ats.oauth import AtsDep
from providers.common import PROVIDER_KEY_HEADER, SettingsDep


async def admin(settings: SettingsDep, key: Annotated[str | None, Header(alias=PROVIDER_KEY_HEADER)] = None) -> None:
    if not key or not hmac.compare_digest(key.encode(), settings.api_key.encode()):
        raise AtsError(401, errors.FORBIDDEN, "A valid X-Provider-Key is required")


router = APIRouter(prefix="/sandbox/ats", tags=["ATS sandbox admin"], route_class=AtsRoute, dependencies=[Depends(admin)])


@router.post("/instruments")
async def upsert_instrument(ats: AtsDep, body: instruments.InstrumentIn) -> dict[str, Any]:
    """Register or update an instrument (idempotent), with optional daily closes for its price history."""
    await instruments.upsert(ats, body)
    return {"data": await market.instrument_view(ats, body.id, ats.now())}


class ClockIn(BaseModel):
    advanceSeconds: float = Field(0.0, ge=0, le=10 * 365 * 86400)


def _clock(ats: Any) -> dict[str, Any]:
    return {"now": datetime.fromtimestamp(ats.now(), UTC).isoformat(), "offsetSeconds": ats.offset,
            "schedule": ats.schedule.name, "groupCommit": group_commit.stats(ats)}


@router.get("/clock")
async def read_clock(ats: AtsDep) -> dict[str, Any]:
    return {"data": _clock(ats)}


@router.post("/clock")
async def advance_clock(ats: AtsDep, request: Request, body: ClockIn) -> dict[str, Any]:
    """Move the ATS clock forward, then apply what is due (window transitions, webhooks): tests never sleep."""
    ats.offset += body.advanceSeconds
    async with ticker.webhook_http(request.app, ats) as http:
        delivered = await ticker.tick(ats, http)
    return {"data": {**_clock(ats), "webhooksSent": delivered}}


@router.get("/chaos")
async def read_chaos(ats: AtsDep) -> dict[str, Any]:
    return {"data": {**ats.chaos.config.model_dump(), "injected": ats.chaos.injected}}


@router.post("/chaos")
async def set_chaos(ats: AtsDep, body: ChaosConfig) -> dict[str, Any]:
    """Replace the chaos settings (and reseed): ``{}`` switches chaos off."""
    ats.chaos.set(body)
    if body.token_lifetime_fraction < 1:  # revoke early: live tokens die now rather than at their expires_in
        ats.tokens.clear()
        async with ats.pool.acquire() as conn:
            await conn.execute("UPDATE tokens SET expires_at = least(expires_at, created + (expires_at - created) * $1)",
                               body.token_lifetime_fraction)
    return {"data": {**ats.chaos.config.model_dump(), "injected": ats.chaos.injected}}


@router.get("/webhooks")
async def list_webhooks(ats: AtsDep, topic: Annotated[str | None, Query(max_length=64)] = None,
                        resourceId: Annotated[str | None, Query(max_length=128)] = None,
                        limit: Annotated[int, Query(ge=1, le=2000)] = 200) -> dict[str, Any]:
    return {"data": await outbox.events(ats, topic=topic, resource_id=resourceId, limit=limit)}


@router.post("/webhooks/{event_id}/redeliver")
async def redeliver(ats: AtsDep, request: Request, event_id: Annotated[str, Path(max_length=64)]) -> dict[str, Any]:
    """Send a stored event again now: the same id, the same bytes, the same signature."""
    async with ticker.webhook_http(request.app, ats) as http:
        result = await outbox.redeliver(ats, event_id, http)
    if result is None:
        raise AtsError(404, errors.WEBHOOK_NOT_FOUND, "Unknown webhook event")
    return {"data": result}
