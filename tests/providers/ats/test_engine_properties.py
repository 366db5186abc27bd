"""Hypothesis: random command streams on a few accounts and prices, the engine checked after every command against
the reference model (tests/providers/ats/engine_model.py) and against invariants read from the events alone."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from providers.ats.engine import (
    Accepted,
    Book,
    Canceled,
    CancelOrder,
    Close,
    Command,
    Event,
    Fill,
    InstantBuy,
    Mode,
    Open,
    OrderStatus,
    PlaceOrder,
    Replaced,
    ReplaceOrder,
    Side,
    TimeInForce,
    from_dict,
)
from tests.providers.ats.engine_model import ReferenceBook

ACCOUNTS = ("A", "B", "C", "D")
PRICE = st.sampled_from([*range(96, 105), *range(97, 104), 0])  # ticks around 100, now and then an invalid 0
UNITS = st.sampled_from([1, 2, 3, 4, 5, 1, 2, 3, 1, 0])  # 0 now and then: INVALID_UNITS
REF = st.integers(0, 30)  # picks an earlier order (see `build`)

KINDS = ["gtc"] * 8 + ["ioc"] * 2 + ["instant", "cancel", "cancel", "replace", "nudge", "nudge", "dup", "open", "close"]


@st.composite
def step(draw: st.DrawFn) -> tuple[Any, ...]:
    """One command in the making; the weights of KINDS: mostly limit orders, then cancels and replaces."""
    kind = draw(st.sampled_from(KINDS))
    account = draw(st.sampled_from(ACCOUNTS))
    if kind in ("gtc", "ioc"):
        tif = TimeInForce.GOOD_TIL_CANCELED if kind == "gtc" else TimeInForce.IMMEDIATE_OR_CANCEL
        return ("place", account, draw(st.sampled_from(Side)), draw(PRICE), draw(UNITS), tif)
    if kind == "replace":
        return (kind, draw(REF), draw(PRICE), draw(UNITS))
    if kind == "nudge":  # relative to the order's price and size: same price, smaller or equal size keeps priority
        return (kind, draw(REF), draw(st.sampled_from((-1, 0, 0, 1))), draw(st.integers(-2, 1)))
    if kind in ("cancel", "dup"):
        return (kind, draw(REF), account)
    return (kind, account)


def build(steps: list[tuple[Any, ...]], book: Book) -> Iterator[Command]:
    """Steps -> commands with fresh order ids; cancel/replace/dup point at the n-th id issued so far; a nudge
    replaces an order relative to its current price and size (read from `book` as the stream is applied)."""
    ids: list[str] = []

    def ref(n: int) -> str:  # three times in four a resting order, else any id issued so far or an unknown one
        active = [i for i in ids if (view := book.order(i)) is not None and view.status is OrderStatus.ACTIVE]
        if active and n % 4:
            return active[n % len(active)]
        n %= len(ids) + 1
        return ids[n] if n < len(ids) else f"unknown-{n}"

    for step in steps:
        kind = step[0]
        if kind in ("place", "instant"):
            ids.append(f"o{len(ids)}")
        if kind == "place":
            yield PlaceOrder(ids[-1], step[1], step[2], step[3], step[4], step[5])
        elif kind == "instant":
            yield InstantBuy(ids[-1], step[1])
        elif kind == "cancel":
            yield CancelOrder(ref(step[1]))
        elif kind == "replace":
            yield ReplaceOrder(ref(step[1]), step[2], step[3])
        elif kind == "nudge":
            view = book.order(ref(step[1]))
            price, units = (view.price_ticks, view.units) if view else (100, 1)
            yield ReplaceOrder(ref(step[1]), price + step[2], units + step[3])
        elif kind == "dup":
            yield PlaceOrder(ref(step[1]), step[2], Side.BID, 100, 1)
        else:
            yield Open() if kind == "open" else Close()


class Ledger:
    """What the events alone say about each order: size, fills, cancels, time of arrival in its queue."""

    def __init__(self) -> None:
        self.units: dict[str, int] = {}
        self.filled: dict[str, int] = defaultdict(int)
        self.canceled: dict[str, int] = defaultdict(int)
        self.arrival: dict[str, int] = {}
        self.clock = 0

    def record(self, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, Accepted) or (isinstance(e, Replaced) and not e.kept_priority):
                self.clock += 1
                self.arrival[e.order_id] = self.clock
            if isinstance(e, Accepted | Replaced):
                self.units[e.order_id] = e.units
            elif isinstance(e, Fill):
                assert e.buy_account != e.sell_account, "self-match"
                self.filled[e.bid_order_id] += e.units
                self.filled[e.ask_order_id] += e.units
            elif isinstance(e, Canceled):
                self.canceled[e.order_id] += e.remaining_units


def check_book(book: Book, model: ReferenceBook, ledger: Ledger) -> None:
    resting: set[str] = set()
    sides_of: dict[str, set[Side]] = defaultdict(set)
    for side in Side:
        depth = book.depth(side)
        assert depth == model.depth(side)
        for level in depth:
            queue = book.queue(side, level.price_ticks)
            assert [o.order_id for o in queue] == [r.order_id for r in model.side_sorted(side) if r.price == level.price_ticks]
            arrivals = [ledger.arrival[o.order_id] for o in queue]
            assert arrivals == sorted(arrivals), "FIFO broken at a price"
            assert sum(o.remaining for o in queue) == level.units and len(queue) == level.orders
            for o in queue:
                resting.add(o.order_id)
                sides_of[o.account].add(side)
    assert all(len(sides) == 1 for sides in sides_of.values()), "an account holds an active bid and ask"
    bid, ask = book.best_bid(), book.best_ask()
    if book.mode is Mode.CONTINUOUS and bid is not None and ask is not None:
        assert bid < ask, "crossed book while continuous"
    for order_id, units in ledger.units.items():
        view = book.order(order_id)
        assert view is not None
        assert view.units == units and view.filled == ledger.filled[order_id] and view.canceled == ledger.canceled[order_id]
        assert view.filled + view.remaining + view.canceled == view.units
        assert (view.status is OrderStatus.ACTIVE) == (order_id in resting) == (view.remaining > 0)
        if view.status is OrderStatus.FILLED:
            assert view.filled == view.units


def check_replace(book: Book, command: ReplaceOrder, events: list[Event], before: Any, queue_before: list[str]) -> None:
    if not isinstance(events[0], Replaced):
        return
    kept = command.price_ticks == before.price_ticks and command.units <= before.units
    assert events[0].kept_priority == kept
    after = book.order(command.order_id)
    assert after is not None
    if kept:
        assert [o.order_id for o in book.queue(after.side, after.price_ticks)] == queue_before
    elif after.status is OrderStatus.ACTIVE:
        assert book.queue(after.side, after.price_ticks)[-1].order_id == command.order_id, "re-queued order not last"


def label(e: Event) -> str:
    """Event kind and reason, for --hypothesis-show-statistics (how often each outcome is exercised)."""
    reason = getattr(e, "code", None) or getattr(e, "reason", None) or ("kept" if getattr(e, "kept_priority", False) else "")
    return f"{type(e).__name__} {reason}".strip()


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step(), min_size=8, max_size=60), st.booleans())
def test_engine_matches_the_model_after_every_command(steps: list[tuple[Any, ...]], open_first: bool) -> None:
    book, model, ledger = Book("X"), ReferenceBook(), Ledger()
    restored: Book | None = None
    commands: list[Command] = []
    for n, command in enumerate(build([("open",)] * open_first + steps, book)):
        commands.append(command)
        if n == len(steps) // 2:
            restored = Book.restore(json.loads(json.dumps(book.snapshot())))
        before, queue_before = None, []
        if isinstance(command, ReplaceOrder) and (before := book.order(command.order_id)) is not None:
            queue_before = [o.order_id for o in book.queue(before.side, before.price_ticks)]
        events = book.apply(command)
        assert events == model.apply(command)
        if restored is not None:
            assert restored.apply(command) == events
        ledger.record(events)
        for e in events:
            event(label(e))
        check_book(book, model, ledger)
        if isinstance(command, ReplaceOrder):
            check_replace(book, command, events, before, queue_before)
        for message in (command, *events):
            assert from_dict(json.loads(json.dumps(message.to_dict()))) == message
    assert Book.replay(commands, "X").snapshot() == book.snapshot()
