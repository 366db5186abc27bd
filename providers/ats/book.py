"""One instrument's order book and its matching rules (the public API is described in providers/ats/engine.py).

Data structures: for each side a dict price -> _Level (a deque of orders in time priority, with the level's live
units and order count kept eagerly), a SortedList of the side's prices and the best price cached; a dict of every
order by id. A canceled or re-queued order is only marked dead in its level's deque and skipped when it reaches
the head (lazy deletion); a level whose last live order goes away is dropped at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from sortedcontainers import SortedList

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
    Level,
    Mode,
    ModeChanged,
    Open,
    OrderStatus,
    OrderView,
    PlaceOrder,
    Rejected,
    Replaced,
    ReplaceOrder,
    ReplaceRejected,
    Side,
    TimeInForce,
)

BID, ASK = Side.BID, Side.ASK
GTC, IOC = TimeInForce.GOOD_TIL_CANCELED, TimeInForce.IMMEDIATE_OR_CANCEL
ACTIVE, FILLED, CANCELED = OrderStatus.ACTIVE, OrderStatus.FILLED, OrderStatus.CANCELED


class _Order:
    __slots__ = ("order_id", "account", "side", "price", "units", "filled", "remaining", "canceled", "tif", "status", "seq")

    def __init__(self, order_id: str, account: str, side: Side, price: int, units: int, tif: TimeInForce, seq: int) -> None:
        self.order_id = order_id
        self.account = account
        self.side = side
        self.price = price
        self.units = units
        self.filled = 0
        self.remaining = units
        self.canceled = 0
        self.tif = tif
        self.status = ACTIVE
        self.seq = seq  # time priority; a deque entry whose status is not ACTIVE is dead (canceled, filled, re-queued)


class _Level:
    __slots__ = ("price", "queue", "units", "count")

    def __init__(self, price: int) -> None:
        self.price = price
        self.queue: deque[_Order] = deque()
        self.units = 0
        self.count = 0


class Book:
    """One instrument's book; a single writer calls `apply` (or the shorthands) one command at a time."""

    def __init__(self, instrument: str = "", mode: Mode = Mode.POST_ONLY) -> None:
        self.instrument = instrument
        self._continuous = mode is Mode.CONTINUOUS
        self._orders: dict[str, _Order] = {}
        self._levels: dict[Side, dict[int, _Level]] = {BID: {}, ASK: {}}
        self._prices: dict[Side, SortedList] = {BID: SortedList(), ASK: SortedList()}
        self._best_bid: int | None = None
        self._best_ask: int | None = None
        self._active: dict[Side, dict[str, int]] = {BID: {}, ASK: {}}  # account -> active order count
        self._seq = 0
        self._executions = 0
        self._handlers: dict[type, Callable[[Any], list[Event]]] = {
            PlaceOrder: self._place,
            InstantBuy: self._instant_buy,
            CancelOrder: self._cancel,
            ReplaceOrder: self._replace,
            Open: self._open,
            Close: self._close,
        }

    # ---- commands ------------------------------------------------------------------------------------------

    def apply(self, command: Command) -> list[Event]:
        """Run one command; its events, in order. Never raises for a valid command object."""
        return self._handlers[type(command)](command)

    @classmethod
    def replay(cls, commands: Iterable[Command], instrument: str = "") -> Book:
        """A book rebuilt by applying `commands` from an empty post-only book (the events are dropped)."""
        book = cls(instrument)
        for command in commands:
            book.apply(command)
        return book

    def _place(self, c: PlaceOrder) -> list[Event]:
        oid, side = c.order_id, c.side
        if oid in self._orders:
            return [Rejected(oid, Code.DUPLICATE_ORDER_ID)]
        if c.units <= 0:
            return [Rejected(oid, Code.INVALID_UNITS)]
        if c.price_ticks <= 0:
            return [Rejected(oid, Code.INVALID_PRICE)]
        if c.tif is IOC and not self._continuous:
            return [Rejected(oid, Code.WINDOW_CLOSED_FOR_IOC)]
        if c.account in self._active[ASK if side is BID else BID]:
            return [Rejected(oid, Code.CROSS_TRADING_PROHIBITED)]
        self._seq += 1
        order = _Order(oid, c.account, side, c.price_ticks, c.units, c.tif, self._seq)
        self._orders[oid] = order
        events: list[Event] = [Accepted(oid, c.account, side, c.price_ticks, c.units, c.tif)]
        self._enter(order, events)
        return events

    def _instant_buy(self, c: InstantBuy) -> list[Event]:
        oid = c.order_id
        if oid in self._orders:
            return [Rejected(oid, Code.DUPLICATE_ORDER_ID)]
        if not self._continuous:
            return [Rejected(oid, Code.WINDOW_CLOSED_FOR_IOC)]
        if c.account in self._active[ASK]:
            return [Rejected(oid, Code.CROSS_TRADING_PROHIBITED)]
        price = self._best_ask
        if price is None:
            return [Rejected(oid, Code.NO_ASK)]
        self._seq += 1
        order = _Order(oid, c.account, BID, price, 1, IOC, self._seq)
        self._orders[oid] = order
        events: list[Event] = [Accepted(oid, c.account, BID, price, 1, IOC)]
        self._enter(order, events)
        return events

    def _cancel(self, c: CancelOrder) -> list[Event]:
        order = self._orders.get(c.order_id)
        if order is None:
            return [CancelRejected(c.order_id, Code.UNKNOWN_ORDER)]
        if order.status is not ACTIVE:
            return [CancelRejected(c.order_id, Code.TOO_LATE_FILLED if order.status is FILLED else Code.ORDER_FINISHED)]
        units = order.remaining
        self._unlink(order)
        order.canceled += units
        order.status = CANCELED
        self._drop_active(order)
        return [Canceled(c.order_id, units, CancelReason.USER)]

    def _replace(self, c: ReplaceOrder) -> list[Event]:
        oid = c.order_id
        order = self._orders.get(oid)
        if order is None:
            return [ReplaceRejected(oid, Code.UNKNOWN_ORDER)]
        if order.status is not ACTIVE:
            return [ReplaceRejected(oid, Code.TOO_LATE_FILLED if order.status is FILLED else Code.ORDER_FINISHED)]
        if c.units <= 0:
            return [ReplaceRejected(oid, Code.INVALID_UNITS)]
        if c.price_ticks <= 0:
            return [ReplaceRejected(oid, Code.INVALID_PRICE)]
        if c.units <= order.filled:
            return [ReplaceRejected(oid, Code.UNITS_NOT_ABOVE_FILLED)]
        if c.price_ticks == order.price and c.units <= order.units:  # same price, not larger: keeps its place
            delta = order.units - c.units
            order.units = c.units
            order.remaining -= delta
            self._levels[order.side][order.price].units -= delta
            return [Replaced(oid, c.price_ticks, c.units, order.remaining, True)]
        self._unlink(order)
        self._seq += 1
        moved = _Order(oid, order.account, order.side, c.price_ticks, c.units, order.tif, self._seq)
        moved.filled = order.filled
        moved.remaining = c.units - order.filled
        self._orders[oid] = moved
        order.status = CANCELED  # the old entry is dead; the account stays active through `moved`
        self._drop_active(order)
        events: list[Event] = [Replaced(oid, c.price_ticks, c.units, moved.remaining, False)]
        self._enter(moved, events)
        return events

    def _open(self, c: Open) -> list[Event]:
        if self._continuous:
            return []
        self._continuous = True
        events: list[Event] = [ModeChanged(Mode.CONTINUOUS)]
        self._uncross(events)
        return events

    def _close(self, c: Close) -> list[Event]:
        if not self._continuous:
            return []
        self._continuous = False
        return [ModeChanged(Mode.POST_ONLY)]

    # ---- matching ------------------------------------------------------------------------------------------

    def _enter(self, order: _Order, events: list[Event]) -> None:
        """An accepted (or re-queued) order: match it while continuous, then rest it, or end it (filled / IOC)."""
        if self._continuous:
            if order.side is BID:
                while order.remaining and self._best_ask is not None and self._best_ask <= order.price:
                    self._take(order, self._levels[ASK][self._best_ask], events)
            else:
                while order.remaining and self._best_bid is not None and self._best_bid >= order.price:
                    self._take(order, self._levels[BID][self._best_bid], events)
        if not order.remaining:
            order.status = FILLED
        elif order.tif is IOC:
            order.canceled = order.remaining
            events.append(Canceled(order.order_id, order.remaining, CancelReason.IOC_REMAINDER))
            order.remaining = 0
            order.status = CANCELED
        else:
            self._rest(order)

    def _take(self, order: _Order, level: _Level, events: list[Event]) -> None:
        """The incoming `order` trades against `level` (the opposite side's best) at the level's price."""
        queue = level.queue
        is_bid = order.side is BID
        price = level.price
        while order.remaining:
            resting = queue[0]
            if resting.status is not ACTIVE:
                queue.popleft()
                continue
            units = order.remaining if order.remaining < resting.remaining else resting.remaining
            order.remaining -= units
            order.filled += units
            resting.remaining -= units
            resting.filled += units
            level.units -= units
            self._executions += 1
            if is_bid:
                events.append(
                    Fill(self._executions, order.order_id, resting.order_id, order.account, resting.account, price, units, BID,
                         order.remaining, resting.remaining)
                )
            else:
                events.append(
                    Fill(self._executions, resting.order_id, order.order_id, resting.account, order.account, price, units, ASK,
                         resting.remaining, order.remaining)
                )
            if not resting.remaining:
                resting.status = FILLED
                queue.popleft()
                self._drop_active(resting)
                level.count -= 1
                if not level.count:
                    self._drop_level(resting.side, price)
                    return

    def _uncross(self, events: list[Event]) -> None:
        """Price-time sweep of a crossed book: while best bid >= best ask, the oldest live order at the best bid
        trades with the oldest live order at the best ask, at the price of whichever of the two arrived first
        (lower priority sequence: the resting one), the younger one counting as aggressor."""
        while self._best_bid is not None and self._best_ask is not None and self._best_bid >= self._best_ask:
            bid_level, ask_level = self._levels[BID][self._best_bid], self._levels[ASK][self._best_ask]
            bid, ask = self._head(bid_level), self._head(ask_level)
            older_bid = bid.seq < ask.seq
            price = bid.price if older_bid else ask.price
            units = min(bid.remaining, ask.remaining)
            for order, level in ((bid, bid_level), (ask, ask_level)):
                order.remaining -= units
                order.filled += units
                level.units -= units
            self._executions += 1
            events.append(
                Fill(self._executions, bid.order_id, ask.order_id, bid.account, ask.account, price, units,
                     ASK if older_bid else BID, bid.remaining, ask.remaining)
            )
            for order, level in ((bid, bid_level), (ask, ask_level)):
                if not order.remaining:
                    order.status = FILLED
                    level.queue.popleft()
                    self._drop_active(order)
                    level.count -= 1
                    if not level.count:
                        self._drop_level(order.side, level.price)

    def _head(self, level: _Level) -> _Order:
        queue = level.queue
        while queue[0].status is not ACTIVE:
            queue.popleft()
        return queue[0]

    # ---- book keeping ----------------------------------------------------------------------------------------

    def _rest(self, order: _Order) -> None:
        side, price = order.side, order.price
        levels = self._levels[side]
        level = levels.get(price)
        if level is None:
            level = levels[price] = _Level(price)
            self._prices[side].add(price)
            if side is BID:
                if self._best_bid is None or price > self._best_bid:
                    self._best_bid = price
            elif self._best_ask is None or price < self._best_ask:
                self._best_ask = price
        level.queue.append(order)
        level.units += order.remaining
        level.count += 1
        active = self._active[side]
        active[order.account] = active.get(order.account, 0) + 1

    def _unlink(self, order: _Order) -> None:
        """Take a resting order's units out of its level (its deque entry dies lazily); `remaining` becomes 0."""
        level = self._levels[order.side][order.price]
        level.units -= order.remaining
        order.remaining = 0
        level.count -= 1
        if not level.count:
            self._drop_level(order.side, order.price)

    def _drop_active(self, order: _Order) -> None:
        active = self._active[order.side]
        left = active[order.account] - 1
        if left:
            active[order.account] = left
        else:
            del active[order.account]

    def _drop_level(self, side: Side, price: int) -> None:
        del self._levels[side][price]
        prices = self._prices[side]
        prices.remove(price)
        if side is BID:
            if price == self._best_bid:
                self._best_bid = prices[-1] if prices else None
        elif price == self._best_ask:
            self._best_ask = prices[0] if prices else None

    # ---- read-only queries -----------------------------------------------------------------------------------

    @property
    def mode(self) -> Mode:
        return Mode.CONTINUOUS if self._continuous else Mode.POST_ONLY

    @property
    def executions(self) -> int:
        """How many fills this book has printed (the last execution id)."""
        return self._executions

    def best_bid(self) -> int | None:
        return self._best_bid

    def best_ask(self) -> int | None:
        return self._best_ask

    def depth(self, side: Side, levels: int | None = None) -> list[Level]:
        """Price levels in priority order (bids high to low, asks low to high) with their total units."""
        prices = self._prices[side]
        ordered = reversed(prices) if side is BID else iter(prices)
        out: list[Level] = []
        for price in ordered:
            if levels is not None and len(out) >= levels:
                break
            level = self._levels[side][price]
            out.append(Level(price, level.units, level.count))
        return out

    def queue(self, side: Side, price: int) -> list[OrderView]:
        """The live orders at one price in time priority (FIFO)."""
        level = self._levels[side].get(price)
        if level is None:
            return []
        return [_view(o) for o in level.queue if o.status is ACTIVE]

    def order(self, order_id: str) -> OrderView | None:
        order = self._orders.get(order_id)
        return None if order is None else _view(order)

    def has_active(self, account: str, side: Side) -> bool:
        return account in self._active[side]

    # ---- snapshot ---------------------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (every order, finished ones too, so late cancels answer the same)."""
        return {
            "instrument": self.instrument,
            "mode": self.mode.value,
            "seq": self._seq,
            "executions": self._executions,
            "orders": [
                [o.order_id, o.account, o.side.value, o.price, o.units, o.filled, o.remaining, o.canceled, o.tif.value,
                 o.status.value, o.seq]
                for o in self._orders.values()
            ],
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Book:
        """The book a `snapshot` describes; resting orders go back in their time priority."""
        book = cls(data["instrument"], Mode(data["mode"]))
        book._seq, book._executions = data["seq"], data["executions"]
        resting: list[_Order] = []
        for oid, account, side, price, units, filled, remaining, canceled, tif, status, seq in data["orders"]:
            order = _Order(oid, account, Side(side), price, units, TimeInForce(tif), seq)
            order.filled, order.remaining, order.canceled, order.status = filled, remaining, canceled, OrderStatus(status)
            book._orders[oid] = order
            if order.status is ACTIVE:
                resting.append(order)
        for order in sorted(resting, key=lambda o: o.seq):
            book._rest(order)
        return book


def _view(o: _Order) -> OrderView:
    return OrderView(o.order_id, o.account, o.side, o.price, o.units, o.filled, o.remaining, o.canceled, o.tif, o.status)
