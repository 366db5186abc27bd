"""The hot upserts (store/upsert.py): statements SQLAlchemy caches (its PostgreSQL `insert()` is compiled anew on every
call), and what they write: an order's view only moves forward and keeps the row's times it was not given; a
ledger entry and a webhook are recorded once per key."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col

from api.routes.webhooks import _APPLIED
from config import Settings
from store import ledger
from store.db import make_engine, make_sessionmaker
from store.models import Asset, LedgerPosting, User
from store.trading.models import TradingOrder
from store.trading.orders import _save, get_view, save_view
from workflows.trading.order_types import OrderView


@pytest.fixture
async def sessions(settings: Settings, seeded: None) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = make_engine(settings.database_url)
    yield make_sessionmaker(engine)
    await engine.dispose()


def test_the_upserts_are_cached_statements() -> None:
    shapes = [("order_id", "user_id", "version", "view"), ("order_id", "user_id", "version", "view", "created"),
              ("order_id", "user_id", "version", "view", "created", "modified")]
    for stmt in (ledger._ENTRY, _APPLIED, *(_save(s) for s in shapes)):
        assert stmt._generate_cache_key() is not None, stmt.text
    assert _save(shapes[0]) is _save(shapes[0])  # built once per shape


async def _someone(db: AsyncSession) -> tuple[int, Asset]:
    user_id = await db.scalar(select(col(User.id)).limit(1))
    asset = await db.scalar(select(Asset).limit(1))
    assert user_id is not None and asset is not None
    return user_id, asset


def _view(asset: Asset, version: int, status: str, created: str, modified: str) -> OrderView:
    return OrderView(id=str(uuid.uuid4()), status=status, side="BID", order_type="LIMIT", term="GOOD_TIL_CANCELED",
                     ticker=asset.ticker, asset_id=asset.id, financial_instrument_id=asset.ticker.lstrip("#"),
                     account_id="acct-x", units_requested=2, units_filled=0, unit_price="5.00", pricing_order="10.00",
                     pricing_debited="0.00", pricing_credited="0.00", created=created, modified=modified,
                     version=version)


async def test_a_view_only_moves_forward_and_keeps_the_times_it_was_not_given(
        sessions: async_sessionmaker[AsyncSession]) -> None:
    async with sessions() as db:
        user_id, asset = await _someone(db)
        first = _view(asset, 1, "SUBMITTED", "2026-11-20T10:00:00+00:00", "2026-11-20T10:00:01+00:00")
        assert await save_view(db, first, user_id)
        assert not await save_view(db, replace(first, version=0, status="QUEUED"), user_id)  # older: refused
        assert not await save_view(db, replace(first, status="QUEUED"), user_id)  # the same version: refused
        assert (await get_view(db, user_id, first.id)) == first
        later = replace(first, version=2, status="FILLED", units_filled=2, modified="")
        assert await save_view(db, later, user_id)
        assert (await get_view(db, user_id, first.id)) == later
        row = await db.get(TradingOrder, first.id)
        assert row is not None and row.status == "FILLED" and row.version == 2 and row.units_filled == 2
        assert row.unit_price == Decimal("5.00")
        assert row.created == datetime(2026, 11, 20, 10, 0, tzinfo=UTC)
        assert row.modified == datetime(2026, 11, 20, 10, 0, 1, tzinfo=UTC)  # not given: the row's kept


async def test_a_ledger_entry_and_a_webhook_are_recorded_once_per_key(
        sessions: async_sessionmaker[AsyncSession]) -> None:
    key, a, b = f"test-upsert:{uuid.uuid4()}", f"test:{uuid.uuid4()}:a", f"test:{uuid.uuid4()}:b"
    event = str(uuid.uuid4())
    async with sessions() as db:
        assert await ledger.post(db, key, "test", [(a, Decimal("-3.00")), (b, Decimal("3.00"))], memo="once")
        assert not await ledger.post(db, key, "test", [(a, Decimal("-3.00")), (b, Decimal("3.00"))], memo="once")
        for _ in range(2):
            await db.execute(_APPLIED, {"event_id": event, "topic": "test.upsert"})
        await db.commit()
        assert await ledger.balance(db, b) == Decimal("3.00")
        postings = await db.scalar(select(func.count()).select_from(LedgerPosting)
                                   .where(col(LedgerPosting.account).in_([a, b])))
        assert postings == 2
        events = await db.scalar(text("SELECT count(*) FROM webhook_events WHERE event_id = :e"), {"e": event})
        assert events == 1
