"""A restart of the providers app loses no order and rebuilds each book in the same priority order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from providers.ats.engine import Side
from tests.providers.ats.ats_harness import POST, Clock, Harness, harness


async def _queue(h: Harness) -> dict[str, Any]:
    """The order book over HTTP and the FIFO queue of orders at the best ask."""
    book = (await h.get("/instruments/TEST1/order-book", levels=10)).json()["data"]
    engine_book = h.ats.book("TEST1")
    queue = [o.order_id for o in engine_book.queue(Side.ASK, engine_book.best_ask() or 0)]
    return {"book": book, "queue": queue}


async def test_a_restart_keeps_every_order_and_its_priority(tmp_path: Path) -> None:
    clock = Clock(0)
    async with harness(tmp_path, keep=True) as h:
        clock.t = h.clock.t
        await h.instrument()
        a = await h.placed("a", "ASK", 3, "10.00")
        b = await h.placed("b", "ASK", 3, "10.00")
        c = await h.placed("c", "ASK", 3, "10.00")
        await h.placed("d", "ASK", 2, "10.50")
        await h.placed("x", "BID", 4, "9.00")
        await h.http.put(f"/sandbox/ats/financial-accounts/a/orders/{a['id']}",
                         json={"units": 3, "unitPrice": "10.05"}, headers=await h.auth())
        edit = await h.http.put(f"/sandbox/ats/financial-accounts/a/orders/{a['id']}",
                                json={"units": 3, "unitPrice": "10.00"}, headers=await h.auth())
        assert edit.status_code == 200  # a moved away and back: it lost its place to b and c
        before = await _queue(h)
        orders_before = (await h.get("/financial-accounts/a/orders")).json()["data"]
    async with harness(tmp_path, fresh=False, clock=clock) as h2:
        after = await _queue(h2)
        assert after == before and after["queue"] == [b["id"], c["id"], a["id"]]
        assert (await h2.get("/financial-accounts/a/orders")).json()["data"] == orders_before
        await h2.advance(POST)  # the open after the restart: the bid for 4 takes b, then c
        await h2.placed("y", "BID", 4, "10.00")
        execs = (await h2.get("/executions")).json()["data"]
        assert [(e["seller"]["orderId"], e["units"]) for e in execs] == [(b["id"], 3), (c["id"], 1)]
