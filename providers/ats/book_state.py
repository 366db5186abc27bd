"""The state of one book (orders, price levels, who is active on which side) and its read-only side: depth, queues,
order views, snapshot and restore. The commands and the matching live in providers/ats/book.py.

Layout, chosen for speed: the two sides are indexed 0 (bids) and 1 (asks) in tuples and lists, never by the Side
enum (an Enum's hash is a Python-level call); for each side a dict price -> _Level (a deque of orders in time
priority, with the level's live units and order count kept eagerly), a SortedList of its prices and its best price
cached in `_best`; a dict of every order by id. A canceled or re-queued order is only marked dead (status not
ACTIVE) in its level's deque and skipped when it reaches the head (lazy deletion); a level whose last live order
goes away is dropped at once, so the depth never shows an empty level, and a level's deque is compacted when dead
entries outnumber live ones (memory stays bounded by the live orders).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from sortedcontainers import SortedList

from providers.ats.engine_types import Level, Mode, OrderStatus, OrderView, Side, TimeInForce

ACTIVE = OrderStatus.ACTIVE
SIDES = (Side.BID, Side.ASK)


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
        self._orders: dict[str, _Order] = {}
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
        return [] if level is None else [_view(o) for o in level.queue if o.status is ACTIVE]

    def order(self, order_id: str) -> OrderView | None:
        order = self._orders.get(order_id)
        return None if order is None else _view(order)

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
            "orders": [
                [o.order_id, o.account, o.side.value, o.price, o.units, o.filled, o.remaining, o.canceled, o.tif.value,
                 o.status.value, o.seq]
                for o in self._orders.values()
            ],
        }

    def _load(self, data: dict[str, Any]) -> None:
        self._seq, self._executions = data["seq"], data["executions"]
        resting: list[_Order] = []
        for oid, account, side, price, units, filled, remaining, canceled, tif, status, seq in data["orders"]:
            order = _Order(oid, account, Side(side), SIDES.index(Side(side)), price, units, TimeInForce(tif), seq)
            order.filled, order.remaining, order.canceled, order.status = filled, remaining, canceled, OrderStatus(status)
            self._orders[oid] = order
            if order.status is ACTIVE:
                resting.append(order)
        for order in sorted(resting, key=lambda o: o.seq):
            self._rest(order)


def _view(o: _Order) -> OrderView:
    return OrderView(o.order_id, o.account, o.side, o.price, o.units, o.filled, o.remaining, o.canceled, o.tif, o.status)
