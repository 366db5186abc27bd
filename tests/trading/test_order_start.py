"""Starting an order as the api's create does (workflows/trading/order_start.py, `new_only`): the same business key never
starts a second order — not while the first runs, not after it ended — on the real Temporal dev server and the
ATS sandbox (tests/trading/order_harness.py)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from temporalio.client import WorkflowExecutionStatus
from temporalio.exceptions import WorkflowAlreadyStartedError

from tests.trading.conftest import Sessions, investor
from tests.trading.order_harness import FAST, Market
from workflows.trading import order_types as O
from workflows.trading.order_start import start_order


async def test_the_same_key_never_starts_a_second_order(market: Market, sessions: Sessions) -> None:
    asset_id, ticker = await market.listing(sessions)
    await market.next_session()
    uid = await investor(sessions, "30.00")
    inp = O.OrderInput(order_id=O.order_id_for(uid, uuid.uuid4().hex), user_id=uid, asset_id=asset_id, ticker=ticker,
                       side="BID", order_type="LIMIT", term="GOOD_TIL_CANCELED", units=1, unit_price="10.00",
                       timings=FAST, created=datetime.now(UTC).isoformat())
    handle = await start_order(market.client, inp, market.settings.task_queue, new_only=True)
    assert (await market.submit(handle)).status == "SUBMITTED"
    with pytest.raises(WorkflowAlreadyStartedError):  # a retried create while the order runs
        await start_order(market.client, inp, market.settings.task_queue, new_only=True)
    result = await handle.execute_update(O.CANCEL, result_type=O.CancelResult)
    assert result.outcome == "CANCELED"
    assert await market.result(handle) == "CANCELED"
    with pytest.raises(WorkflowAlreadyStartedError):  # a retried create after the order ended
        await start_order(market.client, inp, market.settings.task_queue, new_only=True)
    described = await handle.describe()  # the one run, ended: nothing started again under its id
    assert described.status == WorkflowExecutionStatus.COMPLETED and described.run_id == handle.result_run_id
