"""Notice activities ("Notify me"), each idempotent on the notice's business key (domain/notices.notice_key):

- `claim`: when the asset's status (as the catalogue shows it: the row's, or the ATS market's for a traded asset)
  says the event has happened, a page of its subscriptions becomes notices — deleted and written in one transaction,
  so a retry finds them claimed and writes nothing twice — and each owner's shell is told (SSE `notice`);
- `unmailed`: the notices of the event whose mail is not sent yet (also those of an earlier, failed run);
- `mail`: one notice's mail, under the notice's key as the provider's Idempotency-Key (a retry after the provider
  took it — a worker killed before `mailed_at` was written — sends nothing more), then `mailed_at`."""

from __future__ import annotations

from redis.asyncio import Redis
from redis.exceptions import RedisError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import notices as interface
from activities.interfaces.notices import NOT_FOUND, UNKNOWN_EVENT, Claim, Claimed, Unmailed
from clients.mail import MailClient
from domain import notices as N
from store import notices as store
from store.live import publish_notice
from store.models import Asset, Category, Notice, User
from store.trading import market_state


def _event(event: str) -> str:
    try:
        N.kind_of(event)
    except N.UnknownEvent as exc:
        raise ApplicationError(str(exc), type=UNKNOWN_EVENT, non_retryable=True) from None
    return event


def asset_path(asset: Asset, category: Category | None) -> str:
    """The asset's page in the app (frontend/src/domain/categories.assetPath)."""
    return f"/app/assets/{category.pathname if category else asset.category}/{asset.ticker.replace('#', '')}"


class NoticeActivities(interface.NoticeActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], redis: Redis, mail: MailClient, app_url: str) -> None:
        self._sessions, self._redis, self._mail, self._app_url = sessions, redis, mail, app_url.rstrip("/")

    async def _status(self, asset: Asset) -> str:
        market = None
        if asset.asset_status in market_state.TRADED_STATUSES:
            market = (await market_state.load(self._redis)).get(asset.ticker)
        return market_state.current_status(asset.asset_status, market)

    @activity.defn(name="notices.claim")
    async def claim(self, c: Claim) -> Claimed:
        event = _event(c.event)
        async with self._sessions() as db:
            asset = await db.get(Asset, c.asset_id)
            if asset is None:
                raise ApplicationError(f"asset {c.asset_id} not found", type=NOT_FOUND, non_retryable=True)
            if not N.reached(event, await self._status(asset)):
                return Claimed(due=False)
            path = asset_path(asset, await db.get(Category, asset.category))
            claimed, written = await store.claim(db, asset, event, path, max(1, c.limit))
            await db.commit()
        for n in written:  # the list is the truth (the shell reads it on open and every minute): a lost push is late
            try:
                await publish_notice(self._redis, n.user_id, store.notice_json(n))
            except RedisError as exc:
                activity.logger.warning("notice %s not pushed to its owner's stream: %s", n.id, exc)
        return Claimed(due=True, count=claimed)

    @activity.defn(name="notices.unmailed")
    async def unmailed(self, u: Unmailed) -> list[int]:
        async with self._sessions() as db:
            return await store.unmailed(db, u.asset_id, _event(u.event), u.after, max(1, u.limit))

    @activity.defn(name="notices.mail")
    async def mail(self, notice_id: int) -> bool:
        """True when this call mailed the notice; False when it was mailed before (or is gone with its owner)."""
        async with self._sessions() as db:
            notice = await db.get(Notice, notice_id)
            if notice is None or notice.mailed_at is not None:
                return False
            user = await db.get(User, notice.user_id)
            if user is None:
                return False
            await self._mail.send(to=user.email, subject=notice.title,
                                  text=N.mail_text(notice.body, f"{self._app_url}{notice.path}"),
                                  idempotency_key=notice.idempotency_key)
            await store.mark_mailed(db, notice_id)
            await db.commit()
        return True
