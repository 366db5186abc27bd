"""The ATS matching engine: pure, no I/O, one single-writer `Book` per instrument. Import everything from here.

Prices are integer ticks of $0.05 (`price_to_ticks(Decimal("10.05")) == 201`; an off-tick or non-positive price
raises `PriceError` whose `.code` is `Code.OFF_TICK_PRICE` / `Code.INVALID_PRICE`; `ticks_to_price` goes back).
Units are integers > 0.

Commands (frozen slotted dataclasses; `cmd.to_dict()` / `from_dict(d)` for persistence):
    PlaceOrder(order_id, account, side: Side, price_ticks, units, tif=GOOD_TIL_CANCELED | IMMEDIATE_OR_CANCEL)
    InstantBuy(order_id, account)            IOC bid for 1 unit at the lowest ask
    CancelOrder(order_id)
    ReplaceOrder(order_id, price_ticks, units)   units = the new TOTAL size, filled units included
    Open()                                   post-only -> continuous: uncross, then match continuously
    Close()                                  continuous -> post-only

`book.apply(command) -> list[Event]`; events are the only way state leaves the book (slotted dataclasses, read-only
for the type checker):
    Accepted(order_id, account, side, price_ticks, units, tif)
    Rejected(order_id, code)                 PlaceOrder / InstantBuy refused; nothing changed
    Fill(execution_id, bid_order_id, ask_order_id, buy_account, sell_account, price_ticks, units, aggressor,
         bid_leaves, ask_leaves)             execution_id = 1, 2, 3 ... per book; *_leaves = units left after it
    Canceled(order_id, remaining_units, reason: USER | IOC_REMAINDER)
    CancelRejected(order_id, reason)         UNKNOWN_ORDER, TOO_LATE_FILLED (filled first), ORDER_FINISHED
    Replaced(order_id, price_ticks, units, remaining_units, kept_priority)
    ReplaceRejected(order_id, reason)        UNKNOWN_ORDER, TOO_LATE_FILLED, ORDER_FINISHED, INVALID_UNITS,
                                             INVALID_PRICE, UNITS_NOT_ABOVE_FILLED
    ModeChanged(mode)                        Open / Close; an Open or Close that changes nothing yields no event

Per command, in order:
- PlaceOrder: Rejected(code) with the first failing check of DUPLICATE_ORDER_ID (the id was accepted before),
  INVALID_UNITS (<= 0), INVALID_PRICE (<= 0 ticks), WINDOW_CLOSED_FOR_IOC (IOC while post-only),
  CROSS_TRADING_PROHIBITED (the account has an active order on the other side); otherwise Accepted, then while
  continuous the Fills against the opposite side (best price first, FIFO within a price, each at the RESTING
  order's price), then for an IOC remainder Canceled(IOC_REMAINDER); a GTC remainder rests silently.
- InstantBuy: DUPLICATE_ORDER_ID, WINDOW_CLOSED_FOR_IOC, CROSS_TRADING_PROHIBITED, NO_ASK (empty ask side);
  otherwise Accepted (price = the best ask, 1 unit, IOC) and its Fill.
- CancelOrder: Canceled(USER) with the units that were still resting, or CancelRejected (a normal outcome: a
  cancel that arrives after the fill answers TOO_LATE_FILLED).
- ReplaceOrder: the same price with units <= the current size keeps time priority (Replaced kept_priority=True);
  a price change or a larger size re-queues the order at the back of its new price (kept_priority=False), and
  while continuous it first matches as an aggressor if it now crosses (Fills follow the Replaced event).
- Open: ModeChanged(CONTINUOUS) then the uncross Fills: while best bid >= best ask, the oldest order at the best
  bid trades with the oldest order at the best ask at the price of the order that arrived first (the older,
  resting one; a replace that lost priority counts as arriving at its replace); the younger is the aggressor.

No self-match and no account with both an active bid and an active ask on one book: a new order whose account
has an active order on the other side is refused (CROSS_TRADING_PROHIBITED), so two sides of one account never
meet. Statuses (`OrderView.status`): ACTIVE (resting, maybe partially filled), FILLED, CANCELED (user or IOC
remainder, maybe partially filled); filled + remaining + canceled == units always.

Pending requests: the engine applies cancel and replace synchronously, so it has no PENDING_CANCEL /
PENDING_REPLACE state; the HTTP layer of the ATS marks an order pending while its command is queued for the book's
writer and refuses a second cancel/replace of it meanwhile. The engine refuses commands about unknown or
finished orders with the codes above.

Reads (no events): `book.mode`, `book.best_bid()`, `book.best_ask()` (ticks or None),
`book.depth(side, levels=None) -> [Level(price_ticks, units, orders)]` (bids high to low, asks low to high),
`book.queue(side, price) -> [OrderView]` (FIFO), `book.order(order_id) -> OrderView | None`,
`book.has_active(account, side)`, `book.executions` (last execution id).

A refused PlaceOrder / InstantBuy leaves no trace: its order id is not remembered (the service's idempotency keys
answer repeats). Every accepted order is remembered for good, finished ones too, so a late cancel answers
TOO_LATE_FILLED rather than UNKNOWN_ORDER.

Durability: the service persists the command stream (`to_dict`) and rebuilds with `Book.replay(commands)`;
replaying the same commands yields the same events (nothing depends on time, randomness or hash order).
`book.snapshot()` (plain data) and `Book.restore(data)` skip a long replay. `Engine` holds one Book per instrument.

Modules: engine_types.py (commands, events, codes, ticks), book_state.py (state, reads, snapshot), book.py (commands
and matching). Speed: bench/ats_engine.py; correctness: tests/providers/ats/test_engine*.py against a naive model.
"""

from __future__ import annotations

from collections.abc import Iterable

from providers.ats.book import Book
from providers.ats.engine_types import (
    TICK,
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
    PriceError,
    Rejected,
    Replaced,
    ReplaceOrder,
    ReplaceRejected,
    Side,
    TimeInForce,
    from_dict,
    price_to_ticks,
    ticks_to_price,
)

__all__ = [
    "TICK",
    "Accepted",
    "Book",
    "CancelOrder",
    "CancelReason",
    "CancelRejected",
    "Canceled",
    "Close",
    "Code",
    "Command",
    "Engine",
    "Event",
    "Fill",
    "InstantBuy",
    "Level",
    "Mode",
    "ModeChanged",
    "Open",
    "OrderStatus",
    "OrderView",
    "PlaceOrder",
    "PriceError",
    "Rejected",
    "ReplaceOrder",
    "ReplaceRejected",
    "Replaced",
    "Side",
    "TimeInForce",
    "from_dict",
    "price_to_ticks",
    "ticks_to_price",
]


class Engine:
    """One Book per instrument id, created post-only on first use."""

    def __init__(self) -> None:
        self.books: dict[str, Book] = {}

    def book(self, instrument: str) -> Book:
        book = self.books.get(instrument)
        if book is None:
            book = self.books[instrument] = Book(instrument)
        return book

    def apply(self, instrument: str, command: Command) -> list[Event]:
        return self.book(instrument).apply(command)

    def replay(self, stream: Iterable[tuple[str, Command]]) -> None:
        """Apply (instrument, command) pairs in order, dropping the events (a restart's rebuild)."""
        for instrument, command in stream:
            self.book(instrument).apply(command)
