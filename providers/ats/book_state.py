"""The state of one book (orders, price levels, who is active on which side) and its read-only side: depth, queues,
order views, snapshot and restore. The commands and the matching live in providers/ats/book.py.

Layout, chosen for speed: the two sides are indexed 0 (bids) and 1 (asks) in tuples and lists, never by the Side
enum (an Enum's hash is a Python-level call); for each side a dict price -> _Level (a deque of orders in time
priority, with the level's live units and order count kept eagerly), a SortedList of its prices and its best price
cached in `_best`; a dict of every order by id. A canceled or re-queued order is only marked dead (status not
ACTIVE) in its level's deque and skipped when it reaches the head (lazy deletion); a level whose last live order
goes away is dropped at once, so the depth never shows an empty level, and a level's deque is compacted when dead
entries outnumber live ones (memory stays bounded by the live orders).

A finished order (filled or canceled) is remembered for good, but as a `_Finished` tuple of strings, ints and bools
in place of its `_Order` (the same dict slot, so the snapshot's order does not change): the garbage collector untracks
such a tuple at its first pass, so the hundreds of thousands of finished orders of a long-lived book are not walked by
every full collection (as `_Order` objects they made the collector ~15 % of the engine's time on the benchmark
stream, bench/ats_engine.py). An `_Order` in `_orders` is therefore always ACTIVE; its `status` still changes
for the lazy deletion of its deque entry.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from sortedcontainers import SortedList

from providers.ats.engine_types import Level, Mode, OrderStatus, OrderView, Side, TimeInForce

ACTIVE, FILLED, CANCELED = OrderStatus.ACTIVE, OrderStatus.FILLED, OrderStatus.CANCELED
SIDES = (Side.BID, Side.ASK)
GTC, IOC = TimeInForce.GOOD_TIL_CANCELED, TimeInForce.IMMEDIATE_OR_CANCEL

_Finished = tuple[str, int, int, int, int, int, bool, bool, int]
"""A finished order: account, side index, price, units, filled, canceled, IOC (True) or GTC, filled (True) or
canceled (False), priority sequence; its remaining units are 0."""


class _Order:
    __slots__ = ("order_id", "account", "side", "s", "price", "units", "filled", "remaining", "canceled", "tif", "status",
                 "seq")

    def __init__(self, order_id: str, account: str, side: Side, s: int, price: int, units: int, tif: TimeInForce,
                 seq: int) -> None:
        self.order_id = order_id
        self.account = account
        self.side = side
        self.s = s  # 0 bid, 1 ask
        self.price = price
        self.units = units
        self.filled = 0
        self.remaining = units
        self.canceled = 0
        self.tif = tif
        self.status = ACTIVE
        self.seq = seq  # time priority


class _Level:
    __slots__ = ("price", "queue", "units", "count")

    def __init__(self, price: int) -> None:
        self.price = price
        self.queue: deque[_Order] = deque()
        self.units = 0
        self.count = 0


class BookState:
    def __init__(self, instrument: str = "", mode: Mode = Mode.POST_ONLY) -> None:
        self.instrument = instrument
        self._continuous = mode is Mode.CONTINUOUS
        self._orders: dict[str, _Order | _Finished] = {}
        self._levels: tuple[dict[int, _Level], dict[int, _Level]] = ({}, {})
        self._prices: tuple[SortedList, SortedList] = (SortedList(), SortedList())
        self._best: list[int | None] = [None, None]
        self._active: tuple[dict[str, int], dict[str, int]] = ({}, {})  # account -> its active orders on the side
        self._seq = 0
        self._executions = 0

    # ---- book keeping ----------------------------------------------------------------------------------------

    def _rest(self, order: _Order) -> None:
        s, price = order.s, order.price
        levels = self._levels[s]
        level = levels.get(price)
        if level is None:
            level = levels[price] = _Level(price)
            self._prices[s].add(price)
            best = self._best[s]
            if best is None or (price > best if s == 0 else price < best):
                self._best[s] = price
        level.queue.append(order)
        level.units += order.remaining
        level.count += 1
        active = self._active[s]
        active[order.account] = active.get(order.account, 0) + 1

    def _unlink(self, order: _Order) -> None:
        """Take a resting order's units out of its level (its deque entry dies lazily); `remaining` becomes 0."""
        level = self._levels[order.s][order.price]
        level.units -= order.remaining
        order.remaining = 0
        level.count -= 1
        if not level.count:
            self._drop_level(order.s, order.price)
        elif len(level.queue) > 2 * level.count + 32:  # mostly dead entries behind a long-lived head: compact
            level.queue = deque(o for o in level.queue if o.status is ACTIVE and o is not order)

    def _drop_active(self, order: _Order) -> None:
        active = self._active[order.s]
        left = active[order.account] - 1
        if left:
            active[order.account] = left
        else:
            del active[order.account]

    def _finish(self, order: _Order, filled: bool) -> None:
        """End an order (its `remaining` is already 0): FILLED or CANCELED, remembered as a `_Finished` tuple."""
        order.status = FILLED if filled else CANCELED
        self._orders[order.order_id] = (order.account, order.s, order.price, order.units, order.filled, order.canceled,
                                        order.tif is IOC, filled, order.seq)

    def _drop_level(self, s: int, price: int) -> None:
        del self._levels[s][price]
        prices = self._prices[s]
        prices.remove(price)
        if price == self._best[s]:
            self._best[s] = (prices[-1] if s == 0 else prices[0]) if prices else None

    # ---- read-only queries -----------------------------------------------------------------------------------

    @property
    def mode(self) -> Mode:
        return Mode.CONTINUOUS if self._continuous else Mode.POST_ONLY

    @property
    def executions(self) -> int:
        """How many fills this book has printed (the last execution id)."""
        return self._executions

    def best_bid(self) -> int | None:
        return self._best[0]

    def best_ask(self) -> int | None:
        return self._best[1]

    def depth(self, side: Side, levels: int | None = None) -> list[Level]:
        """Price levels in priority order (bids high to low, asks low to high) with their total units."""
        s = SIDES.index(side)
        prices = self._prices[s]
        out: list[Level] = []
        for price in reversed(prices) if s == 0 else prices:
            if levels is not None and len(out) >= levels:
                break
            level = self._levels[s][price]
            out.append(Level(price, level.units, level.count))
        return out

    def queue(self, side: Side, price: int) -> list[OrderView]:
        """The live orders at one price in time priority (FIFO)."""
        level = self._levels[SIDES.index(side)].get(price)
        return [] if level is None else [_view(o.order_id, o) for o in level.queue if o.status is ACTIVE]

    def order(self, order_id: str) -> OrderView | None:
        order = self._orders.get(order_id)
        return None if order is None else _view(order_id, order)

    def has_active(self, account: str, side: Side) -> bool:
        return account in self._active[SIDES.index(side)]

    # ---- snapshot ---------------------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (every order, finished ones too, so late cancels answer the same)."""
        return {
            "instrument": self.instrument,
            "mode": self.mode.value,
            "seq": self._seq,
            "executions": self._executions,
            "orders": [_row(oid, order) for oid, order in self._orders.items()],
        }

    def _load(self, data: dict[str, Any]) -> None:
        self._seq, self._executions = data["seq"], data["executions"]
        resting: list[_Order] = []
        for oid, account, side, price, units, filled, remaining, canceled, tif, status, seq in data["orders"]:
            order = _Order(oid, account, Side(side), SIDES.index(Side(side)), price, units, TimeInForce(tif), seq)
            order.filled, order.remaining, order.canceled = filled, remaining, canceled
            self._orders[oid] = order
            if OrderStatus(status) is ACTIVE:
                resting.append(order)
            else:
                self._finish(order, OrderStatus(status) is FILLED)
        for order in sorted(resting, key=lambda o: o.seq):
            self._rest(order)


def _view(order_id: str, o: _Order | _Finished) -> OrderView:
    if isinstance(o, _Order):
        return OrderView(order_id, o.account, o.side, o.price, o.units, o.filled, o.remaining, o.canceled, o.tif,
                         o.status)
    account, s, price, units, filled, canceled, ioc, was_filled, _ = o
    return OrderView(order_id, account, SIDES[s], price, units, filled, 0, canceled, IOC if ioc else GTC,
                     FILLED if was_filled else CANCELED)


def _row(order_id: str, o: _Order | _Finished) -> list[Any]:
    v = _view(order_id, o)
    return [order_id, v.account, v.side.value, v.price_ticks, v.units, v.filled, v.remaining, v.canceled, v.tif.value,
            v.status.value, o.seq if isinstance(o, _Order) else o[8]]
