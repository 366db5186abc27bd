"""States offered in forms, and where investing is available."""

from __future__ import annotations

from domain.states import ENABLED_STATES, STATES, is_blocked


def test_fifty_states_dc_and_puerto_rico_of_which_32_invest() -> None:
    assert len(STATES) == 52 and {"DC", "PR"} <= STATES.keys()
    assert len(ENABLED_STATES) == 32 and STATES.keys() >= ENABLED_STATES


def test_a_state_outside_the_enabled_set_is_blocked() -> None:
    assert is_blocked("TX") and is_blocked("DC")
    assert not is_blocked("CA")
    assert not is_blocked("")  # not chosen yet: nothing to block
    assert not is_blocked("TX", frozenset({"TX"}))
