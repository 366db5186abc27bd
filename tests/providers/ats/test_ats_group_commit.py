"""Group commit: concurrent orders on one book are written in groups, yet tables, book and answers agree; a failed
write fails every command of its group (none half-applies) and the book is rebuilt without them."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from providers.ats import group_commit
from providers.ats.engine import Side
from tests.providers.ats.ats_harness import POST, Clock, Harness, harness


async def _tables(h: Harness) -> tuple[Counter[tuple[str, int]], int, int, int]:
    async with h.ats.pool.acquire() as conn:
        rows = await conn.fetch("SELECT side, price_ticks, units - filled AS rest FROM orders"
                                " WHERE status IN ('SUBMITTED', 'PARTIALLY_FILLED')")
        bought = await conn.fetchval("SELECT coalesce(sum(filled), 0) FROM orders WHERE side = 'BID'")
        sold = await conn.fetchval("SELECT coalesce(sum(filled), 0) FROM orders WHERE side = 'ASK'")
        traded = await conn.fetchval("SELECT coalesce(sum(units), 0) FROM executions")
    resting: Counter[tuple[str, int]] = Counter()
    for r in rows:
        resting[(r["side"], r["price_ticks"])] += r["rest"]
    return resting, int(bought), int(sold), int(traded)


def _book(h: Harness) -> Counter[tuple[str, int]]:
    book = h.ats.book("TEST1")
    return Counter({(s.value, lv.price_ticks): lv.units for s in (Side.BID, Side.ASK) for lv in book.depth(s)})


async def test_concurrent_orders_agree_with_the_tables_and_survive_a_restart(tmp_path: Path) -> None:
    clock = Clock(0)
    async with harness(tmp_path, keep=True) as h:
        clock.t = h.clock.t
        await h.instrument()
        await h.advance(POST)
        rng = random.Random(5)

        async def trader(n: int) -> list[dict[str, Any]]:
            out = []
            for j in range(6):
                side = "BID" if (n + j) % 2 else "ASK"
                price = f"{10 + rng.randint(-3, 3) * 0.05:.2f}"
                out.append(await h.placed(f"{side.lower()}-{n}", side, rng.randint(1, 4), price))
            return out

        answers = [o for batch in await asyncio.gather(*(trader(n) for n in range(12))) for o in batch]
        resting, bought, sold, traded = await _tables(h)
        assert resting == _book(h)
        assert bought == sold == traded > 0
        listed = {o["id"]: o for o in (await h.get("/financial-accounts/bid-1/orders")).json()["data"]}
        assert all(listed[o["id"]]["units"]["filled"] >= o["units"]["filled"] for o in answers if o["id"] in listed)
        before = _book(h)
    async with harness(tmp_path, fresh=False, clock=clock) as h2:
        assert _book(h2) == before


async def test_a_failed_write_fails_its_commands_and_the_book_forgets_them(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    async with harness(tmp_path) as h:
        await h.instrument()
        kept = await h.placed("a", "ASK", 2, "10.00")
        real = group_commit.persist
        calls = 0

        async def failing(*args: Any) -> int:
            nonlocal calls
            calls += 1
            if calls == 1:
                raise ConnectionError("database went away")
            return await real(*args)

        monkeypatch.setattr(group_commit, "persist", failing)
        lost = await h.order("b", "ASK", 3, "10.50", key="lost-order")
        assert lost.status_code == 503 and lost.json()["errors"][0]["code"] == "ATS_UNAVAILABLE"
        assert calls == 1  # the write really was attempted and failed
        again = await h.order("b", "ASK", 3, "10.50", key="lost-order")  # the client retries with the same key
        assert again.status_code == 201, again.text
        resting, *_ = await _tables(h)
        assert resting == _book(h) == Counter({("ASK", 200): 2, ("ASK", 210): 3})
        assert (await h.get(f"/financial-accounts/a/orders/{kept['id']}")).json()["data"]["status"] == "SUBMITTED"
