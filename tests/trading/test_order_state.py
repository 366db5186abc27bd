"""The order workflow's state (workflows/trading/order_state.py) as a model: however late, doubled or reordered the ATS's
webhooks arrive, the order ends as the newest one says, an ended order never reopens and a settled execution
never goes back; what the investor sees follows."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from activities.interfaces.trading import AtsExecution, AtsOrder
from workflows.trading import order_types as O
from workflows.trading.order_state import OrderState

INP = O.OrderInput(order_id="o1", user_id=7, asset_id=3, ticker="#T1", side="BID", order_type="LIMIT",
                   term="GOOD_TIL_CANCELED", units=5, unit_price="10.00", created="2026-11-23T10:00:00+00:00")


def _history(fills: list[int], end: str) -> list[AtsOrder]:
    """The order's successive states at the ATS: resting, partly filled (growing), then ended."""
    out, filled = [AtsOrder("ats-1", "SUBMITTED", 5, 0, "10.00", "2026-11-23T10:00:00.000000+00:00")], 0
    for n, k in enumerate(fills, 1):
        filled = min(5, filled + k)
        status = "FILLED" if filled == 5 else "PARTIALLY_FILLED"
        out.append(AtsOrder("ats-1", status, 5, filled, "10.00", f"2026-11-23T10:00:{n:02d}.000000+00:00"))
        if status == "FILLED":
            return out
    final = "CANCELED" if filled == 0 else "PARTIALLY_FILLED_AND_CANCELED"
    out.append(AtsOrder("ats-1", final if end == "cancel" else out[-1].status, 5, filled, "10.00",
                        "2026-11-23T10:01:00.000000+00:00"))
    return out


@given(st.lists(st.integers(1, 3), max_size=4), st.sampled_from(["cancel", "rest"]), st.randoms())
def test_the_newest_order_state_wins_whatever_the_arrival(fills: list[int], end: str, rnd: random.Random) -> None:
    history = _history(fills, end)
    arrivals = history + [rnd.choice(history) for _ in range(3)]
    rnd.shuffle(arrivals)
    s = OrderState.start(INP)
    s.apply_order(history[0])
    for o in arrivals:
        s.apply_order(o, fresh=False)
    assert s.ats == history[-1]
    assert s.ended() == (history[-1].status in O.ENDED)
    # a fresh read of an older open state never reopens an ended order
    if s.ended():
        s.apply_order(history[0])
        assert s.ats == history[-1]


@given(st.permutations(["PENDING_CONFIRMATION", "PENDING_CONFIRMATION", "SETTLED", "SETTLED"]), st.booleans())
def test_a_settled_execution_never_goes_back_and_is_settled_once(statuses: list[str], confirmed: bool) -> None:
    s = OrderState.start(INP)
    s.apply_order(AtsOrder("ats-1", "FILLED", 5, 5, "10.00", "2026-11-23T10:00:01.000000+00:00"))
    times = {"PENDING_CONFIRMATION": "2026-11-23T10:00:01.000000+00:00", "SETTLED": "2026-11-23T12:00:00.000000+00:00"}
    for status in statuses:
        s.apply_execution(AtsExecution("x1", status, 5, "9.95", "W-T1-d1", confirmed and status != "SETTLED",
                                       times[status]), fresh=False)
    assert s.executions["x1"].status == "SETTLED"
    assert [x.id for x in s.to_settle()] == ["x1"]
    s.settled.add("x1")
    assert s.to_settle() == [] and s.done()
    view = s.view()
    assert view.status == "FILLED" and view.pricing_debited == "49.75" and view.confirmed_matched_status is None


def test_a_match_waiting_for_confirmation_shows_on_the_view() -> None:
    s = OrderState.start(INP)
    s.apply_order(AtsOrder("ats-1", "PARTIALLY_FILLED", 5, 2, "10.00", "2026-11-23T10:00:01.000000+00:00"))
    s.apply_execution(AtsExecution("x1", "PENDING_CONFIRMATION", 2, "10.00", "W-T1-d1", False, "t1"))
    view = s.view()
    assert (view.confirmed_matched_status, view.matched_shares_count, view.window_id) == ("PARTIALLY_MATCHED", 2, "W-T1-d1")
    assert not s.done() and [x.id for x in s.waiting_confirmation()] == ["x1"]
    s.pending = O.PENDING_CANCEL
    assert s.view().status == O.PENDING_CANCEL
    carried = OrderState.start(O.OrderInput(**{**INP.__dict__, "carried": s.carry()}))
    assert (carried.ats and carried.ats.id, carried.filled, carried.version) == ("ats-1", 2, s.version)


def test_what_frees_part_of_the_hold_is_told_once_and_never_once_the_order_is_done() -> None:
    """Issue 30: the ledger is told the order's end with units unfilled, a voided execution and a bid's execution
    below its limit (each once: `released` is carried across continue-as-new); an order done needs none of it."""
    s = OrderState.start(INP)
    assert s.release_facts() == []  # not placed
    s.apply_order(AtsOrder("ats-1", "PARTIALLY_FILLED", 5, 2, "10.00", "2026-11-23T10:00:01.000000+00:00"))
    below = AtsExecution("x1", "PENDING_CONFIRMATION", 2, "9.50", "w1", False, "2026-11-23T10:00:01.000000+00:00")
    at_limit = AtsExecution("x2", "PENDING_CONFIRMATION", 1, "10.00", "w1", False, "2026-11-23T10:00:02.000000+00:00")
    s.apply_execution(below)
    s.apply_execution(at_limit)
    assert s.release_facts() == ["below:x1"]  # an execution at the limit frees nothing
    s.released.update(s.release_facts())
    s.apply_order(AtsOrder("ats-1", "PARTIALLY_FILLED_AND_CANCELED", 5, 3, "10.00", "2026-11-23T10:00:03.000000+00:00"))
    assert s.release_facts() == ["end"]
    s.released.update(s.release_facts())
    s.apply_execution(AtsExecution("x2", "VOIDED", 1, "10.00", "w1", False, "2026-11-23T10:00:04.000000+00:00"))
    assert s.release_facts() == ["void:x2"]
    carried = OrderState.start(O.OrderInput(**{**INP.__dict__, "carried": s.carry()}))
    assert carried.released == {"below:x1", "end"}
    s.settled.add("x1")
    s.voided.add("x2")
    assert s.done() and s.release_facts() == []  # the end's release gives back the rest
    filled = OrderState.start(INP)
    filled.apply_order(AtsOrder("ats-1", "FILLED", 5, 5, "10.00", "2026-11-23T10:00:01.000000+00:00"))
    assert filled.release_facts() == []  # ended with nothing unfilled
