"""A broker that refuses a placement for long: the QUEUED order continues as new after `place_tries_per_run` refused
tries and goes on placing in the new run with its hold (the history stays bounded however long the refusal lasts);
once the ATS answers, the order is placed once and lives on as usual."""

from __future__ import annotations

from decimal import Decimal

from domain import ledger as L
from store.ledger import balance
from tests.trading.conftest import Sessions, investor
from tests.trading.order_harness import FAST, Market
from tests.waiting import eventually
from tests.workflows.histories import record
from workflows.trading import order_types as O

REFUSING = O.OrderTimings(poll_seconds=FAST.poll_seconds, queued_after_seconds=0.5, polls_per_run=500,
                          place_tries_per_run=2)


async def test_a_long_refused_placement_continues_as_new_then_places_once(market: Market, sessions: Sessions) -> None:
    asset_id, ticker = await market.listing(sessions)
    await market.next_session()
    uid = await investor(sessions, "100.00")
    await market.chaos(seed=1, fail_503=1.0)
    try:
        handle = await market.order(uid, asset_id, ticker, "BID", 2, "10.00", timings=REFUSING)
        view = await market.submit(handle)
        assert view.status == O.QUEUED and view.ats_order_id is None
        latest = market.client.get_workflow_handle(handle.id)
        first = handle.first_execution_run_id
        await market.until(latest, lambda v: v.status == O.QUEUED)
        async def continued() -> bool:  # the refusals go on: it continues as new within its tries
            return (await latest.describe()).run_id != first

        await eventually(continued)
        carried = await latest.query(O.VIEW, result_type=O.OrderView)
        assert carried.status == O.QUEUED and carried.ats_order_id is None
        async with sessions() as db:  # the hold went along: 2 × 10.00 stays held, nothing was held twice
            assert await balance(db, L.cash(uid)) == Decimal("80.00")
    finally:
        await market.chaos()
    placed = await market.until(latest, lambda v: v.ats_order_id is not None)
    assert placed.status == "SUBMITTED"
    assert (await latest.execute_update(O.CANCEL, result_type=O.CancelResult)).outcome == "CANCELED"
    assert await market.result(latest) == "CANCELED"
    async with sessions() as db:
        assert await balance(db, L.cash(uid)) == Decimal("100.00")
    # a handle without a run id reads the latest run: the first run by its id
    await record(market.client.get_workflow_handle(handle.id, run_id=first), "Order--placing-continued-as-new")
    await record(latest, "Order--carried-placing-canceled")
