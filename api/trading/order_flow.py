"""Which order wizard the start call opens (`POST /api/flows/place-order` with `{"asset_id", "side": "BID"|"ASK",
"order_id"?}`): the asset must exist, the side be one of the two, and an edited order be the caller's own (another
investor's order, or one that does not exist, is not found)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from api.errors import ApiError
from api.flows_registry import Start
from api.purchase.flow import asset_of
from api.trading.order_calls import ORDER_NOT_FOUND, current_view
from store.models import User

CHOOSE_SIDE = "Choose BID or ASK."


async def order_start(db: AsyncSession, client: Client, user: User, body: dict[str, Any]) -> Start:
    asset = await asset_of(db, body.get("asset_id"))
    side = str(body.get("side") or "").upper()
    order_id = str(body.get("order_id") or "").lower()
    if order_id:  # the caller's own order on this asset, else not found
        view = await current_view(client, db, user.id, order_id)
        if view.get("asset_id") != asset.id:
            raise ApiError(404, ORDER_NOT_FOUND)
        side = str(view.get("side"))
    if side not in ("BID", "ASK"):
        raise ApiError(422, CHOOSE_SIDE, field="side")
    return Start(asset.id, 0, asset.ticker, side=side, order_id=order_id)
