"""The answered "Notify me" subscriptions (table `notices`): claiming an asset's due subscriptions — each one becomes
one notice and is gone, in one transaction —, the notices still to mail, and the owner's list. A subscription taken
back (DELETE /api/assets/notify_me/{id}/) before its claim gets no notice; one claimed is answered."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, exists, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import notices as N
from store.models import Asset, AssetSubscription, Notice, NoticePublic, NoticesPublic
from store.trading.market_state import TRADED_STATUSES

LIST_LIMIT = 50  # the newest notices the shell's list shows


async def claim(db: AsyncSession, asset: Asset, event: str, path: str, limit: int) -> tuple[int, list[Notice]]:
    """Up to `limit` of the asset's subscriptions for `event` become notices (the subscriptions are deleted in the
    same statement as they are read, so each is claimed once, and one deleted meanwhile by its owner is not);
    answers how many were claimed and the notices written now. The caller commits."""
    kind = N.kind_of(event)
    first = (select(col(AssetSubscription.id)).where(col(AssetSubscription.asset_id) == asset.id,
                                                    col(AssetSubscription.kind) == kind)
             .order_by(col(AssetSubscription.id)).limit(limit))
    taken = (await db.execute(delete(AssetSubscription).where(col(AssetSubscription.id).in_(first.scalar_subquery()))
                              .returning(col(AssetSubscription.id), col(AssetSubscription.user_id)))).all()
    if not taken:
        return 0, []
    w = N.words(event, asset.ticker, asset.display_name)
    rows = [{"user_id": user_id, "asset_id": asset.id, "event": event, "title": w.title, "body": w.body, "path": path,
             "idempotency_key": N.notice_key(asset.id, event, user_id, sub_id)} for sub_id, user_id in taken]
    written = await db.scalars(insert(Notice).values(rows).on_conflict_do_nothing(index_elements=["idempotency_key"])
                               .returning(Notice))
    return len(taken), list(written.all())


async def unmailed(db: AsyncSession, asset_id: int, event: str, after: int, limit: int) -> list[int]:
    """The ids (ascending, above `after`) of the asset's notices for `event` whose mail is not sent yet."""
    rows = await db.scalars(select(col(Notice.id)).where(
        col(Notice.asset_id) == asset_id, col(Notice.event) == event, col(Notice.mailed_at).is_(None),
        col(Notice.id) > after).order_by(col(Notice.id)).limit(limit))
    return list(rows.all())


async def mark_mailed(db: AsyncSession, notice_id: int) -> None:
    await db.execute(update(Notice).where(col(Notice.id) == notice_id, col(Notice.mailed_at).is_(None))
                     .values(mailed_at=func.now()))


async def of_user(db: AsyncSession, user_id: int, limit: int = LIST_LIMIT) -> NoticesPublic:
    """The person's newest notices first, and how many they have not read."""
    items = await db.scalars(select(Notice).where(col(Notice.user_id) == user_id)
                             .order_by(col(Notice.id).desc()).limit(limit))
    unread = await db.scalar(select(func.count()).select_from(Notice).where(
        col(Notice.user_id) == user_id, col(Notice.read_at).is_(None)))
    return NoticesPublic(items=[public(n) for n in items.all()], unread=unread or 0)


async def mark_read(db: AsyncSession, user_id: int, up_to: int) -> None:
    """The person's notices up to `up_to` (those the list showed them) are read; a newer one stays unread."""
    await db.execute(update(Notice).where(col(Notice.user_id) == user_id, col(Notice.id) <= up_to,
                                          col(Notice.read_at).is_(None)).values(read_at=func.now()))
    await db.commit()


async def waiting_assets(db: AsyncSession) -> list[tuple[int, str, str, str]]:
    """(asset id, ticker, status, event) of the assets with subscriptions still waiting for their event, among those
    in a status the event may have happened in: one that says so, or a traded one (the ATS market's says: the
    caller reads it). An index probe per asset (asset_subscriptions (asset_id, kind)), never a scan of them all."""
    out: list[tuple[int, str, str, str]] = []
    for event, kind in N.KIND.items():
        waiting = exists().where(col(AssetSubscription.asset_id) == col(Asset.id), col(AssetSubscription.kind) == kind)
        rows = await db.execute(select(col(Asset.id), col(Asset.ticker), col(Asset.asset_status)).where(
            col(Asset.asset_status).in_(N.REACHED[event] | TRADED_STATUSES), waiting).order_by(col(Asset.id)))
        out += [(asset_id, ticker, status, event) for asset_id, ticker, status in rows.all()]
    return out


def public(n: Notice) -> NoticePublic:
    return NoticePublic.model_validate(n, from_attributes=True)


def notice_json(n: Notice) -> dict[str, Any]:
    """A notice as the shell's event stream carries it (SSE `notice`): the list's item."""
    return public(n).model_dump(mode="json")
