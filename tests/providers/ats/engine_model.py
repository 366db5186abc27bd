"""A small reference model of the ATS book, written apart from providers/ats/book.py: order records by id, a flat
list of the resting ones, the book re-sorted from scratch before every match step. Slow on purpose and obvious to
read. The property tests compare the engine with it event by event; bench/ats_engine.py runs it as the naive
baseline. `mixed_stream` is the seeded command generator of the benchmark and of the recorded fixture.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from providers.ats.engine import (
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
    PlaceOrder,
    Rejected,
    Replaced,
    ReplaceOrder,
    ReplaceRejected,
    Side,
    TimeInForce,
)

IOC = TimeInForce.IMMEDIATE_OR_CANCEL


@dataclass(eq=False)  # identity: `list.remove` finds this very record
class Rec:
    order_id: str
    account: str
    side: Side
    price: int
    units: int
    tif: TimeInForce
    arrival: int
    filled: int = 0
    canceled: int = 0
    resting: bool = False
    done: bool = False

    @property
    def left(self) -> int:
        return self.units - self.filled - self.canceled

    @property
    def status(self) -> OrderStatus:
        if not self.done:
            return OrderStatus.ACTIVE
        return OrderStatus.FILLED if self.filled == self.units else OrderStatus.CANCELED


class ReferenceBook:
    def __init__(self) -> None:
        self.records: dict[str, Rec] = {}
        self.resting: list[Rec] = []
        self.mode = Mode.POST_ONLY
        self.clock = 0
        self.fills = 0

    # ---- reads --------------------------------------------------------------------------------------------

    def find(self, order_id: str) -> Rec | None:
        return self.records.get(order_id)

    def side_sorted(self, side: Side) -> list[Rec]:
        """Resting orders of one side, best first: price (high bids, low asks), then arrival."""
        live = [r for r in self.resting if r.side == side]
        sign = -1 if side == Side.BID else 1
        return sorted(live, key=lambda r: (sign * r.price, r.arrival))

    def depth(self, side: Side) -> list[Level]:
        out: list[Level] = []
        for rec in self.side_sorted(side):
            if out and out[-1].price_ticks == rec.price:
                out[-1] = Level(rec.price, out[-1].units + rec.left, out[-1].orders + 1)
            else:
                out.append(Level(rec.price, rec.left, 1))
        return out

    # ---- commands -----------------------------------------------------------------------------------------

    def apply(self, command: Command) -> list[Event]:
        if isinstance(command, PlaceOrder):
            return self.place(command.order_id, command.account, command.side, command.price_ticks, command.units, command.tif)
        if isinstance(command, InstantBuy):
            return self.instant_buy(command.order_id, command.account)
        if isinstance(command, CancelOrder):
            return self.cancel(command.order_id)
        if isinstance(command, ReplaceOrder):
            return self.replace(command.order_id, command.price_ticks, command.units)
        if isinstance(command, Open):
            return self.open()
        assert isinstance(command, Close)
        if self.mode == Mode.POST_ONLY:
            return []
        self.mode = Mode.POST_ONLY
        return [ModeChanged(Mode.POST_ONLY)]

    def crosses_own(self, account: str, side: Side) -> bool:
        return any(r.account == account and r.side != side for r in self.resting)

    def place(self, oid: str, account: str, side: Side, price: int, units: int, tif: TimeInForce) -> list[Event]:
        code = None
        if self.find(oid) is not None:
            code = Code.DUPLICATE_ORDER_ID
        elif units < 1:
            code = Code.INVALID_UNITS
        elif price < 1:
            code = Code.INVALID_PRICE
        elif tif == IOC and self.mode != Mode.CONTINUOUS:
            code = Code.WINDOW_CLOSED_FOR_IOC
        elif self.crosses_own(account, side):
            code = Code.CROSS_TRADING_PROHIBITED
        if code is not None:
            return [Rejected(oid, code)]
        return self.admit(oid, account, side, price, units, tif)

    def instant_buy(self, oid: str, account: str) -> list[Event]:
        if self.find(oid) is not None:
            return [Rejected(oid, Code.DUPLICATE_ORDER_ID)]
        if self.mode != Mode.CONTINUOUS:
            return [Rejected(oid, Code.WINDOW_CLOSED_FOR_IOC)]
        if self.crosses_own(account, Side.BID):
            return [Rejected(oid, Code.CROSS_TRADING_PROHIBITED)]
        asks = self.side_sorted(Side.ASK)
        if not asks:
            return [Rejected(oid, Code.NO_ASK)]
        return self.admit(oid, account, Side.BID, asks[0].price, 1, IOC)

    def admit(self, oid: str, account: str, side: Side, price: int, units: int, tif: TimeInForce) -> list[Event]:
        self.clock += 1
        rec = Rec(oid, account, side, price, units, tif, self.clock)
        self.records[oid] = rec
        events: list[Event] = [Accepted(oid, account, side, price, units, tif)]
        return events + self.arrive(rec)

    def arrive(self, rec: Rec) -> list[Event]:
        events: list[Event] = []
        other = Side.ASK if rec.side == Side.BID else Side.BID
        while self.mode == Mode.CONTINUOUS and rec.left > 0:
            book = self.side_sorted(other)
            if not book:
                break
            best = book[0]
            if (rec.side == Side.BID and best.price > rec.price) or (rec.side == Side.ASK and best.price < rec.price):
                break
            bid, ask = (rec, best) if rec.side == Side.BID else (best, rec)
            events.append(self.trade(bid, ask, best.price, rec.side))
        if rec.left == 0:
            rec.done = True
        elif rec.tif == IOC:
            events.append(Canceled(rec.order_id, rec.left, CancelReason.IOC_REMAINDER))
            rec.canceled += rec.left
            rec.done = True
        else:
            self.rest(rec)
        return events

    def rest(self, rec: Rec) -> None:
        rec.resting = True
        self.resting.append(rec)

    def unrest(self, rec: Rec) -> None:
        if rec.resting:
            rec.resting = False
            self.resting.remove(rec)

    def trade(self, bid: Rec, ask: Rec, price: int, aggressor: Side) -> Fill:
        assert bid.account != ask.account, "self-match"
        units = min(bid.left, ask.left)
        bid.filled += units
        ask.filled += units
        for rec in (bid, ask):
            if rec.left == 0:
                self.unrest(rec)
                rec.done = True
        self.fills += 1
        return Fill(self.fills, bid.order_id, ask.order_id, bid.account, ask.account, price, units, aggressor, bid.left, ask.left)

    def cancel(self, oid: str) -> list[Event]:
        rec = self.find(oid)
        if rec is None:
            return [CancelRejected(oid, Code.UNKNOWN_ORDER)]
        if rec.done:
            return [CancelRejected(oid, Code.TOO_LATE_FILLED if rec.status == OrderStatus.FILLED else Code.ORDER_FINISHED)]
        left = rec.left
        rec.canceled += left
        self.unrest(rec)
        rec.done = True
        return [Canceled(oid, left, CancelReason.USER)]

    def replace(self, oid: str, price: int, units: int) -> list[Event]:
        rec = self.find(oid)
        code = None
        if rec is None:
            code = Code.UNKNOWN_ORDER
        elif rec.done:
            code = Code.TOO_LATE_FILLED if rec.status == OrderStatus.FILLED else Code.ORDER_FINISHED
        elif units < 1:
            code = Code.INVALID_UNITS
        elif price < 1:
            code = Code.INVALID_PRICE
        elif units <= rec.filled:
            code = Code.UNITS_NOT_ABOVE_FILLED
        if code is not None or rec is None:
            return [ReplaceRejected(oid, code or Code.UNKNOWN_ORDER)]
        keeps = price == rec.price and units <= rec.units
        rec.price, rec.units = price, units
        if keeps:
            return [Replaced(oid, price, units, rec.left, True)]
        self.clock += 1
        rec.arrival = self.clock
        self.unrest(rec)
        return [Replaced(oid, price, units, rec.left, False), *self.arrive(rec)]

    def open(self) -> list[Event]:
        if self.mode == Mode.CONTINUOUS:
            return []
        self.mode = Mode.CONTINUOUS
        events: list[Event] = [ModeChanged(Mode.CONTINUOUS)]
        while True:
            bids, asks = self.side_sorted(Side.BID), self.side_sorted(Side.ASK)
            if not bids or not asks or bids[0].price < asks[0].price:
                return events
            bid, ask = bids[0], asks[0]
            if bid.arrival < ask.arrival:
                events.append(self.trade(bid, ask, bid.price, Side.ASK))
            else:
                events.append(self.trade(bid, ask, ask.price, Side.BID))


def mixed_stream(
    seed: int, count: int, accounts: int = 1000, open_every: int = 100_000, closed_for: int = 5_000, reach: int = 300
) -> list[Command]:
    """A seeded mix like a busy book: resting limits (~35%), crossing limits (~10%), IOC (~10%), instant buys (~5%),
    cancels (~25%) and replaces (~15%) around a drifting mid price; most accounts only buy or only sell (a few do
    both, so some orders meet CROSS_TRADING_PROHIBITED). Every `open_every` commands the window closes for
    `closed_for` commands (post-only: orders rest, IOC is refused) and reopens with an uncross. Cancels and replaces
    aim at recent orders (about `reach` orders back on average), some of them already finished."""
    rng = random.Random(seed)
    out: list[Command] = [Open()]
    placed: list[str] = []
    mid = 200
    is_open = True
    for n in range(1, count):
        if n >= open_every and n % open_every in (0, closed_for):
            out.append(Close() if is_open else Open())
            is_open = not is_open
            continue
        if rng.random() < 0.02:
            mid = min(300, max(100, mid + rng.choice((-1, 1))))
        r = rng.random()
        account_no = rng.randrange(accounts)
        side = Side.BID if (account_no % 2 == 0) != (rng.random() < 0.01) else Side.ASK
        sign = 1 if side == Side.BID else -1
        account = f"acct-{account_no}"
        oid = f"o{n}"
        units = rng.choice((1, 1, 2, 3, 5, 10))
        if r < 0.35:
            out.append(PlaceOrder(oid, account, side, mid - sign * rng.randint(1, 12), units))
        elif r < 0.45:
            out.append(PlaceOrder(oid, account, side, mid + sign * rng.randint(0, 3), units))
        elif r < 0.55:
            out.append(PlaceOrder(oid, account, side, mid + sign * rng.randint(-1, 2), units, IOC))
        elif r < 0.60:
            out.append(InstantBuy(oid, f"acct-{account_no - account_no % 2}"))
        elif r < 0.85 and placed:
            out.append(CancelOrder(placed[-1 - min(len(placed) - 1, int(rng.expovariate(1 / reach)))]))
            continue
        elif placed:
            target = placed[-1 - min(len(placed) - 1, int(rng.expovariate(1 / reach)))]
            out.append(ReplaceOrder(target, mid + rng.randint(-12, 12), rng.choice((1, 2, 3, 5, 10))))
            continue
        else:
            out.append(PlaceOrder(oid, account, side, mid, units))
        placed.append(oid)
    return out
