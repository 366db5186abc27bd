"""The worker SIGKILLed mid-settlement (issue 11): two investors' orders match on the chaos stack's ATS (its own
processes); when the window's confirmation ends, each order's settlement (`trading.settle_pass`: a local activity
since patch `order-settle-local`, run again as a server activity when it outlives its bound) posts its fill and is
then held by the fault hook *after* its body committed and before the worker could report it — the worker is killed
there. A new worker runs the settlement again (the hook's
record of starts: one in the killed process, then one in another): the ledger has exactly one posting per
execution, the investors exactly the shares and cash of the trade."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from sqlalchemy import func, select
from sqlmodel import col

from domain import ledger as L
from store.ledger import balance, share_balance
from store.models import LedgerEntry
from store.trading.models import TradeFill
from tests.chaos.conftest import Chaos
from tests.chaos.faults import Held
from tests.chaos.stack import ACTIVITY_TIMEOUT
from tests.trading.harness import assert_invariants, books, funded, holder, to_phase, until_view
from tests.trading.order_harness import FAST, Market
from tests.waiting import eventually

SETTLE = "trading.settle_pass"  # an order's settlement, its release and its view since patch order-settle-pass
HOLD = 120.0  # far longer than the kill takes


async def test_worker_sigkilled_mid_settlement_posts_each_execution_once(chaos: Chaos) -> None:
    sessions = chaos.state.sessions
    market = Market(chaos.stack.url("providers"), chaos.stack.settings, chaos.temporal, chaos.sandbox)
    asset_id, ticker = await market.listing(sessions)
    seller, buyer = await holder(sessions, asset_id, 10), await funded(sessions, "100.00")
    async with sessions() as db:
        before = await books(db)
    start = await market.next_session()
    # the killed settlement runs again on another worker after seconds, not the product's 30
    timings = replace(FAST, activity_timeout_seconds=ACTIVITY_TIMEOUT)
    ask = await market.order(seller, asset_id, ticker, "ASK", 3, "10.00", timings=timings)
    bid = await market.order(buyer, asset_id, ticker, "BID", 3, "10.00", timings=timings)
    assert (await market.submit(ask)).status == "SUBMITTED" and (await market.submit(bid)).status == "SUBMITTED"
    await to_phase(market, start, "OPEN")  # the open matches them
    order_ids = {(await until_view(h, lambda v: v.status == "FILLED" and len(v.executions) == 1)).id for h in (ask, bid)}
    mark, started = len(chaos.hook.held()), chaos.hook.starts()

    def both_held() -> list[Held]:  # both sides' settlements committed and held
        held = [h for h in chaos.hook.held()[mark:] if h.activity_type == SETTLE]
        assert {h.workflow_id for h in held} == {ask.id, bid.id}, held
        return held

    chaos.hook.arm({SETTLE: HOLD}, after=True, local=True)
    try:
        await to_phase(market, start, "CLOSED")  # the confirmation ends: the execution settles at the ATS
        held = await eventually(both_held)
        async with sessions() as db:  # the kill lands after the postings committed
            posted = await db.scalar(select(func.count()).select_from(TradeFill).where(col(TradeFill.asset_id) == asset_id))
        assert posted == 2
        killed = chaos.stack.proc("worker-a").pid
        chaos.stack.kill("worker-a")
        assert {h.pid for h in held} == {killed}
    finally:
        chaos.hook.disarm()
        if not chaos.stack.running("worker-a"):
            chaos.stack.launch("worker-a")
    assert await market.result(ask) == "FILLED" and await market.result(bid) == "FILLED"
    runs = chaos.hook.started(SETTLE, started)
    for h in (ask, bid):  # the killed attempt, then another process ran the settlement again
        pids = [r.pid for r in runs if r.workflow_id == h.id]
        assert pids[0] == killed and any(pid != killed for pid in pids[1:]), (h.id, runs)
    async with sessions() as db:
        after = await books(db)
        fills = (await db.scalars(select(TradeFill).where(col(TradeFill.asset_id) == asset_id))).all()
        keys = (await db.scalars(select(col(LedgerEntry.idempotency_key)).where(
            col(LedgerEntry.idempotency_key).in_([f"fill:{f.order_id}:{f.execution_id}" for f in fills])))).all()
        got = (await share_balance(db, L.shares(buyer), asset_id), await share_balance(db, L.shares(seller), asset_id),
               await balance(db, L.cash(buyer)), await balance(db, L.cash(seller)))
    assert len(fills) == 2 and len(keys) == 2 and {f.order_id for f in fills} == order_ids
    assert got == (3, 7, Decimal("70.00"), Decimal("30.00"))
    assert_invariants(after, before, {buyer, seller})
