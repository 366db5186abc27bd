"""One instrument's order book: the commands and the matching (the public API is described in
providers/ats/engine.py; the state, its read-only queries and the snapshot are in providers/ats/book_state.py).

The hot paths (place, match, cancel) are written for CPython speed: sides as 0/1 indexes, locals for attributes
read in loops, one allocation per event and per accepted order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from providers.ats.book_state import BookState, _Finished, _Level, _Order
from providers.ats.engine_types import (
    Accepted,
    Canceled,
    CancelOrder,
    CancelReason,
    CancelRejected,
    Close,
    Code,
    Command,
    Event,
    Fill,
    InstantBuy,
    Mode,
    ModeChanged,
    Open,
    OrderStatus,
    PlaceOrder,
    Rejected,
    Replaced,
    ReplaceOrder,
    ReplaceRejected,
    Side,
    TimeInForce,
)

BID, ASK = Side.BID, Side.ASK
IOC = TimeInForce.IMMEDIATE_OR_CANCEL
ACTIVE, CANCELED = OrderStatus.ACTIVE, OrderStatus.CANCELED
# Enum members as module constants: `Code.X` is a slow lookup (EnumType has a __getattr__, so no attribute cache)
USER, IOC_REMAINDER = CancelReason.USER, CancelReason.IOC_REMAINDER
CONTINUOUS, POST_ONLY = Mode.CONTINUOUS, Mode.POST_ONLY
CROSS_TRADING_PROHIBITED = Code.CROSS_TRADING_PROHIBITED
DUPLICATE_ORDER_ID = Code.DUPLICATE_ORDER_ID
INVALID_PRICE = Code.INVALID_PRICE
INVALID_UNITS = Code.INVALID_UNITS
NO_ASK = Code.NO_ASK
ORDER_FINISHED = Code.ORDER_FINISHED
TOO_LATE_FILLED = Code.TOO_LATE_FILLED
UNITS_NOT_ABOVE_FILLED = Code.UNITS_NOT_ABOVE_FILLED
UNKNOWN_ORDER = Code.UNKNOWN_ORDER
WINDOW_CLOSED_FOR_IOC = Code.WINDOW_CLOSED_FOR_IOC


class Book(BookState):
    """One instrument's book; a single writer calls `apply` one command at a time."""

    def apply(self, command: Command) -> list[Event]:
        """Run one command; its events, in order. Never raises for a valid command object."""
        return _HANDLERS[type(command)](self, command)

    @classmethod
    def replay(cls, commands: Iterable[Command], instrument: str = "") -> Book:
        """A book rebuilt by applying `commands` from an empty post-only book (the events are dropped)."""
        book = cls(instrument)
        for command in commands:
            book.apply(command)
        return book

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Book:
        """The book a `snapshot()` describes; resting orders go back in their time priority."""
        book = cls(data["instrument"], Mode(data["mode"]))
        book._load(data)
        return book

    # ---- commands ------------------------------------------------------------------------------------------

    def _place(self, c: PlaceOrder) -> list[Event]:
        oid = c.order_id
        if oid in self._orders:
            return [Rejected(oid, DUPLICATE_ORDER_ID)]
        units, price, tif = c.units, c.price_ticks, c.tif
        if units <= 0:
            return [Rejected(oid, INVALID_UNITS)]
        if price <= 0:
            return [Rejected(oid, INVALID_PRICE)]
        if tif is IOC and not self._continuous:
            return [Rejected(oid, WINDOW_CLOSED_FOR_IOC)]
        side, account = c.side, c.account
        s = 0 if side is BID else 1
        if account in self._active[1 - s]:
            return [Rejected(oid, CROSS_TRADING_PROHIBITED)]
        self._seq += 1
        order = self._orders[oid] = _Order(oid, account, side, s, price, units, tif, self._seq)
        events: list[Event] = [Accepted(oid, account, side, price, units, tif)]
        if self._continuous:  # `_enter` unrolled: the most frequent command
            best = self._best[1 - s]
            if best is not None and (best <= price if s == 0 else best >= price):
                self._match(order, events)
                if not order.remaining:
                    self._finish(order, True)
                    return events
        if tif is IOC:
            self._end_ioc(order, events)
        else:
            self._rest(order)
        return events

    def _instant_buy(self, c: InstantBuy) -> list[Event]:
        oid = c.order_id
        if oid in self._orders:
            return [Rejected(oid, DUPLICATE_ORDER_ID)]
        if not self._continuous:
            return [Rejected(oid, WINDOW_CLOSED_FOR_IOC)]
        if c.account in self._active[1]:
            return [Rejected(oid, CROSS_TRADING_PROHIBITED)]
        price = self._best[1]
        if price is None:
            return [Rejected(oid, NO_ASK)]
        self._seq += 1
        order = self._orders[oid] = _Order(oid, c.account, BID, 0, price, 1, IOC, self._seq)
        events: list[Event] = [Accepted(oid, c.account, BID, price, 1, IOC)]
        self._enter(order, events)
        return events

    def _cancel(self, c: CancelOrder) -> list[Event]:
        order = self._orders.get(c.order_id)
        if order is None:
            return [CancelRejected(c.order_id, UNKNOWN_ORDER)]
        if not isinstance(order, _Order):
            return [CancelRejected(c.order_id, _finished_code(order))]
        units = order.remaining
        self._unlink(order)
        order.canceled += units
        self._finish(order, False)
        self._drop_active(order)
        return [Canceled(c.order_id, units, USER)]

    def _replace(self, c: ReplaceOrder) -> list[Event]:
        oid = c.order_id
        order = self._orders.get(oid)
        if order is None:
            return [ReplaceRejected(oid, UNKNOWN_ORDER)]
        if not isinstance(order, _Order):
            return [ReplaceRejected(oid, _finished_code(order))]
        if c.units <= 0:
            return [ReplaceRejected(oid, INVALID_UNITS)]
        if c.price_ticks <= 0:
            return [ReplaceRejected(oid, INVALID_PRICE)]
        if c.units <= order.filled:
            return [ReplaceRejected(oid, UNITS_NOT_ABOVE_FILLED)]
        if c.price_ticks == order.price and c.units <= order.units:  # same price, not larger: keeps its place
            delta = order.units - c.units
            order.units = c.units
            order.remaining -= delta
            self._levels[order.s][order.price].units -= delta
            return [Replaced(oid, c.price_ticks, c.units, order.remaining, True)]
        self._unlink(order)
        order.status = CANCELED  # the old deque entry is dead; the account stays active through `moved`
        self._drop_active(order)
        self._seq += 1
        moved = self._orders[oid] = _Order(oid, order.account, order.side, order.s, c.price_ticks, c.units, order.tif, self._seq)
        moved.filled = order.filled
        moved.remaining = c.units - order.filled
        events: list[Event] = [Replaced(oid, c.price_ticks, c.units, moved.remaining, False)]
        self._enter(moved, events)
        return events

    def _open(self, c: Open) -> list[Event]:
        if self._continuous:
            return []
        self._continuous = True
        events: list[Event] = [ModeChanged(CONTINUOUS)]
        self._uncross(events)
        return events

    def _close(self, c: Close) -> list[Event]:
        if not self._continuous:
            return []
        self._continuous = False
        return [ModeChanged(POST_ONLY)]

    # ---- matching ------------------------------------------------------------------------------------------

    def _enter(self, order: _Order, events: list[Event]) -> None:
        """An accepted (or re-queued) order: match it while continuous, then rest it, or end it (filled / IOC)."""
        if self._continuous:
            best = self._best[1 - order.s]
            if best is not None and (best <= order.price if order.s == 0 else best >= order.price):
                self._match(order, events)
        if not order.remaining:
            self._finish(order, True)
        elif order.tif is IOC:
            self._end_ioc(order, events)
        else:
            self._rest(order)

    def _end_ioc(self, order: _Order, events: list[Event]) -> None:
        order.canceled = order.remaining
        events.append(Canceled(order.order_id, order.remaining, IOC_REMAINDER))
        order.remaining = 0
        self._finish(order, False)

    def _match(self, order: _Order, events: list[Event]) -> None:
        """The incoming `order` takes the opposite side, best price first and FIFO within a price, each fill at the
        resting order's price, until it is filled or no longer crosses."""
        other = 1 - order.s
        levels, best, limit, is_bid = self._levels[other], self._best, order.price, order.s == 0
        while True:
            price = best[other]
            if price is None or (price > limit if is_bid else price < limit):
                return
            level: _Level = levels[price]
            queue = level.queue
            while True:
                resting = queue[0]
                if resting.status is not ACTIVE:
                    queue.popleft()
                    continue
                want, have = order.remaining, resting.remaining
                units = want if want < have else have
                order.remaining = want - units
                order.filled += units
                resting.remaining = have - units
                resting.filled += units
                level.units -= units
                self._executions += 1
                if is_bid:
                    events.append(Fill(self._executions, order.order_id, resting.order_id, order.account, resting.account,
                                       price, units, BID, want - units, have - units))
                else:
                    events.append(Fill(self._executions, resting.order_id, order.order_id, resting.account, order.account,
                                       price, units, ASK, have - units, want - units))
                if have == units:
                    self._finish(resting, True)
                    queue.popleft()
                    self._drop_active(resting)
                    level.count -= 1
                    if not level.count:
                        self._drop_level(other, price)
                        if order.remaining:
                            break  # on to the next price
                        return
                if not order.remaining:
                    return

    def _uncross(self, events: list[Event]) -> None:
        """Price-time sweep of a crossed book: while best bid >= best ask, the oldest live order at the best bid
        trades with the oldest live order at the best ask, at the price of whichever of the two arrived first
        (lower priority sequence: the resting one), the younger one counting as aggressor."""
        best = self._best
        while best[0] is not None and best[1] is not None and best[0] >= best[1]:
            bid_level, ask_level = self._levels[0][best[0]], self._levels[1][best[1]]
            bid, ask = _head(bid_level), _head(ask_level)
            older_bid = bid.seq < ask.seq
            units = min(bid.remaining, ask.remaining)
            for order, level in ((bid, bid_level), (ask, ask_level)):
                order.remaining -= units
                order.filled += units
                level.units -= units
            self._executions += 1
            events.append(Fill(self._executions, bid.order_id, ask.order_id, bid.account, ask.account,
                               bid.price if older_bid else ask.price, units, ASK if older_bid else BID,
                               bid.remaining, ask.remaining))
            for order, level in ((bid, bid_level), (ask, ask_level)):
                if not order.remaining:
                    self._finish(order, True)
                    level.queue.popleft()
                    self._drop_active(order)
                    level.count -= 1
                    if not level.count:
                        self._drop_level(order.s, level.price)


# The handler of each command type, as plain functions: a per-book dict of bound methods made every Book a reference
# cycle (book -> dict -> method -> book), freed only by a full garbage collection instead of when last used.
_HANDLERS: dict[type, Callable[[Book, Any], list[Event]]] = {
    PlaceOrder: Book._place,
    InstantBuy: Book._instant_buy,
    CancelOrder: Book._cancel,
    ReplaceOrder: Book._replace,
    Open: Book._open,
    Close: Book._close,
}


def _finished_code(order: _Finished) -> Code:
    """Why a cancel or replace of a finished order is refused: it was filled first, or it had ended otherwise."""
    return TOO_LATE_FILLED if order[7] else ORDER_FINISHED  # [7]: filled (see _Finished)


def _head(level: _Level) -> _Order:
    queue = level.queue
    while queue[0].status is not ACTIVE:
        queue.popleft()
    return queue[0]

