"""Chaos on the secondary market (issue 11): the ATS fails ~20% of Vitrine's calls (401/429/503), ends tokens long
before their `expires_in`, doubles and reorders its webhooks (forwarded to the workflows as `ats_event` signals,
as the api's webhook route does) — while investors (8 in `make test`, 20 in `make explore`) place 5 orders each in
one trading window: GTC bids and asks during post-only, IOC bids while OPEN, confirmations during CONFIRMATION,
then the rest canceled. Every order ends
in the state the ATS gives it, every execution of the ATS is settled exactly once in the ledger, cash and shares
are conserved; and the chaos really landed (failures injected, tokens fetched again). Units, prices and the ATS's
faults are drawn from a seed (tests/seeds.py: fixed in `make test`). Every wait is one deadline, VITRINE_TEST_DEADLINE
seconds (120 by default): a slow machine is slower, never failed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from decimal import Decimal
from typing import Any

import pytest
from temporalio.client import WorkflowHandle, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError

from activities.interfaces import trading as T
from clients.ats import AtsClient, TokenSource, token_source
from domain import ledger as L
from store.ledger import balance, share_balance
from tests.seeds import seeds, size
from tests.trading.conftest import Sessions
from tests.trading.harness import assert_invariants, books, funded, holder, to_phase, until
from tests.trading.order_harness import Market
from tests.waiting import DEADLINE
from workflows.trading import order_types as O

SELLERS = BUYERS = size(gate=4, explore=10)
ORDERS = 5 * SELLERS + 5 * BUYERS  # a seller rests 5 asks; a buyer rests 4 bids and sends 1 IOC at the open
BUDGET = 5 * DEADLINE  # the whole test; each wait: DEADLINE
CHAOS = {"fail_401": 0.07, "fail_429": 0.07, "fail_503": 0.07, "retry_after_seconds": 1,
         "token_lifetime_fraction": 0.02, "webhook_duplicate": 0.3, "webhook_reorder": True}
TIMINGS = O.OrderTimings(poll_seconds=2.0, queued_after_seconds=2.0, polls_per_run=500)
Handle = WorkflowHandle[Any, Any]


def _prices(rnd: random.Random, low: str, steps: int) -> str:
    return str(Decimal(low) + Decimal("0.05") * rnd.randint(0, steps))


class Webhooks:
    """Forwards what the ATS delivered (doubled, reordered as it came) to the orders' workflows, as the api does."""

    def __init__(self, market: Market) -> None:
        self.market, self.by_ats_id, self.seen, self.forwarded = market, dict[str, Handle](), 0, 0
        self.rounds = 0

    async def pump(self) -> None:
        while True:
            await self.market.advance(0)  # the frozen ATS clock delivers what is due
            hooks = self.market.hooks[self.seen:]
            self.seen += len(hooks)
            for raw in hooks:
                body = json.loads(raw)
                data = body.get("data") or {}
                ids = {data.get("id"), (data.get("buyer") or {}).get("orderId"), (data.get("seller") or {}).get("orderId")}
                for ats_id in ids:
                    if (handle := self.by_ats_id.get(str(ats_id))) is not None:
                        try:
                            await handle.signal(O.ATS_EVENT, O.AtsEvent(body["id"], body["topic"], data))
                        except RPCError:  # as the api's webhook route: an order that ended (its workflow closed) needs
                            continue      # no wake-up; any other miss is the reconciliation's to find
                        self.forwarded += 1
            self.rounds += 1
            if self.rounds % 10 == 0:  # as the `orders-reconcile` schedule does: a webhook no order got is found
                with contextlib.suppress(Exception):  # a run the ATS's chaos failed: the next one
                    await self.market.reconcile()
            await asyncio.sleep(0.3)


async def _submit(market: Market, hooks: Webhooks, handle: Handle) -> O.OrderView:
    view = await market.submit(handle)
    if view.status == O.QUEUED:  # the ATS kept refusing: the workflow carries on until it is placed
        view = await until(lambda: handle.query(O.VIEW, result_type=O.OrderView), lambda v: v.ats_order_id is not None,
                           DEADLINE, what=f"{handle.id} placed")
    assert view.ats_order_id, view
    hooks.by_ats_id[view.ats_order_id] = handle
    return view


async def _views(handles: list[Handle]) -> list[O.OrderView]:
    return list(await asyncio.gather(*(h.query(O.VIEW, result_type=O.OrderView) for h in handles)))


async def _update(handle: Handle, name: str, result_type: type[Any]) -> Any:
    """An Update, again while the order says another change is processing or the ATS did not answer in time, until
    it goes through or DEADLINE has passed."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while True:
        try:
            async with asyncio.timeout_at(deadline):
                return await handle.execute_update(name, result_type=result_type)
        except WorkflowUpdateFailedError as exc:
            cause = exc.cause
            busy = isinstance(cause, ApplicationError) and (
                cause.type == "UpdateInProgress" or "ATS_UNAVAILABLE" in [str(d) for d in cause.details])
            if not busy:
                raise
            assert loop.time() < deadline, f"{handle.id}: {name} still refused after {DEADLINE:.0f}s: {cause}"
        await asyncio.sleep(0.5)


async def _explain(market: Market, sessions: Sessions, handles: list[Handle]) -> None:
    """At a timeout: each order whose executions are not all settled — its view, what the ATS says of the order and
    of those executions, and the order list's row (what the reconciliation compares)."""

    from store.trading.models import TradingOrder
    with contextlib.suppress(Exception):
        await market.chaos()  # the ATS answers every read below
    truth = AtsClient(market.http, f"{market.url}/sandbox/ats", TokenSource(
        f"{market.url}/sandbox/ats/oauth/token", market.settings.ats_client_id, market.settings.ats_client_secret))
    for handle, view in zip(handles, await _views(handles), strict=True):
        waiting = [x for x in view.executions if x.status != "SETTLED"]
        if not waiting:
            continue
        order = (await truth.get_order(view.account_id, str(view.ats_order_id)))["data"]
        listing = (await truth.list_executions(accountId=view.account_id)).get("data") or []
        there = [(x.get("id"), x.get("status"), x.get("modified")) for x in listing
                 if view.ats_order_id in ((x.get("buyer") or {}).get("orderId"), (x.get("seller") or {}).get("orderId"))]
        async with sessions() as db:
            found = await db.get(TradingOrder, view.id)
            row = None if found is None else (found.status, found.units_filled, found.view)
        desc = await handle.describe()
        print(f"\nNOT SETTLED {handle.id} ({desc.status}): view {view.status} filled {view.units_filled} "
              f"v{view.version} waiting {[(x.id, x.status, x.confirmed) for x in waiting]}\n  ATS order "
              f"{order.get('status')} filled {order.get('unitsFilled')} modified {order.get('modified')}; "
              f"ATS executions {there}\n  order list: {row[0] if row else None} {row[1] if row else None} "
              f"{[(x['id'], x['status']) for x in ((row[2] if row else None) or {}).get('executions', [])]}")


@pytest.mark.parametrize("seed", seeds(__file__))
async def test_orders_between_investors_under_ats_chaos(market: Market, sessions: Sessions, seed: int) -> None:
    rnd = random.Random(seed)
    async with asyncio.timeout(BUDGET):  # a hang fails; each wait inside has its own DEADLINE
        await _run(market, sessions, rnd, seed)


async def _run(market: Market, sessions: Sessions, rnd: random.Random, seed: int) -> None:
    asset_id, ticker = await market.listing(sessions)
    sellers = [await holder(sessions, asset_id, 30) for _ in range(SELLERS)]
    buyers = [await funded(sessions, "2000.00") for _ in range(BUYERS)]
    async with sessions() as db:
        start_books, clearing_before = await books(db), await balance(db, L.CLEARING)
    start = await market.next_session()
    tokens = token_source(f"{market.url}/sandbox/ats/oauth/token", market.settings.ats_client_id,
                          market.settings.ats_client_secret, margin_seconds=market.settings.ats_token_margin_seconds)
    fetches_before = tokens.fetches
    await market.chaos(seed=seed, **CHAOS)
    hooks = Webhooks(market)
    pump = asyncio.create_task(hooks.pump())
    gate = asyncio.Semaphore(10)

    async def placed(uid: int, side: O.Side, units: int, price: str, term: O.Term = "GOOD_TIL_CANCELED") -> Handle:
        async with gate:
            handle = await market.order(uid, asset_id, ticker, side, units, price, term=term, timings=TIMINGS)
            await _submit(market, hooks, handle)
            return handle

    try:
        # post-only: 50 asks and 40 bids rest (a seller never bids, a buyer never asks: no cross trading)
        resting = [placed(uid, "ASK", rnd.randint(1, 4), _prices(rnd, "9.80", 12)) for uid in sellers for _ in range(5)]
        resting += [placed(uid, "BID", rnd.randint(1, 4), _prices(rnd, "9.70", 12)) for uid in buyers for _ in range(4)]
        handles = list(await asyncio.gather(*resting))
        await to_phase(market, start, "OPEN")  # the open uncrosses the book
        handles += await asyncio.gather(*(placed(uid, "BID", rnd.randint(1, 3), _prices(rnd, "10.00", 8),
                                                 "IMMEDIATE_OR_CANCEL") for uid in buyers))
        assert len(handles) == ORDERS
        # every fill the ATS reported is known to its order (by webhook or poll)
        await until(lambda: _views(handles), lambda vs: all(sum(x.units for x in v.executions) == v.units_filled
                                                             for v in vs), DEADLINE, what="executions known")
        await to_phase(market, start, "CONFIRMATION")
        views = await _views(handles)
        matched = [h for h, v in zip(handles, views, strict=True) if v.confirmed_matched_status]
        assert matched, "nothing matched: the prices never crossed"
        await asyncio.gather(*(_update(h, O.CONFIRM, O.OrderView) for h in matched[::2]))
        await to_phase(market, start, "CLOSED")  # the rest settles at the end of CONFIRMATION
        try:
            views = await until(lambda: _views(handles),
                                lambda vs: all(x.status == "SETTLED" for v in vs for x in v.executions),
                                DEADLINE, what="every execution settled")
        except AssertionError:
            print(f"\nwebhook pump: done {pump.done()}, rounds {hooks.rounds}, forwarded {hooks.forwarded}, "
                  f"{'failed: ' + repr(pump.exception()) if pump.done() and not pump.cancelled() else 'running'}")
            await _explain(market, sessions, handles)
            raise
        await asyncio.gather(*(_update(h, O.CANCEL, O.CancelResult) for h, v in zip(handles, views, strict=True)
                               if v.status not in O.ENDED))
        results = await asyncio.gather(*(market.result(h, DEADLINE) for h in handles))
        injected = await market.chaos_injected()
    finally:
        pump.cancel()
        await market.chaos()  # chaos off: the checks below read the ATS as it is
    assert {int(k) for k, n in injected.items() if n > 0} == {401, 429, 503}, injected
    assert tokens.fetches - fetches_before > 1, "the worker never fetched a new token"
    assert hooks.forwarded > 0

    # every order ends as the ATS has it; every execution of the ATS settled once in the ledger
    truth = AtsClient(market.http, f"{market.url}/sandbox/ats", TokenSource(
        f"{market.url}/sandbox/ats/oauth/token", market.settings.ats_client_id, market.settings.ats_client_secret))
    views = await _views(handles)
    executions: set[tuple[str, str]] = set()
    for view, result in zip(views, results, strict=True):
        order = T.order_of((await truth.get_order(view.account_id, str(view.ats_order_id)))["data"])
        assert (result, view.units_filled) == (order.status, order.units_filled), (view, order)
        assert sum(x.units for x in view.executions) == view.units_filled
        executions |= {(view.id, x.id) for x in view.executions}
    async with sessions() as db:
        end_books = await books(db)
        clearing = (await balance(db, L.CLEARING) - clearing_before, await share_balance(db, L.CLEARING, asset_id))
    assert {(f.order_id, f.execution_id) for f in end_books.fills if f.asset_id == asset_id} == executions
    assert_invariants(end_books, start_books, set(sellers) | set(buyers))
    assert clearing == (Decimal(0), 0), "trades between Vitrine investors leave the clearing account at zero"
    statuses = sorted({*results})
    print(f"\ntrading chaos (seed {seed}): {len(executions) // 2} executions, statuses {statuses}, injected {injected}, "
          f"token fetches {tokens.fetches - fetches_before}, webhooks forwarded {hooks.forwarded}")
