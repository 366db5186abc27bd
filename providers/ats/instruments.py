"""Instruments on the ATS: registered (or updated) by an admin call; the demo market's are seeded at startup.

An instrument is TRADING (windows follow the schedule), POST_ONLY (orders rest, the market never opens) or
DISABLED (orders refused; resting ones can still be canceled). Leaving TRADING closes a continuous book.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from providers.ats import commands, windows
from providers.ats.engine import Close, Mode
from providers.ats.runtime import TRADING, Ats
from providers.ats.service import ticks


class HistoryPoint(BaseModel):
    date: date
    close: Decimal = Field(gt=0, max_digits=14, decimal_places=2)


class InstrumentIn(BaseModel):
    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._-]+$")
    symbol: str = Field(min_length=1, max_length=32)
    name: str = Field(min_length=1, max_length=200)
    status: Literal["TRADING", "POST_ONLY", "DISABLED"] = "TRADING"
    issuePrice: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    unitsOutstanding: int = Field(gt=0)
    history: list[HistoryPoint] = Field(default_factory=list, max_length=2000)


async def upsert(ats: Ats, body: InstrumentIn) -> None:
    issue = ticks(body.issuePrice)
    async with ats.locks[body.id]:
        now = ats.now()
        async with ats.pool.acquire() as conn, conn.transaction():
            row = await conn.fetchrow(
                "INSERT INTO instruments (id, symbol, name, status, issue_price_ticks, units_outstanding, created)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET symbol = EXCLUDED.symbol,"
                " name = EXCLUDED.name, status = EXCLUDED.status, issue_price_ticks = EXCLUDED.issue_price_ticks,"
                " units_outstanding = EXCLUDED.units_outstanding RETURNING *",
                body.id, body.symbol, body.name, body.status, issue, body.unitsOutstanding, now,
            )
            await conn.executemany(
                "INSERT INTO price_history (instrument_id, day, close_ticks) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [(body.id, p.date, ticks(p.close)) for p in body.history],
            )
        assert row is not None
        ats.instruments[body.id] = dict(row)
        if body.status != TRADING and ats.book(body.id).mode is Mode.CONTINUOUS:
            await commands.run(ats, body.id, Close(), now)
        await windows.sync(ats, body.id, now)
