"""The trading calendar's buckets and their order (spec doc 3 §2.5, §9)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from domain.asset_status import ASSET_STATUSES, CLOSED_ICO, COMING_SOON, OPEN_ICO, POST_ONLY, TRADING
from domain.investments_calendar import CalendarAsset, buckets, is_live, session_window_end
from domain.trading.market_calendar import EASTERN

# Wednesday 2026-11-25 10:30 New York
WED = datetime(2026, 11, 25, 10, 30, tzinfo=EASTERN)


def test_the_session_window_is_four_weekdays_from_the_start_day() -> None:
    assert session_window_end(WED) == datetime(2026, 11, 30, 16, 30, tzinfo=EASTERN)  # Wed Thu Fri, Mon
    monday = datetime(2026, 11, 30, 10, 30, tzinfo=EASTERN)
    assert session_window_end(monday) == datetime(2026, 12, 3, 16, 30, tzinfo=EASTERN)  # Mon..Thu
    saturday = datetime(2026, 11, 28, 12, 0, tzinfo=EASTERN)  # a start on a weekend counts from the Monday
    assert session_window_end(saturday) == datetime(2026, 12, 3, 16, 30, tzinfo=EASTERN)


def test_live_from_the_start_until_the_window_closes_or_the_fourth_weekday() -> None:
    a = CalendarAsset(1, "#A", TRADING, session_start=WED)
    assert not is_live(a, WED - timedelta(seconds=1))
    assert is_live(a, WED)
    assert is_live(a, datetime(2026, 11, 30, 16, 29, tzinfo=EASTERN))
    assert not is_live(a, datetime(2026, 11, 30, 16, 30, tzinfo=EASTERN))
    demo = CalendarAsset(2, "#B", TRADING, session_start=WED, session_close=WED + timedelta(minutes=2))
    assert is_live(demo, WED + timedelta(minutes=1)) and not is_live(demo, WED + timedelta(minutes=2))
    assert not is_live(CalendarAsset(3, "#C", OPEN_ICO, session_start=WED), WED)  # not a traded asset


def test_the_four_buckets_and_their_order() -> None:
    now = WED + timedelta(hours=1)
    later, soon = now + timedelta(days=2), now + timedelta(hours=3)
    assets = [
        CalendarAsset(1, "#ZED", TRADING, session_start=WED),
        CalendarAsset(2, "#ABC", POST_ONLY, session_start=WED),  # its session runs: live, listed by ticker
        CalendarAsset(3, "#LATE", POST_ONLY, session_start=later),
        CalendarAsset(4, "#SOON", POST_ONLY, session_start=soon),
        CalendarAsset(5, "#AAA", POST_ONLY, session_start=soon),  # same start: by ticker
        CalendarAsset(6, "#CS2", COMING_SOON, offering_starts=later),
        CalendarAsset(7, "#CS1", COMING_SOON, offering_starts=soon),
        CalendarAsset(8, "#IO", OPEN_ICO, progress=40, offering_starts=WED),
        CalendarAsset(9, "#FULL", OPEN_ICO, progress=100, offering_starts=WED),  # sold out: not available
        CalendarAsset(10, "#CLOSED", CLOSED_ICO),
        CalendarAsset(11, "#IO0", OPEN_ICO, progress=0, offering_starts=WED - timedelta(days=1)),
    ]
    c = buckets(assets, now)
    assert c.live == [2, 1]
    assert c.post_only == [5, 4, 3]
    assert c.io_coming_soon == [7, 6]
    assert c.io_available == [11, 8]


statuses = st.sampled_from(ASSET_STATUSES)
moments = st.datetimes(min_value=datetime(2026, 1, 1), max_value=datetime(2027, 12, 31), timezones=st.just(UTC))
assets = st.builds(CalendarAsset, id=st.integers(0, 10_000), ticker=st.text("ABCXYZ", min_size=1, max_size=4).map("#".__add__),
                   status=statuses, progress=st.integers(0, 100), session_start=st.none() | moments,
                   session_close=st.none() | moments, offering_starts=st.none() | moments)


@given(st.lists(assets, max_size=30, unique_by=lambda a: a.id), moments)
def test_an_asset_is_in_at_most_one_bucket_and_each_bucket_is_sorted(items: list[CalendarAsset], now: datetime) -> None:
    c = buckets(items, now)
    listed = c.live + c.post_only + c.io_coming_soon + c.io_available
    assert len(listed) == len(set(listed))
    by_id = {a.id: a for a in items}
    assert [by_id[i].ticker for i in c.live] == sorted(by_id[i].ticker for i in c.live)
    starts = [(by_id[i].session_start, by_id[i].ticker) for i in c.post_only]
    assert starts == sorted(starts)  # every post-only asset has a start
    assert all(by_id[i].status == COMING_SOON for i in c.io_coming_soon)
    assert all(by_id[i].status == OPEN_ICO and by_id[i].progress < 100 for i in c.io_available)
    assert all(now < by_id[i].session_start for i in c.post_only)  # type: ignore[operator]
