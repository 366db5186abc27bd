"""Trading calls outside the accounts service (spec doc 3 §7): the match confirmation (an Update of the order's
workflow, accepted only while its window is in CONFIRMATION and a match waits) and a trading window's read."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

from fastapi import APIRouter, Path
from pydantic import BaseModel

from api.deps import CurrentCaller, CurrentUser, Db, State
from api.errors import ApiError
from api.trading import order_calls as C
from api.trading.order_checks import ATS_DOWN, ats
from api.trading.order_schemas import OrderData, order_out
from clients.ats import AtsUnavailable
from clients.http import ProviderRejected
from workflows.trading import order_types as O

router = APIRouter(tags=["trading"])
OrderId = Annotated[str, Path(max_length=64)]
WindowId = Annotated[str, Path(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]
WINDOW_NOT_FOUND = "Trading window not found."


class WindowOut(BaseModel):
    """The spec's trading window (id, status, closing_price, matched_asks, matched_bids, closing_time) and its
    times."""

    id: str
    instrument_id: str
    status: str
    closing_price: str | None = None
    matched_bids: int = 0
    matched_asks: int = 0
    closing_time: str | None = None
    opens_at: str | None = None
    closes_at: str | None = None
    confirmation_ends_at: str | None = None
    schedule: str | None = None


@router.post("/api/trading/orders/{order_id}/confirm/", response_model=OrderData)
async def confirm_order(order_id: OrderId, user: CurrentUser, state: State, db: Db) -> OrderData:
    """The investor confirms the match waiting on this order (the workflow confirms at the ATS); outside the
    window's CONFIRMATION, or with no match waiting, 409 with the workflow's message."""
    client = await state.temporal()
    await C.owned(client, db, user.id, order_id)
    view = await C.update(client, order_id, O.CONFIRM, None, O.OrderView, wait=C.wait_seconds(state))
    return OrderData(data=order_out(asdict(view), await C.account_of(db, user.id)))


@router.get("/api/trading/windows/{window_id}/", response_model=WindowOut)
async def trading_window(window_id: WindowId, _: CurrentCaller, state: State) -> WindowOut:
    try:
        body = await ats(state).window(window_id)
    except ProviderRejected:
        raise ApiError(404, WINDOW_NOT_FOUND) from None
    except AtsUnavailable:
        raise ApiError(503, ATS_DOWN, headers={"Retry-After": "2"}) from None
    return WindowOut.model_validate(body.get("data") or body)
