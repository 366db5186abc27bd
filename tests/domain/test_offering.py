"""The offering lifecycle rules: which status comes next, and when."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.asset_status import CLOSED_ICO, COMING_SOON, OPEN_ICO, POST_ONLY, TRADING, TRADING_CLOSED
from domain.offering import Transition, finished, next_transition, sold_out

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
DAY = timedelta(days=1)


def nxt(status: str, starts: datetime | None = NOW + DAY, ends: datetime | None = NOW + 30 * DAY, sold: int = 0,
        shares: int = 100) -> Transition | None:
    return next_transition(status, starts, ends, sold, shares, NOW)


def test_coming_soon_opens_at_offering_starts() -> None:
    assert nxt(COMING_SOON) == Transition(COMING_SOON, OPEN_ICO, NOW + DAY, "offering starts")


def test_coming_soon_past_its_start_opens_now() -> None:
    t = nxt(COMING_SOON, starts=NOW - DAY)
    assert t is not None and t.to_status == OPEN_ICO and t.due <= NOW


def test_coming_soon_without_a_start_date_waits() -> None:
    assert nxt(COMING_SOON, starts=None) is None


@pytest.mark.parametrize(("starts", "ends", "sold"), [
    (NOW - 3 * DAY, NOW - DAY, 0),  # the whole offering went by while nothing ran
    (NOW + DAY, NOW + DAY, 0),  # an offering that ends as it starts
    (NOW + DAY, NOW + 30 * DAY, 100),  # early access bought every share
])
def test_coming_soon_that_cannot_open_closes_at_its_start(starts: datetime, ends: datetime, sold: int) -> None:
    assert nxt(COMING_SOON, starts=starts, ends=ends, sold=sold) == Transition(COMING_SOON, CLOSED_ICO, starts,
                                                                                "offering starts")


def test_open_ico_closes_at_offering_ends() -> None:
    assert nxt(OPEN_ICO, starts=NOW - DAY, sold=99) == Transition(OPEN_ICO, CLOSED_ICO, NOW + 30 * DAY, "offering ends")


def test_open_ico_sold_out_closes_now() -> None:
    assert nxt(OPEN_ICO, sold=100) == Transition(OPEN_ICO, CLOSED_ICO, NOW, "sold out")
    assert nxt(OPEN_ICO, ends=None, sold=120) == Transition(OPEN_ICO, CLOSED_ICO, NOW, "sold out")


def test_open_ico_without_an_end_date_waits() -> None:
    assert nxt(OPEN_ICO, ends=None) is None


def test_open_ico_past_its_end_closes_now() -> None:
    t = nxt(OPEN_ICO, ends=NOW - DAY)
    assert t is not None and t.to_status == CLOSED_ICO and t.due <= NOW


@pytest.mark.parametrize("status", [CLOSED_ICO, TRADING, POST_ONLY, TRADING_CLOSED])
def test_later_statuses_are_left_alone(status: str) -> None:
    assert nxt(status, sold=100) is None and finished(status)


def test_offering_statuses_are_not_finished() -> None:
    assert not finished(COMING_SOON) and not finished(OPEN_ICO)


def test_sold_out_when_every_share_is_sold() -> None:
    assert not sold_out(99, 100) and sold_out(100, 100) and sold_out(101, 100)
