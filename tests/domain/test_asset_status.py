"""Asset statuses: the progress bar and which statuses offer a notification."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domain.asset_status import (
    ASSET_STATUSES,
    CLOSED_ICO,
    COMING_SOON,
    NOTIFY_ME_STATUSES,
    NOTIFY_ON_TRADING_STATUSES,
    TRADING_CLOSED,
    progress_bar,
)


def test_progress_is_the_whole_percent_sold_capped_at_100() -> None:
    assert progress_bar(0, 100) == 0
    assert progress_bar(1, 3) == 33
    assert progress_bar(2, 3) == 66
    assert progress_bar(100, 100) == 100
    assert progress_bar(150, 100) == 100


def test_an_asset_without_shares_shows_no_progress() -> None:
    assert progress_bar(5, 0) == 0


@given(st.integers(0, 10**9), st.integers(1, 10**9))
def test_progress_is_a_percentage(sold: int, shares: int) -> None:
    assert 0 <= progress_bar(sold, shares) <= 100


def test_notifications_are_offered_for_the_spec_s_statuses() -> None:
    assert {CLOSED_ICO, TRADING_CLOSED} == NOTIFY_ON_TRADING_STATUSES
    assert {COMING_SOON} == NOTIFY_ME_STATUSES
    assert set(ASSET_STATUSES) >= NOTIFY_ON_TRADING_STATUSES | NOTIFY_ME_STATUSES
    assert len(set(ASSET_STATUSES)) == 6
