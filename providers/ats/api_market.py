"""Market data and executions over HTTP (Bearer token): instruments, order book, pricing, windows, executions.

Every read first brings the instrument's windows up to now, so an answer never shows a phase that has ended.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field

from providers.ats import errors, executions, market, service, windows
from providers.ats.errors import AtsError, AtsRoute
from providers.ats.oauth import AtsDep, Caller
from providers.ats.runtime import Ats
from providers.ats.views import execution_view, window_view

router = APIRouter(prefix="/sandbox/ats", tags=["ATS sandbox"], route_class=AtsRoute)
InstrumentId = Annotated[str, Path(min_length=1, max_length=64)]
Id = Annotated[str, Path(min_length=1, max_length=128)]


async def _synced(ats: Ats, instrument_id: str) -> float:
    service.instrument(ats, instrument_id)
    async with ats.locks[instrument_id]:
        now = ats.now()
        await windows.sync(ats, instrument_id, now)
    return now


@router.get("/instruments")
async def list_instruments(ats: AtsDep, _: Caller) -> dict[str, Any]:
    out = []
    for instrument_id in sorted(ats.instruments):
        now = await _synced(ats, instrument_id)
        out.append(await market.instrument_view(ats, instrument_id, now))
    return {"data": out}


@router.get("/instruments/{instrument_id}")
async def read_instrument(ats: AtsDep, _: Caller, instrument_id: InstrumentId) -> dict[str, Any]:
    now = await _synced(ats, instrument_id)
    return {"data": await market.instrument_view(ats, instrument_id, now)}


@router.get("/instruments/{instrument_id}/order-book")
async def order_book(ats: AtsDep, _: Caller, instrument_id: InstrumentId,
                     levels: Annotated[int, Query(ge=1, le=100)] = 10) -> dict[str, Any]:
    await _synced(ats, instrument_id)
    return {"data": market.order_book(ats, instrument_id, levels)}


@router.get("/instruments/{instrument_id}/pricing")
async def pricing(ats: AtsDep, _: Caller, instrument_id: InstrumentId) -> dict[str, Any]:
    await _synced(ats, instrument_id)
    return {"data": await market.pricing(ats, instrument_id)}


@router.get("/instruments/{instrument_id}/pricing/history")
async def pricing_history(ats: AtsDep, _: Caller, instrument_id: InstrumentId) -> dict[str, Any]:
    await _synced(ats, instrument_id)
    return {"data": await market.history(ats, instrument_id)}


@router.get("/instruments/{instrument_id}/windows")
async def instrument_windows(ats: AtsDep, _: Caller, instrument_id: InstrumentId,
                             limit: Annotated[int, Query(ge=1, le=500)] = 50) -> dict[str, Any]:
    await _synced(ats, instrument_id)
    return {"data": await market.windows_of(ats, instrument_id, limit)}


@router.get("/windows/{window_id}")
async def read_window(ats: AtsDep, _: Caller, window_id: Id) -> dict[str, Any]:
    """A window of this ATS's schedule; one made under another schedule (an earlier run's, in the same database) is
    never traded nor reported (runtime.load, market.windows_of): not found, as an unknown id."""
    query = "SELECT * FROM windows WHERE id = $1 AND schedule = $2"
    async with ats.pool.acquire() as conn:
        row = await conn.fetchrow(query, window_id, ats.schedule.name)
    if row is None:
        raise AtsError(404, errors.WINDOW_NOT_FOUND, "Unknown trading window")
    await _synced(ats, row["instrument_id"])
    async with ats.pool.acquire() as conn:
        row = await conn.fetchrow(query, window_id, ats.schedule.name)
    return {"data": window_view(row)}


@router.get("/executions")
async def list_executions(ats: AtsDep, client: Caller,
                          windowId: Annotated[str | None, Query(max_length=128)] = None,
                          accountId: Annotated[str | None, Query(max_length=128)] = None,
                          instrumentId: Annotated[str | None, Query(max_length=64)] = None,
                          status: Annotated[str | None, Query(max_length=32)] = None,
                          limit: Annotated[int, Query(ge=1, le=1000)] = 500) -> dict[str, Any]:
    for instrument_id in [instrumentId] if instrumentId in ats.instruments else []:
        await _synced(ats, instrument_id)
    rows = await executions.listing(ats, client, window_id=windowId, account_id=accountId,
                                    instrument_id=instrumentId, status=status, limit=limit)
    return {"data": [execution_view(r, client) for r in rows]}


@router.get("/executions/{execution_id}")
async def read_execution(ats: AtsDep, client: Caller, execution_id: Id) -> dict[str, Any]:
    row = await executions.get(ats, client, execution_id)
    await _synced(ats, row["instrument_id"])
    return {"data": execution_view(await executions.get(ats, client, execution_id), client)}


class ConfirmRequest(BaseModel):
    accountId: str = Field(min_length=1, max_length=128)


class VoidRequest(BaseModel):
    reason: str = Field("Voided by operations", min_length=1, max_length=500)


@router.post("/executions/{execution_id}/confirm")
async def confirm_execution(ats: AtsDep, client: Caller, execution_id: Id, body: ConfirmRequest) -> dict[str, Any]:
    """The side of ``accountId`` confirms (during CONFIRMATION); settles once both sides did. Idempotent."""
    return {"data": execution_view(await executions.confirm(ats, client, execution_id, body.accountId), client)}


@router.post("/executions/{execution_id}/void")
async def void_execution(ats: AtsDep, client: Caller, execution_id: Id, body: VoidRequest) -> dict[str, Any]:
    """Void a pending execution (it never settles). Idempotent; a settled execution answers 409."""
    return {"data": execution_view(await executions.void(ats, client, execution_id, body.reason), client)}
