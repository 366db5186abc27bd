"""Trading windows: SCHEDULED (post-only) -> OPEN (uncross, continuous) -> CONFIRMATION -> CLOSED (settled).

:func:`sync` brings an instrument's windows up to ``now`` (the caller holds the instrument's lock): it creates
the window of the current session, opens it at its open (the engine's ``Open``: the uncross), closes it at its
close (``Close``: back to post-only; closing price, matched bids and asks), and at the end of CONFIRMATION
settles every execution still pending (voided ones stay voided) and marks it CLOSED. Every command and every
transition commits with its webhooks. Only TRADING instruments have windows; POST_ONLY ones keep their book
post-only, DISABLED ones refuse orders.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import asyncpg

from domain.trading.market_calendar import EASTERN
from providers.ats import commands, group_commit, outbox
from providers.ats.engine import Close, Open
from providers.ats.runtime import CLOSED, CONFIRMATION, OPEN, SCHEDULED, TRADING, Ats, Window, window_of
from providers.ats.schedule import hours
from providers.ats.views import EXEC_PENDING, EXEC_SETTLED, execution_view, iso, window_view


def window_id(instrument_id: str, session_key: str) -> str:
    return f"W-{instrument_id}-{session_key}"


async def sync(ats: Ats, instrument_id: str, now: float) -> None:
    """Every command calls it first, holding the lock: it also repairs the book after a failed write."""
    await group_commit.repair(ats, instrument_id)
    inst = ats.instruments.get(instrument_id)
    if inst is None or inst["status"] != TRADING:
        return
    for w in list(ats.windows[instrument_id]):
        await _progress(ats, w, now)
    current = await _ensure_current(ats, instrument_id, now)
    if current is not None:
        await _progress(ats, current, now)


async def _progress(ats: Ats, w: Window, now: float) -> None:
    if w.status == SCHEDULED and now >= w.opens_at:
        await _open(ats, w, now)
    if w.status == OPEN and now >= w.closes_at:
        await _close(ats, w, now)
    if w.status == CONFIRMATION and now >= w.confirm_until:
        await _finish(ats, w, now)


async def _ensure_current(ats: Ats, instrument_id: str, now: float) -> Window | None:
    """Create the window of the session orders now go to (None when it exists already)."""
    session = ats.schedule.current(now)
    wid = window_id(instrument_id, session.key)
    if any(w.id == wid for w in ats.windows[instrument_id]):
        return None
    async with ats.pool.acquire() as conn, conn.transaction():
        row = await conn.fetchrow(
            "INSERT INTO windows (id, instrument_id, schedule, opens_at, closes_at, confirm_until, status, modified)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING *",
            wid, instrument_id, ats.schedule.name, session.opens_at, session.closes_at, session.confirm_until, SCHEDULED, now,
        )
        if row is None:  # already there (and CLOSED, e.g. after a clock change): nothing to track
            return None
        await outbox.emit(conn, ats, "window.scheduled", wid, window_view(row), now)
    window = window_of(row)
    ats.windows[instrument_id].append(window)
    ats.windows[instrument_id].sort(key=lambda w: w.opens_at)
    return window


async def _set_status(conn: asyncpg.Connection, ats: Ats, w: Window, status: str, now: float, **extra: Any) -> None:
    sets = ", ".join(f"{k} = ${i}" for i, k in enumerate(extra, start=4))
    row = await conn.fetchrow(
        f"UPDATE windows SET status = $2, modified = $3{', ' + sets if sets else ''} WHERE id = $1 RETURNING *",
        w.id, status, now, *extra.values(),
    )
    await outbox.emit(conn, ats, f"window.{status.lower()}", w.id, window_view(row), now)


async def _open(ats: Ats, w: Window, now: float) -> None:
    async def hook(conn: asyncpg.Connection, _: int) -> None:
        await _set_status(conn, ats, w, OPEN, now)

    w.status = OPEN  # the uncross's executions belong to this window
    try:
        await commands.run(ats, w.instrument_id, Open(), now, hook=hook)
    except BaseException:
        w.status = SCHEDULED
        raise


async def _close(ats: Ats, w: Window, now: float) -> None:
    async def hook(conn: asyncpg.Connection, _: int) -> None:
        stats = await conn.fetchrow(
            "SELECT count(DISTINCT bid_order_id) AS bids, count(DISTINCT ask_order_id) AS asks,"
            " (SELECT price_ticks FROM executions WHERE window_id = $1 ORDER BY seq DESC LIMIT 1) AS last"
            " FROM executions WHERE window_id = $1",
            w.id,
        )
        assert stats is not None
        await _set_status(conn, ats, w, CONFIRMATION, now, closing_price_ticks=stats["last"],
                          matched_bids=stats["bids"], matched_asks=stats["asks"], closing_time=w.closes_at)
        if stats["last"] is not None:
            day = datetime.fromtimestamp(w.closes_at, UTC).astimezone(EASTERN).date()
            await conn.execute(
                "INSERT INTO price_history (instrument_id, day, close_ticks) VALUES ($1, $2, $3)"
                " ON CONFLICT (instrument_id, day) DO UPDATE SET close_ticks = EXCLUDED.close_ticks",
                w.instrument_id, day, stats["last"],
            )

    await commands.run(ats, w.instrument_id, Close(), now, hook=hook)
    w.status = CONFIRMATION


async def _finish(ats: Ats, w: Window, now: float) -> None:
    async with ats.pool.acquire() as conn, conn.transaction():
        settled = await conn.fetch(
            "UPDATE executions SET status = $2, modified = $3 WHERE window_id = $1 AND status = $4 RETURNING *",
            w.id, EXEC_SETTLED, now, EXEC_PENDING,
        )
        for ex in sorted(settled, key=lambda r: r["seq"]):
            if ats.webhook_client in (ex["buyer_client"], ex["seller_client"]):
                await outbox.emit(conn, ats, "execution.settled", ex["id"], execution_view(ex, ats.webhook_client), now)
        await _set_status(conn, ats, w, CLOSED, now)
    w.status = CLOSED
    ats.windows[w.instrument_id].remove(w)


def session_hours(ats: Ats, now: float) -> dict[str, str | None]:
    h = hours(ats.schedule, now)
    return {"dateOpen": iso(h.date_open), "dateClose": iso(h.date_close), "nextDateOpen": iso(h.next_date_open),
            "lastDateClose": iso(h.last_date_close)}
