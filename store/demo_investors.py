"""Demo investors of the secondary market (`make dev`, issue 11): cash and share lots of every traded demo asset,
bought long enough ago to sell at once (older than the 5-business-day holding period). Posted through the ledger as
balanced entries with fixed business keys, so re-running the seed adds nothing: the cash as a settled deposit
(`ach:settled` → the investor's cash), the lots from the issuer (`asset:issuer`), like an offering purchase. The
entries are dated the lots' day (not the seed's; last month's last day at the latest), so the demo investors have a
history before this month: last month's statement (workflows/statements.py) shows their cash and lots."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import ledger as L
from domain.asset_status import POST_ONLY, TRADING
from store.demo_assets import DEMO_ASSETS
from store.ledger import lock_user, post
from store.models import Asset, LedgerEntry, User

DEMO_CASH = Decimal("25000.00")
LOT_AGE_DAYS = 30  # well past 5 business days, holidays included
# investor → units of each traded demo asset they hold
DEMO_INVESTORS: dict[str, int] = {"demo@vitrine.test": 40, "trader1@vitrine.test": 60, "trader2@vitrine.test": 25}
TRADED_TICKERS = tuple(d.ticker for d in DEMO_ASSETS if d.status in (TRADING, POST_ONLY) and not d.exited)


def lot_date(today: date | None = None) -> date:
    return (today or datetime.now(UTC).date()) - timedelta(days=LOT_AGE_DAYS)


async def seed_holdings(db: AsyncSession, today: date | None = None) -> int:
    """Posts each demo investor's cash and lots once (entries posted now: 0 on a re-run); commits."""
    assets = dict((await db.execute(select(col(Asset.ticker), col(Asset.id)).where(
        col(Asset.ticker).in_(TRADED_TICKERS)))).tuples().all())
    bought_on = lot_date(today)
    # the entries' moment: the lots' day, and before this month in any case (so last month's statement holds them)
    this_month = (today or datetime.now(UTC).date()).replace(day=1)
    dated = datetime.combine(min(bought_on, this_month - timedelta(days=1)), time(15, 0), tzinfo=UTC)
    posted = 0
    for email, units in DEMO_INVESTORS.items():
        uid = await db.scalar(select(col(User.id)).where(col(User.email) == email))
        if uid is None:
            continue
        await lock_user(db, uid)
        keys = [f"demo-cash:{uid}"]
        posted += await post(db, keys[0], "demo-funding", [(L.cash(uid), DEMO_CASH),
                                                           (L.ACH_SETTLED, -DEMO_CASH)], memo="demo cash")
        for ticker in TRADED_TICKERS:
            if ticker in assets:
                keys.append(f"demo-shares:{uid}:{assets[ticker]}")
                posted += await post(db, keys[-1], "demo-shares", [], memo=f"demo lot {units} x {ticker}",
                                     shares=L.offering_shares(uid, assets[ticker], units, bought_on))
        await db.execute(update(LedgerEntry).where(col(LedgerEntry.idempotency_key).in_(keys),
                                                   col(LedgerEntry.created_at) > dated).values(created_at=dated))
        await db.commit()
    return posted
