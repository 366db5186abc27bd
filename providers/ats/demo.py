"""The demo market: an instrument for every demo asset in Trading / Post Only / Trading closed, with 120 days of
price history and resting orders of the demo market maker (another broker's participant, client
``market-maker``) on each tradable one, so an investor can instant-buy in ``make dev``.

The ATS does not import Vitrine's store: the tickers, sizes and values below mirror store/demo_assets.py
(instrument id = the ticker without '#'; Vitrine finds an asset's instrument by its symbol). Seeding is
idempotent (the orders' idempotency keys are fixed), so every start runs it.
"""

from __future__ import annotations

import contextlib
import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from providers.ats import instruments, service
from providers.ats.engine import TICK
from providers.ats.errors import AtsError
from providers.ats.runtime import DISABLED, Ats

MAKER = "market-maker"
BIDS_ACCOUNT, ASKS_ACCOUNT = "mm-bids", "mm-asks"  # one account per side: no account holds both (cross trading)

# ticker, name, ATS status, asset value, shares (store/demo_assets.py: Trading -> TRADING, Post Only -> POST_ONLY,
# Trading closed -> DISABLED)
DEMO_INSTRUMENTS: tuple[tuple[str, str, str, str, int], ...] = (
    ("#88F40", "1988 Ferrari F40", "TRADING", "1800000.00", 90000),
    ("#94DEF", "1994 Land Rover Defender 110", "POST_ONLY", "90000.00", 9000),
    ("#BABERUTH", "1927 Babe Ruth Game-Worn Cap", "TRADING", "300000.00", 30000),
    ("#JORDAN85", "1985 Michael Jordan Rookie Sneakers", "DISABLED", "150000.00", 15000),
    ("#SPIDEY", "Amazing Fantasy #15", "TRADING", "400000.00", 40000),
    ("#GATSBY", "The Great Gatsby, First Edition", "POST_ONLY", "200000.00", 20000),
    ("#HERMES", "Hermès Birkin 35 Himalaya", "TRADING", "350000.00", 35000),
    ("#DRC90", "Romanée-Conti 1990", "DISABLED", "240000.00", 24000),
    ("#YAMAZAKI", "Yamazaki 55 Year Old", "TRADING", "60000.00", 6000),
    ("#300SL", "1955 Mercedes-Benz 300SL Gullwing", "DISABLED", "1400000.00", 70000),
    ("#TMNT1", "Teenage Mutant Ninja Turtles #1", "DISABLED", "50000.00", 5000),
)
HISTORY_DAYS = 120
LEVELS = 5


def instrument_id(ticker: str) -> str:
    return ticker.lstrip("#")


def on_tick(value: Decimal) -> Decimal:
    return max(TICK, (value / TICK).quantize(Decimal(1)) * TICK)


def history(ticker: str, issue: Decimal, today: datetime) -> list[instruments.HistoryPoint]:
    """A deterministic random walk from the issue price, one close per weekday (ending about 12% up)."""
    rng = random.Random(ticker)
    points: list[instruments.HistoryPoint] = []
    value = issue
    drift = Decimal("1.12") ** (Decimal(1) / HISTORY_DAYS)
    for back in range(HISTORY_DAYS, 0, -1):
        day = (today - timedelta(days=back)).date()
        value = value * drift * Decimal(str(1 + rng.uniform(-0.02, 0.02)))
        if day.weekday() < 5:
            points.append(instruments.HistoryPoint(date=day, close=on_tick(value)))
    return points


def book_prices(last: Decimal) -> tuple[list[Decimal], list[Decimal]]:
    """Bid and ask prices around ``last``: LEVELS ticks apart below and above."""
    bids = [on_tick(last - TICK * k) for k in range(1, LEVELS + 1)]
    asks = [on_tick(last + TICK * k) for k in range(1, LEVELS + 1)]
    return bids, asks


async def seed(ats: Ats) -> None:
    today = datetime.now(UTC)
    for ticker, name, status, value, shares in DEMO_INSTRUMENTS:
        issue = on_tick(Decimal(value) / shares)
        points = history(ticker, issue, today)
        iid = instrument_id(ticker)
        if iid not in ats.instruments:
            await instruments.upsert(ats, instruments.InstrumentIn(
                id=iid, symbol=ticker, name=name, status=status, issuePrice=issue, unitsOutstanding=shares,
                history=points,
            ))
        if status == DISABLED:
            continue
        bids, asks = book_prices(points[-1].close)
        for k, (bid, ask) in enumerate(zip(bids, asks, strict=True)):
            units = 10 * (k + 1)
            for account, side, px in ((BIDS_ACCOUNT, "BID", bid), (ASKS_ACCOUNT, "ASK", ask)):
                req = service.OrderRequest(financialInstrumentId=iid, context=side, units=units, unitPrice=px)
                with contextlib.suppress(AtsError):  # e.g. refused once the live market moved: depth stays
                    await service.place(ats, MAKER, account, req, f"demo-seed-{iid}-{side}-{k}")
