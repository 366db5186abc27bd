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
from tests.waiting import eventually


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


def _book(h: Harness, iid: str = "TEST1") -> Counter[tuple[str, int]]:
    book = h.ats.book(iid)
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


class Gate:
    """``group_commit.persist`` wrapped: the first statement waits until the test opens the gate (so the orders
    placed meanwhile queue behind it), each statement's instruments are recorded, and the ``fail``-th fails."""

    def __init__(self, fail: int = 0) -> None:
        self.real = group_commit.persist
        self.open = asyncio.Event()
        self.fail = fail
        self.statements: list[list[str]] = []

    async def __call__(self, conn: Any, batch: Any) -> int:
        self.statements.append([e.instrument_id for e in batch])
        if len(self.statements) == 1:
            await self.open.wait()
        if len(self.statements) == self.fail:
            raise ConnectionError("database went away")
        return await self.real(conn, batch)


async def _queued_behind(h: Harness, gate: Gate, first: Any, *orders: Any) -> list[Any]:
    """Place ``first`` (its write held at the gate), then ``orders`` while it is in flight; their answers."""
    held = asyncio.create_task(first)
    await eventually(lambda: gate.statements)
    behind = [asyncio.create_task(o) for o in orders]
    await eventually(lambda: len(h.ats.uncommitted) == 1 + len(orders))  # applied, so queued (no await between)
    gate.open.set()
    return [await held, *[await b for b in behind]]


async def test_orders_of_two_instruments_share_one_statement_and_are_both_durable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock(0)
    async with harness(tmp_path, keep=True, ats_commit_lanes=1) as h:
        clock.t = h.clock.t
        for iid in ("TEST1", "TEST2", "TEST3"):
            await h.instrument(iid)
        gate = Gate()
        monkeypatch.setattr(group_commit, "persist", gate)
        answers = await _queued_behind(h, gate, h.order("a", "ASK", 1, "11.00", iid="TEST3"),
                                       h.order("a", "ASK", 2, "10.00", iid="TEST1"),
                                       h.order("b", "BID", 3, "9.00", iid="TEST2"))
        assert [r.status_code for r in answers] == [201, 201, 201], [r.text for r in answers]
        assert gate.statements == [["TEST3"], ["TEST1", "TEST2"]]
        async with h.ats.pool.acquire() as conn:
            logged = await conn.fetch("SELECT instrument_id FROM commands ORDER BY seq")
            stored = {r["id"]: r["instrument_id"] for r in await conn.fetch("SELECT id, instrument_id FROM orders")}
        assert [r["instrument_id"] for r in logged] == ["TEST3", "TEST1", "TEST2"]
        assert stored == {r.json()["data"]["id"]: iid for r, iid in zip(answers, ("TEST3", "TEST1", "TEST2"),
                                                                         strict=True)}
        assert group_commit.stats(h.ats) == {"writes": 2, "commands": 3}
    async with harness(tmp_path, fresh=False, clock=clock) as h2:  # each book rebuilt from its own log entries
        assert _book(h2, "TEST1") == Counter({("ASK", 200): 2})
        assert _book(h2, "TEST2") == Counter({("BID", 180): 3})


async def test_a_failed_statement_fails_every_order_it_carried_on_every_instrument(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with harness(tmp_path, ats_commit_lanes=1) as h:
        for iid in ("TEST1", "TEST2", "TEST3"):
            await h.instrument(iid)
        gate = Gate(fail=2)
        monkeypatch.setattr(group_commit, "persist", gate)
        held, one, two = await _queued_behind(h, gate, h.order("a", "ASK", 1, "11.00", iid="TEST3"),
                                              h.order("a", "ASK", 2, "10.00", iid="TEST1", key="k1"),
                                              h.order("b", "BID", 3, "9.00", iid="TEST2", key="k2"))
        assert held.status_code == 201, held.text
        assert gate.statements[1] == ["TEST1", "TEST2"]
        assert [one.status_code, two.status_code] == [503, 503]  # none acknowledged
        async with h.ats.pool.acquire() as conn:
            assert await conn.fetchval("SELECT count(*) FROM orders WHERE instrument_id IN ('TEST1', 'TEST2')") == 0
        again = [await h.order("a", "ASK", 2, "10.00", iid="TEST1", key="k1"),
                 await h.order("b", "BID", 3, "9.00", iid="TEST2", key="k2")]  # the clients retry: both books repaired
        assert [r.status_code for r in again] == [201, 201], [r.text for r in again]
        assert _book(h, "TEST1") == Counter({("ASK", 200): 2})
        assert _book(h, "TEST2") == Counter({("BID", 180): 3})


async def test_a_failed_statement_fails_the_orders_queued_behind_it_on_its_instruments_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with harness(tmp_path, ats_commit_lanes=1) as h:
        for iid in ("TEST1", "TEST2"):
            await h.instrument(iid)
        gate = Gate(fail=1)
        monkeypatch.setattr(group_commit, "persist", gate)
        failed, behind, other = await _queued_behind(h, gate, h.order("a", "ASK", 1, "11.00", iid="TEST1"),
                                                     h.order("a", "ASK", 2, "10.00", iid="TEST1"),
                                                     h.order("b", "BID", 3, "9.00", iid="TEST2"))
        # the second order was applied on top of the failed one: it fails too; the other book's order is written
        assert [failed.status_code, behind.status_code, other.status_code] == [503, 503, 201], other.text
        assert gate.statements == [["TEST1"], ["TEST2"]]
        assert _book(h, "TEST2") == Counter({("BID", 180): 3})
        await h.placed("c", "BID", 1, "9.50", iid="TEST1")  # the next command repairs the book
        assert _book(h, "TEST1") == Counter({("BID", 190): 1})


async def test_with_two_lanes_a_book_is_written_while_another_ones_statement_is_in_flight(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with harness(tmp_path, ats_commit_lanes=2) as h:
        for iid in ("TEST1", "TEST2"):
            await h.instrument(iid)
        gate = Gate()
        monkeypatch.setattr(group_commit, "persist", gate)
        held = asyncio.create_task(h.order("a", "ASK", 1, "11.00", iid="TEST1"))
        await eventually(lambda: gate.statements)
        await h.placed("b", "BID", 3, "9.00", iid="TEST2")  # its own lane: acknowledged while TEST1's write waits
        behind = asyncio.create_task(h.order("a", "ASK", 2, "10.00", iid="TEST1"))
        await eventually(lambda: len(h.ats.uncommitted) == 2)  # queued behind the statement in flight on its lane
        gate.open.set()
        assert [(await held).status_code, (await behind).status_code] == [201, 201]
        assert gate.statements == [["TEST1"], ["TEST2"], ["TEST1"]]
        async with h.ats.pool.acquire() as conn:
            logged = await conn.fetch("SELECT instrument_id FROM commands ORDER BY seq")
        assert [r["instrument_id"] for r in logged] == ["TEST2", "TEST1", "TEST1"]
        assert _book(h) == Counter({("ASK", 200): 2, ("ASK", 220): 1})
