"""Which order wizard the start call opens (`POST /api/flows/place-order` with `{"asset_id", "side": "BID"|"ASK",
"order_id"?}`): the asset must exist, the side be one of the two, and an edited order be the caller's own (another
investor's order, or one that does not exist, is not found)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode

from api.errors import ApiError
from api.flows_registry import Start
from api.purchase_flow import asset_of
from store.models import User
from workflows import order_types as O

ORDER_NOT_FOUND = "Order not found."
CHOOSE_SIDE = "Choose BID or ASK."


async def edited_order(client: Client, user: User, order_id: str) -> O.OrderView:
    if len(order_id) != 36:
        raise ApiError(404, ORDER_NOT_FOUND)
    try:
        view: O.OrderView = await client.get_workflow_handle(O.workflow_id(order_id)).query(
            O.VIEW, result_type=O.OrderView)
    except RPCError as exc:
        if exc.status in (RPCStatusCode.NOT_FOUND, RPCStatusCode.INVALID_ARGUMENT):
            raise ApiError(404, ORDER_NOT_FOUND) from None
        raise
    if view.account_id != O.account_id_for(user.id):
        raise ApiError(404, ORDER_NOT_FOUND)
    return view


async def order_start(db: AsyncSession, client: Client, user: User, body: dict[str, Any]) -> Start:
    asset = await asset_of(db, body.get("asset_id"))
    side = str(body.get("side") or "").upper()
    order_id = str(body.get("order_id") or "").lower()
    if order_id:
        view = await edited_order(client, user, order_id)
        if view.asset_id != asset.id:
            raise ApiError(404, ORDER_NOT_FOUND)
        side = view.side
    if side not in ("BID", "ASK"):
        raise ApiError(400, CHOOSE_SIDE)
    return Start(asset.id, 0, asset.ticker, side=side, order_id=order_id)
