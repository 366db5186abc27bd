"""The analytics names: the asset page's six slides and the agreement are views, the rest events; a record whose
kind is not its name's is refused with a message naming both, a client time far off too."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from domain.analytics import BAD_TIME, VIEWS, AnalyticsName, client_time_error, kind_error, kind_of


def test_the_six_slides_and_the_agreement_are_views() -> None:
    assert {n for n in AnalyticsName if n.value.startswith("Asset Detail - ")} | {AnalyticsName.AGREEMENT} == VIEWS
    assert len(VIEWS) == 7
    assert all(kind_of(n) == "view" for n in VIEWS)


def test_the_rest_are_events() -> None:
    assert {n for n in AnalyticsName if kind_of(n) == "event"} == {
        AnalyticsName.DEPOSIT, AnalyticsName.WITHDRAWAL, AnalyticsName.PROMO_CODE, AnalyticsName.ORDER_PLACED,
        AnalyticsName.AGREEMENT_SIGNED}


def test_a_kind_that_is_not_the_names_is_refused() -> None:
    assert kind_error("view", AnalyticsName.ASSET_MAIN) is None
    assert kind_error("event", AnalyticsName.ORDER_PLACED) is None
    assert kind_error("event", AnalyticsName.ASSET_MAIN) == "'Asset Detail - Main' is recorded as a view, not as an event."


def test_a_client_time_far_off_is_refused() -> None:
    assert client_time_error(None) is None
    assert client_time_error(datetime(2026, 11, 28, 9, tzinfo=timezone(timedelta(hours=-5)))) is None
    assert client_time_error(datetime(1999, 12, 31, tzinfo=UTC)) == BAD_TIME
    assert client_time_error(datetime(9999, 12, 31, 23, tzinfo=timezone(timedelta(hours=-14)))) == BAD_TIME
