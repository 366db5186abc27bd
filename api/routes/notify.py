"""notify-me and notify-on-trading subscriptions (spec doc 1 §7)."""

from __future__ import annotations

from fastapi import APIRouter, Response
from sqlalchemy import delete
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col

from api.deps import CurrentUser, Db
from api.errors import ApiError
from api.params import Id
from api.schemas import AssetRef
from domain.asset_status import NOTIFY_ME_STATUSES, NOTIFY_ON_TRADING_STATUSES
from store.models import Asset, AssetSubscription

router = APIRouter(tags=["assets"])
KINDS = {
    "notify_me": ("notify_me", NOTIFY_ME_STATUSES, "You can ask to be notified only before an offering opens."),
    "notify-on-trading": ("notify_on_trading", NOTIFY_ON_TRADING_STATUSES,
                          "You can ask to be notified on trading only when trading is closed."),
}


async def _subscribe(path: str, body: AssetRef, user: CurrentUser, db: Db) -> Response:
    kind, statuses, refusal = KINDS[path]
    asset = await db.get(Asset, body.asset)
    if asset is None or asset.is_exited:
        raise ApiError(404, "Asset not found.", field="asset")
    if asset.asset_status not in statuses:
        raise ApiError(409, refusal, field="asset")
    await db.execute(insert(AssetSubscription).values(user_id=user.id, asset_id=asset.id, kind=kind)
                     .on_conflict_do_nothing(index_elements=["user_id", "asset_id", "kind"]))
    await db.commit()
    return Response(status_code=201, content=b'{"asset":%d}' % asset.id, media_type="application/json")


async def _unsubscribe(path: str, asset_id: int, user: CurrentUser, db: Db) -> Response:
    kind = KINDS[path][0]
    await db.execute(delete(AssetSubscription).where(col(AssetSubscription.user_id) == user.id,
                                                     col(AssetSubscription.asset_id) == asset_id,
                                                     col(AssetSubscription.kind) == kind))
    await db.commit()
    return Response(status_code=204)


@router.post("/api/assets/notify_me/", status_code=201, responses={201: {"model": AssetRef}})
async def notify_me(body: AssetRef, user: CurrentUser, db: Db) -> Response:
    return await _subscribe("notify_me", body, user, db)


@router.delete("/api/assets/notify_me/{asset_id}/", status_code=204)
async def notify_me_off(asset_id: Id, user: CurrentUser, db: Db) -> Response:
    return await _unsubscribe("notify_me", asset_id, user, db)


@router.post("/api/assets/notify-on-trading/", status_code=201, responses={201: {"model": AssetRef}})
async def notify_on_trading(body: AssetRef, user: CurrentUser, db: Db) -> Response:
    return await _subscribe("notify-on-trading", body, user, db)


@router.delete("/api/assets/notify-on-trading/{asset_id}/", status_code=204)
async def notify_on_trading_off(asset_id: Id, user: CurrentUser, db: Db) -> Response:
    return await _unsubscribe("notify-on-trading", asset_id, user, db)
