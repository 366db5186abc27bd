"""Market data of an instrument: its view (status, session hours, windows), order book, pricing, price history."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from providers.ats.engine import Side
from providers.ats.runtime import CLOSED, CONFIRMATION, DISABLED, OPEN, SCHEDULED, TRADING, Ats
from providers.ats.schedule import CALENDAR
from providers.ats.views import EXEC_VOIDED, iso, price, window_view
from providers.ats.windows import session_hours


async def windows_of(ats: Ats, instrument_id: str, limit: int = 50) -> list[dict[str, Any]]:
    async with ats.pool.acquire() as conn:
        rows = await conn.fetch("SELECT * FROM windows WHERE instrument_id = $1 AND schedule = $2"
                                " ORDER BY opens_at DESC LIMIT $3", instrument_id, ats.schedule.name, limit)
    return [window_view(r) for r in rows]


async def pricing(ats: Ats, instrument_id: str) -> dict[str, Any]:
    inst = ats.instruments[instrument_id]
    async with ats.pool.acquire() as conn:
        latest = await conn.fetchval(
            "SELECT price_ticks FROM executions WHERE instrument_id = $1 AND status <> $2 ORDER BY seq DESC LIMIT 1",
            instrument_id, EXEC_VOIDED,
        )
        last_close = await conn.fetchval(
            "SELECT close_ticks FROM price_history WHERE instrument_id = $1 ORDER BY day DESC LIMIT 1", instrument_id
        )
    issue = int(inst["issue_price_ticks"])
    current = latest or last_close or issue
    return {"pricePerUnit": {"issue": price(issue), "current": price(current),
                             "session": {"lastClose": price(last_close), "latestFilled": price(latest)}}}


async def history(ats: Ats, instrument_id: str) -> dict[str, Any]:
    inst = ats.instruments[instrument_id]
    async with ats.pool.acquire() as conn:
        rows = await conn.fetch("SELECT day, close_ticks FROM price_history WHERE instrument_id = $1 ORDER BY day",
                                instrument_id)
    issued = rows[0]["day"].isoformat() if rows else datetime.fromtimestamp(inst["created"], UTC).date().isoformat()
    return {
        "financialInstrument": {"id": instrument_id,
                                "issue": {"date": issued, "pricePerUnit": price(int(inst["issue_price_ticks"]))}},
        "dataPoints": [{"date": r["day"].isoformat(), "pricePerUnit": {"close": price(r["close_ticks"])}} for r in rows],
    }


def order_book(ats: Ats, instrument_id: str, levels: int) -> dict[str, Any]:
    book = ats.book(instrument_id)

    def side(s: Side) -> list[dict[str, Any]]:
        return [{"price": price(lv.price_ticks), "units": lv.units, "orders": lv.orders} for lv in book.depth(s, levels)]

    return {"financialInstrumentId": instrument_id, "mode": book.mode.value, "bids": side(Side.BID),
            "asks": side(Side.ASK), "bidHigh": price(book.best_bid()), "askLow": price(book.best_ask())}


async def instrument_view(ats: Ats, instrument_id: str, now: float) -> dict[str, Any]:
    inst = ats.instruments[instrument_id]
    wins = await windows_of(ats, instrument_id, 3)
    current = next((w for w in wins if w["status"] in (SCHEDULED, OPEN)), None)
    last = next((w for w in wins if w["status"] in (CONFIRMATION, CLOSED)), None)
    status = inst["status"]
    market = "disabled" if status == DISABLED else ("open" if current and current["status"] == OPEN else "closed")
    book = ats.book(instrument_id)
    return {
        "id": instrument_id,
        "symbol": inst["symbol"],
        "name": inst["name"],
        "status": status,
        "unitsOutstanding": int(inst["units_outstanding"]),
        "schedule": ats.schedule.name,
        "demoHours": ats.schedule.name != CALENDAR,
        "markets": {"secondaryMarket": {"status": market, "enabled": status != DISABLED,
                                        "sessionsFollowMarketHours": ats.schedule.name == CALENDAR}},
        "sessionHours": session_hours(ats, now) if status == TRADING else None,
        "currentWindow": current,
        "lastWindow": last,
        "orderBook": {"bidHigh": price(book.best_bid()), "askLow": price(book.best_ask())},
        "created": iso(inst["created"]),
    }
