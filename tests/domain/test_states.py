"""States offered in forms, and where investing is available."""

from __future__ import annotations

from domain.states import ENABLED_STATES, STATES, StateStatus, is_blocked, offering_states, state_status


def test_fifty_states_dc_and_puerto_rico_of_which_32_invest() -> None:
    assert len(STATES) == 52 and {"DC", "PR"} <= STATES.keys()
    assert len(ENABLED_STATES) == 32 and STATES.keys() >= ENABLED_STATES


def test_a_state_outside_the_enabled_set_is_blocked() -> None:
    assert is_blocked("TX") and is_blocked("DC")
    assert not is_blocked("CA")
    assert not is_blocked("")  # not chosen yet: nothing to block
    assert not is_blocked("TX", frozenset({"TX"}))


def test_offering_and_trading_are_enabled_apart() -> None:
    assert state_status("CA") == StateStatus(is_state_blocked=False, io_enabled=True, trading_enabled=True)
    assert state_status("TX") == StateStatus(False, False, False)  # outside the investing states
    # the offering closed in a state: trading only (the trading-approved popup's case)
    assert state_status("CA", io_closed=frozenset({"CA"})) == StateStatus(False, False, True)
    assert state_status("CA", blocked=frozenset({"CA"})) == StateStatus(True, False, False)
    assert state_status("") == StateStatus(False, True, True)
    assert offering_states(["CA", "NY", "WA"], ["NY"]) == ["CA", "WA"]
