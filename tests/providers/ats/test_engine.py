"""The matching engine by example: every refusal code, the uncross at the open, priorities, prices in ticks."""

from __future__ import annotations

from decimal import Decimal

import pytest

from providers.ats.engine import (
    Accepted,
    Book,
    Canceled,
    CancelOrder,
    CancelReason,
    CancelRejected,
    Close,
    Code,
    Fill,
    InstantBuy,
    Level,
    Mode,
    ModeChanged,
    Open,
    OrderStatus,
    PlaceOrder,
    PriceError,
    Rejected,
    Replaced,
    ReplaceOrder,
    ReplaceRejected,
    Side,
    TimeInForce,
    price_to_ticks,
    ticks_to_price,
)

BID, ASK = Side.BID, Side.ASK
IOC = TimeInForce.IMMEDIATE_OR_CANCEL


def bid(oid: str, account: str, price: int, units: int, tif: TimeInForce = TimeInForce.GOOD_TIL_CANCELED) -> PlaceOrder:
    return PlaceOrder(oid, account, BID, price, units, tif)


def ask(oid: str, account: str, price: int, units: int, tif: TimeInForce = TimeInForce.GOOD_TIL_CANCELED) -> PlaceOrder:
    return PlaceOrder(oid, account, ASK, price, units, tif)


def book_with(*commands: PlaceOrder | Open) -> Book:
    book = Book("X")
    for command in commands:
        assert not isinstance(book.apply(command)[0], Rejected)
    return book


def test_prices_are_whole_ticks_of_five_cents() -> None:
    assert price_to_ticks(Decimal("10.05")) == 201
    assert price_to_ticks("0.05") == 1
    assert ticks_to_price(201) == Decimal("10.05")
    for price, code in (("10.07", Code.OFF_TICK_PRICE), ("10.051", Code.OFF_TICK_PRICE), ("0", Code.INVALID_PRICE),
                        ("-0.05", Code.INVALID_PRICE), ("NaN", Code.INVALID_PRICE), ("ten", Code.INVALID_PRICE)):
        with pytest.raises(PriceError) as refused:
            price_to_ticks(price)
        assert refused.value.code is code


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (bid("a1", "B", 100, 1), Code.DUPLICATE_ORDER_ID),  # a1 is taken by the resting ask
        (bid("n", "B", 100, 0), Code.INVALID_UNITS),
        (bid("n", "B", 100, -3), Code.INVALID_UNITS),
        (bid("n", "B", 0, 1), Code.INVALID_PRICE),
        (bid("n", "B", 100, 1, IOC), Code.WINDOW_CLOSED_FOR_IOC),
        (InstantBuy("n", "B"), Code.WINDOW_CLOSED_FOR_IOC),
        (bid("n", "A", 90, 1), Code.CROSS_TRADING_PROHIBITED),  # A has an active ask
    ],
)
def test_orders_refused_while_post_only(command: PlaceOrder | InstantBuy, code: Code) -> None:
    book = book_with(ask("a1", "A", 100, 2))
    before = book.snapshot()
    assert book.apply(command) == [Rejected(command.order_id, code)]
    assert book.snapshot() == before  # a refused command changes nothing


def test_instant_buy_refused_without_an_ask_or_for_a_seller() -> None:
    book = book_with(Open(), bid("b1", "B", 100, 1))
    assert book.apply(InstantBuy("i1", "C")) == [Rejected("i1", Code.NO_ASK)]
    book.apply(ask("a1", "A", 101, 1))
    assert book.apply(InstantBuy("i2", "A")) == [Rejected("i2", Code.CROSS_TRADING_PROHIBITED)]
    assert book.apply(InstantBuy("i3", "B")) == [
        Accepted("i3", "B", BID, 101, 1, IOC),
        Fill(1, "i3", "a1", "B", "A", 101, 1, BID, 0, 0),
    ]


def test_instant_buy_takes_one_unit_at_the_lowest_ask() -> None:
    book = book_with(Open(), ask("a1", "A", 102, 5), ask("a2", "C", 101, 3))
    events = book.apply(InstantBuy("i", "B"))
    assert events == [Accepted("i", "B", BID, 101, 1, IOC), Fill(1, "i", "a2", "B", "C", 101, 1, BID, 0, 2)]
    assert book.depth(ASK) == [Level(101, 2, 1), Level(102, 5, 1)]


def test_a_crossing_order_sweeps_levels_at_the_resting_prices_then_rests() -> None:
    book = book_with(Open(), ask("a1", "A", 100, 2), ask("a2", "C", 100, 1), ask("a3", "A", 101, 5))
    events = book.apply(bid("b", "B", 101, 6))
    assert events == [
        Accepted("b", "B", BID, 101, 6, TimeInForce.GOOD_TIL_CANCELED),
        Fill(1, "b", "a1", "B", "A", 100, 2, BID, 4, 0),  # FIFO at 100: a1 before a2
        Fill(2, "b", "a2", "B", "C", 100, 1, BID, 3, 0),
        Fill(3, "b", "a3", "B", "A", 101, 3, BID, 0, 2),
    ]
    assert book.best_bid() is None and book.best_ask() == 101


def test_ioc_remainder_is_canceled() -> None:
    book = book_with(Open(), bid("b1", "B", 100, 2))
    assert book.apply(ask("s", "A", 99, 5, IOC)) == [
        Accepted("s", "A", ASK, 99, 5, IOC),
        Fill(1, "b1", "s", "B", "A", 100, 2, ASK, 0, 3),
        Canceled("s", 3, CancelReason.IOC_REMAINDER),
    ]
    view = book.order("s")
    assert view is not None and view.status is OrderStatus.CANCELED and (view.filled, view.canceled) == (2, 3)
    assert book.depth(ASK) == [] and book.depth(BID) == []


def test_cancel_outcomes() -> None:
    book = book_with(Open(), ask("a1", "A", 100, 2), ask("a2", "A", 105, 2))
    book.apply(bid("b", "B", 100, 2))
    assert book.apply(CancelOrder("a1")) == [CancelRejected("a1", Code.TOO_LATE_FILLED)]  # the fill came first
    assert book.apply(CancelOrder("a2")) == [Canceled("a2", 2, CancelReason.USER)]
    assert book.apply(CancelOrder("a2")) == [CancelRejected("a2", Code.ORDER_FINISHED)]
    assert book.apply(CancelOrder("zz")) == [CancelRejected("zz", Code.UNKNOWN_ORDER)]
    assert book.has_active("A", ASK) is False
    assert book.apply(bid("b2", "A", 90, 1))[0] == Accepted("b2", "A", BID, 90, 1, TimeInForce.GOOD_TIL_CANCELED)


def test_replace_refusals() -> None:
    book = book_with(Open(), ask("a1", "A", 100, 5), ask("gone", "A", 110, 1))
    book.apply(bid("b", "B", 100, 3))
    book.apply(CancelOrder("gone"))
    assert book.apply(ReplaceOrder("b", 100, 4)) == [ReplaceRejected("b", Code.TOO_LATE_FILLED)]
    assert book.apply(ReplaceOrder("gone", 110, 1)) == [ReplaceRejected("gone", Code.ORDER_FINISHED)]
    assert book.apply(ReplaceOrder("zz", 100, 1)) == [ReplaceRejected("zz", Code.UNKNOWN_ORDER)]
    assert book.apply(ReplaceOrder("a1", 100, 0)) == [ReplaceRejected("a1", Code.INVALID_UNITS)]
    assert book.apply(ReplaceOrder("a1", 0, 4)) == [ReplaceRejected("a1", Code.INVALID_PRICE)]
    assert book.apply(ReplaceOrder("a1", 100, 3)) == [ReplaceRejected("a1", Code.UNITS_NOT_ABOVE_FILLED)]  # 3 filled
    assert book.apply(ReplaceOrder("a1", 100, 4)) == [Replaced("a1", 100, 4, 1, True)]


def test_a_smaller_size_keeps_time_priority_a_larger_one_or_a_new_price_loses_it() -> None:
    book = book_with(bid("b1", "A", 100, 5), bid("b2", "B", 100, 5), bid("b3", "C", 100, 5))

    def queue() -> list[str]:
        return [o.order_id for o in book.queue(BID, 100)]

    assert book.apply(ReplaceOrder("b1", 100, 2)) == [Replaced("b1", 100, 2, 2, True)]
    assert queue() == ["b1", "b2", "b3"]
    assert book.apply(ReplaceOrder("b1", 100, 6)) == [Replaced("b1", 100, 6, 6, False)]
    assert queue() == ["b2", "b3", "b1"]
    assert book.apply(ReplaceOrder("b2", 99, 5)) == [Replaced("b2", 99, 5, 5, False)]
    assert book.apply(ReplaceOrder("b2", 100, 5)) == [Replaced("b2", 100, 5, 5, False)]
    assert queue() == ["b3", "b1", "b2"]
    assert book.depth(BID) == [Level(100, 16, 3)]


def test_a_replace_that_crosses_matches_at_once_while_continuous() -> None:
    book = book_with(Open(), ask("a1", "A", 101, 2), bid("b1", "B", 100, 3))
    assert book.apply(ReplaceOrder("b1", 102, 3)) == [
        Replaced("b1", 102, 3, 3, False),
        Fill(1, "b1", "a1", "B", "A", 101, 2, BID, 1, 0),
    ]
    assert book.depth(BID) == [Level(102, 1, 1)]


def test_post_only_rests_crossing_orders_and_the_open_uncrosses_by_price_then_time() -> None:
    book = book_with(
        ask("a1", "S1", 100, 3),  # oldest
        bid("b1", "B1", 103, 2),
        bid("b2", "B2", 101, 4),
        ask("a2", "S2", 99, 2),
        ask("a3", "S3", 102, 5),
        bid("b3", "B3", 98, 1),
    )
    assert book.best_bid() == 103 and book.best_ask() == 99  # crossed, nothing matched
    assert book.apply(Open()) == [
        ModeChanged(Mode.CONTINUOUS),
        # best bid b1@103 vs best ask a2@99: b1 arrived first, so the trade prints at b1's 103
        Fill(1, "b1", "a2", "B1", "S2", 103, 2, ASK, 0, 0),
        # b2@101 vs a1@100: a1 arrived first -> 100
        Fill(2, "b2", "a1", "B2", "S1", 100, 3, BID, 1, 0),
        # b2@101 vs a3@102: no longer crossed
    ]
    assert book.depth(BID) == [Level(101, 1, 1), Level(98, 1, 1)]
    assert book.depth(ASK) == [Level(102, 5, 1)]
    assert book.apply(Open()) == []  # already open
    assert book.apply(Close()) == [ModeChanged(Mode.POST_ONLY)]
    assert book.apply(Close()) == []
    assert book.apply(bid("b4", "B4", 110, 1))[1:] == []  # post-only again: it rests
    assert book.best_bid() == 110


def test_snapshot_restores_the_same_priorities() -> None:
    book = book_with(bid("b1", "A", 100, 5), bid("b2", "B", 100, 5), ask("a1", "C", 104, 1))
    book.apply(ReplaceOrder("b1", 100, 7))
    copy = Book.restore(book.snapshot())
    assert [o.order_id for o in copy.queue(BID, 100)] == ["b2", "b1"]
    assert copy.snapshot() == book.snapshot()
    for other in (book, copy):
        other.apply(Open())
    assert book.apply(ask("a2", "D", 99, 12)) == copy.apply(ask("a2", "D", 99, 12))


def test_canceled_orders_do_not_pile_up_behind_a_long_lived_head() -> None:
    book = book_with(bid("head", "A", 100, 1))
    for n in range(200):
        book.apply(bid(f"b{n}", "B", 100, 1))
        if n % 10:
            book.apply(CancelOrder(f"b{n}"))
    live = ["head"] + [f"b{n}" for n in range(0, 200, 10)]
    assert [o.order_id for o in book.queue(BID, 100)] == live
    assert len(book._levels[0][100].queue) <= 2 * len(live) + 33  # dead entries were compacted away
    book.apply(Open())
    fills = book.apply(ask("s", "C", 100, 21))[1:]
    assert [f.bid_order_id for f in fills if isinstance(f, Fill)] == live  # FIFO intact after compaction
