"""The "Notify me" notice rules: which subscription an event answers, when it is due, its key and its words."""

from __future__ import annotations

import pytest

from domain.asset_status import (
    ASSET_STATUSES,
    CLOSED_ICO,
    COMING_SOON,
    NOTIFY_ME_STATUSES,
    NOTIFY_ON_TRADING_STATUSES,
    OPEN_ICO,
    POST_ONLY,
    TRADING,
    TRADING_CLOSED,
)
from domain.notices import (
    EVENT,
    OFFERING_OPEN,
    TRADING_OPEN,
    UnknownEvent,
    kind_of,
    mail_text,
    notice_key,
    reached,
    words,
)


def test_each_event_answers_one_subscription_kind() -> None:
    assert kind_of(OFFERING_OPEN) == "notify_me" and kind_of(TRADING_OPEN) == "notify_on_trading"
    assert EVENT == {"notify_me": OFFERING_OPEN, "notify_on_trading": TRADING_OPEN}
    with pytest.raises(UnknownEvent):
        kind_of("offering-closed")


def test_the_offering_opened_once_it_takes_orders() -> None:
    assert [s for s in ASSET_STATUSES if reached(OFFERING_OPEN, s)] == [OPEN_ICO]


def test_trading_opened_once_the_market_takes_orders() -> None:
    assert {s for s in ASSET_STATUSES if reached(TRADING_OPEN, s)} == {TRADING, POST_ONLY}
    assert not reached(TRADING_OPEN, TRADING_CLOSED) and not reached(TRADING_OPEN, CLOSED_ICO)


def test_an_event_is_never_due_in_a_status_one_may_subscribe_in() -> None:
    """A subscription taken now is never answered at once: the api only takes them before the event."""
    assert not any(reached(OFFERING_OPEN, s) for s in NOTIFY_ME_STATUSES)
    assert not any(reached(TRADING_OPEN, s) for s in NOTIFY_ON_TRADING_STATUSES)
    assert COMING_SOON in NOTIFY_ME_STATUSES


def test_the_key_is_one_per_subscription_and_event() -> None:
    assert notice_key(12, OFFERING_OPEN, 42, 7) == "notice:12:offering-open:42:7"
    assert len({notice_key(12, e, 42, s) for e in (OFFERING_OPEN, TRADING_OPEN) for s in (7, 8)}) == 4


def test_the_words_name_the_asset_and_what_opened() -> None:
    w = words(TRADING_OPEN, "#88F40", "1988 Ferrari F40")
    assert w.title == "#88F40 is now open for trading"
    assert w.body.startswith("1988 Ferrari F40 (#88F40) is now open for trading.")
    assert words(OFFERING_OPEN, "#A", "A").title == "#A is now open for investment"
    text = mail_text(w.body, "http://app.test/app/assets/cars/88F40")
    assert w.body in text and "http://app.test/app/assets/cars/88F40" in text
