"""Device push registration ids per user (table `device_tokens`): registered once per login by the app in the
Android wrapper, deleted on logout; `tokens_of` is what a push channel reads to reach a user's devices."""

from __future__ import annotations

from sqlalchemy import delete, func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from store.app_models import DeviceToken


async def register(db: AsyncSession, user_id: int, registration_id: str) -> None:
    """The id belongs to `user_id` from now on: one row per id (the same id twice is one row; an id another user
    registered before moves to this one). The caller commits."""
    await db.execute(insert(DeviceToken).values(user_id=user_id, registration_id=registration_id)
                     .on_conflict_do_update(index_elements=["registration_id"],
                                            set_={"user_id": user_id, "updated_at": func.now()}))


async def unregister(db: AsyncSession, user_id: int, registration_id: str) -> int:
    """Deletes the id if it is `user_id`'s (somebody else's stays); how many rows went. The caller commits."""
    gone = await db.execute(delete(DeviceToken).where(col(DeviceToken.user_id) == user_id,
                                                      col(DeviceToken.registration_id) == registration_id)
                            .returning(col(DeviceToken.id)))
    return len(gone.all())


async def tokens_of(db: AsyncSession, user_id: int) -> list[str]:
    """A user's registration ids, the most recently registered first (what a push channel sends to)."""
    rows = await db.scalars(select(col(DeviceToken.registration_id)).where(col(DeviceToken.user_id) == user_id)
                            .order_by(col(DeviceToken.updated_at).desc(), col(DeviceToken.id).desc()))
    return list(rows.all())
