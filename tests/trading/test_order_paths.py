"""Order paths that had no replay fixture (issue 20 item 5), on the real Temporal dev server and the real ATS sandbox
(tests/trading/order_harness.py): an edit whose larger re-hold the ledger refuses, a settlement that fails first and
succeeds at a later poll, and the order wizard's summary for a QUEUED order. Each asserts what the investor notices
(the order's status and messages, cash and shares in the ledger) and records its fixture
(`VITRINE_RECORD_HISTORIES=1`, docs/replay-coverage.md)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from decimal import Decimal

import httpx
import pytest
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.client import (
    WorkflowExecutionStatus,
    WorkflowUpdateFailedError,
    WorkflowUpdateStage,
)
from temporalio.exceptions import ApplicationError

import activities.interfaces.trading as T
from api.state import AppState
from domain import ledger as L
from domain.trading import order_rules as R
from domain.trading import order_wizard as W
from store.ledger import balance, post
from store.models import LedgerEntry
from store.trading.models import TradeFill
from tests.flows.investors import funded_investor
from tests.flows.test_place_order import Wizard, finished, held_cash
from tests.flows.test_place_order_live import live  # noqa: F401 - fixture: an api on the market's settings
from tests.trading.conftest import Sessions, cash_sum, investor
from tests.trading.order_harness import Market
from tests.trading.order_history import refusals
from tests.trading.test_order_workflow import cash, shares
from tests.waiting import eventually, within_deadline
from tests.workflows.histories import record
from workflows.trading import order_types as O

D = Decimal


@asynccontextmanager
async def refusing(market: Market) -> AsyncIterator[None]:
    """The ATS answers every authenticated call 503 inside the block (its chaos config), and normally after it."""
    await market.chaos(seed=1, fail_503=1.0)
    try:
        yield
        assert (await market.chaos_injected()).get("503", 0) > 0  # the refusals really happened
    finally:
        await market.chaos()


async def move_held_cash(sessions: Sessions, uid: int, order_id: str, amount: Decimal, key: str) -> None:
    """Moves `amount` out of the order's hold to an account outside Vitrine (a negative amount brings it back)."""
    async with sessions() as db:
        await post(db, key, "test-move", [(L.held(uid, order_id), -amount), (L.ACH_SETTLED, amount)])
        await db.commit()


async def test_an_edit_whose_larger_rehold_is_refused_keeps_the_order_and_its_hold(market: Market,
                                                                                  sessions: Sessions) -> None:
    asset_id, ticker = await market.listing(sessions)
    await market.next_session()
    uid = await investor(sessions, "30.00")
    handle = await market.order(uid, asset_id, ticker, "BID", 2, "10.00")
    view = await market.submit(handle)
    assert view.status == "SUBMITTED" and view.ats_order_id
    assert await cash(sessions, uid) == D("10.00")  # 2 x 10.00 held
    with pytest.raises(WorkflowUpdateFailedError) as refused:  # 4 x 10.00 needs 20.00 more: only 10.00 is free
        await handle.execute_update(O.REPLACE, O.EditRequest(4, "10.00"), result_type=O.OrderView)
    cause = refused.value.cause
    assert isinstance(cause, ApplicationError) and cause.message == R.FUNDS_MESSAGE
    assert cause.type == T.HOLD_REFUSED and list(cause.details)[0] == R.INSUFFICIENT_FUNDS
    view = await handle.query(O.VIEW, result_type=O.OrderView)
    assert (view.status, view.units_requested, view.unit_price, view.pricing_order) == ("SUBMITTED", 2, "10.00", "20.00")
    assert await cash(sessions, uid) == D("10.00")
    async with sessions() as db:
        assert await balance(db, L.held(uid, view.id)) == D("20.00")  # the old hold, nothing re-held
    result = await handle.execute_update(O.CANCEL, result_type=O.CancelResult)
    assert result.outcome == "CANCELED" and result.order.status == "CANCELED"
    assert await market.result(handle) == "CANCELED"
    assert await cash(sessions, uid) == D("30.00")
    async with sessions() as db:
        assert await balance(db, L.held(uid, view.id)) == D("0.00")
    await record(handle, "Order--edit-rehold-refused")


async def test_a_settlement_refused_at_first_posts_once_when_the_cash_is_back(market: Market,
                                                                             sessions: Sessions) -> None:
    asset_id, ticker, start = await market.open_with_ask(sessions, 1, "10.00")
    uid = await investor(sessions, "10.00")
    handle = await market.order(uid, asset_id, ticker, "BID", 1, "10.00")
    view = await market.submit(handle)
    assert view.status == "FILLED" and await cash(sessions, uid) == D("0.00")
    order_id = view.id
    view = await market.until(handle, lambda v: len(v.executions) == 1)
    xid = view.executions[0].id
    # the held cash leaves the hold before settlement: the fill is not covered (nothing free either)
    await move_held_cash(sessions, uid, order_id, D("10.00"), f"test-away-{order_id}")
    await market.past_confirmation(start)

    async def refused() -> int:  # the pass a local activity (patch `order-settle-local`): its marker says so
        return await refusals(handle, T.FILL_NOT_COVERED)

    await eventually(refused)
    view = await handle.query(O.VIEW, result_type=O.OrderView)
    assert [x.status for x in view.executions] == ["SETTLED"] and view.pricing_debited == "0.00"
    assert await shares(sessions, uid, asset_id) == 0  # nothing posted yet: the order waits, it does not end
    assert (await handle.describe()).status == WorkflowExecutionStatus.RUNNING
    await move_held_cash(sessions, uid, order_id, D("-10.00"), f"test-back-{order_id}")
    assert await market.result(handle) == "FILLED"  # settled at a later poll
    view = await handle.query(O.VIEW, result_type=O.OrderView)
    assert view.pricing_debited == "10.00"
    assert await cash(sessions, uid) == D("0.00") and await shares(sessions, uid, asset_id) == 1
    async with sessions() as db:  # exactly one posting for the execution, and the ledger still sums to zero
        fills = await db.scalar(select(func.count()).select_from(LedgerEntry).where(
            col(LedgerEntry.idempotency_key) == f"fill:{order_id}:{xid}"))
        assert fills == 1
        assert await db.scalar(select(func.count()).select_from(TradeFill).where(
            col(TradeFill.order_id) == order_id)) == 1
        assert await balance(db, L.held(uid, order_id)) == D("0.00")
        assert await cash_sum(db) == 0
    await record(handle, "Order--settlement-retried")


async def test_the_wizard_shows_the_queued_summary_while_the_ats_refuses(
        live: tuple[httpx.AsyncClient, AppState], market: Market, sessions: Sessions) -> None:  # noqa: F811
    api, state = live
    asset_id, ticker = await market.listing(sessions)
    await market.next_session()  # post-only: nothing matches
    buyer = await funded_investor(api, state, cash="100.00")
    uid = int(buyer["user_id"])
    wiz = Wizard(api, buyer, asset_id)
    await wiz.to_select()  # the market is read while the ATS answers
    await wiz.ok({"orderType": "LIMIT", "units": 2, "unitPrice": "10.00"})
    assert wiz.state["step"] == "review", wiz.state
    async with refusing(market):
        summary = (await wiz.ok({}))["context"]
        assert wiz.state["step"] == "summary", wiz.state
        assert (summary["result"], summary["status"]) == ("queued", O.QUEUED), summary
        assert summary["title"] == W.HIGH_VOLUME_TITLE and summary["message"] == W.HIGH_VOLUME_LATER
        assert await held_cash(state, uid, summary["order_id"]) == D("20.00")  # held while it waits in the queue
        order = market.client.get_workflow_handle(O.workflow_id(summary["order_id"]))
        cancel = await order.start_update(O.CANCEL, wait_for_stage=WorkflowUpdateStage.ACCEPTED,
                                          result_type=O.CancelResult)
    result = await within_deadline(cancel.result())
    assert result.outcome == "CANCELED" and result.order.ats_order_id is None  # the cancel won: never placed
    assert await market.result(order) == "CANCELED"
    assert await held_cash(state, uid, summary["order_id"]) == D("0.00")
    done = await wiz.ok({})
    assert done["status"] == "completed" and done["result"]["order_id"] == summary["order_id"]
    await finished(state, done["flow_id"], "PlaceOrder--queued-summary")
