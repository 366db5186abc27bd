"""The trading ledger's tests run on the real PostgreSQL test database (built by the migrations): investors and
assets are made straight in the tables, cash and aged share lots by ledger entries."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col

from domain import ledger as L
from store.db import make_engine, make_sessionmaker
from store.ledger import post
from store.models import Asset, Category, LedgerPosting
from store.trading.models import SharePosting
from store.users import create_user

Sessions = async_sessionmaker[AsyncSession]
LONG_AGO = date(2026, 10, 1)


@pytest.fixture(scope="session")
async def sessions(database: str) -> AsyncIterator[Sessions]:
    engine = make_engine(database)
    yield make_sessionmaker(engine)
    await engine.dispose()


async def investor(sessions: Sessions, cash: str = "0", shares: dict[int, list[tuple[int, date]]] | None = None) -> int:
    """A user with `cash` and, per asset id, share lots (units, acquired on); made as a sign-up makes one, with their
    customer and financial account (the account of the order calls)."""
    async with sessions() as db:
        user, _ = await create_user(db, email=f"trader-{uuid.uuid4().hex[:10]}@example.com", password_hash="x")
        uid = user.id
        if Decimal(cash):
            await post(db, f"test-cash-{uid}", "test-funding", [(L.cash(uid), Decimal(cash)), (L.ACH_SETTLED, -Decimal(cash))])
        for asset_id, lots in (shares or {}).items():
            for n, (units, day) in enumerate(lots):
                await post(db, f"test-shares-{uid}-{asset_id}-{n}", "test-shares", [],
                           shares=L.offering_shares(uid, asset_id, units, day))
        await db.commit()
        return uid


async def asset(sessions: Sessions, shares: int = 1000) -> int:
    async with sessions() as db:
        await db.execute(insert(Category).values(key="trading-test", pathname="trading-test", title="Trading test",
                                                 color="#000000").on_conflict_do_nothing())
        ticker = f"#X{uuid.uuid4().hex[:6].upper()}"
        row = Asset(ticker=ticker, display_name=ticker, short_name=ticker, category="trading-test", asset_status="Trading",
                    asset_value=Decimal("10000.00"), number_of_shares=shares, tertiary_color="#000000", merchandising={})
        db.add(row)
        await db.commit()
        return row.id


async def cash_sum(db: AsyncSession) -> Decimal:
    return Decimal(await db.scalar(select(func.coalesce(func.sum(LedgerPosting.amount), 0))) or 0)


async def share_sums(db: AsyncSession) -> dict[int, int]:
    rows = (await db.execute(select(col(SharePosting.asset_id), func.sum(col(SharePosting.units)))
                             .group_by(col(SharePosting.asset_id))))
    return {a: int(u) for a, u in rows.all()}


async def account_shares(db: AsyncSession, account: str, asset_id: int) -> int:
    return int(await db.scalar(select(func.coalesce(func.sum(col(SharePosting.units)), 0)).where(
        col(SharePosting.account) == account, col(SharePosting.asset_id) == asset_id)) or 0)


# the order workflow tests' market (tests/trading/order_harness.py): imported last, it uses the helpers above
from tests.trading.order_harness import ats_server, market  # noqa: E402, F401
