"""The order lifecycle workflow's contract (issue 11): ids, input, Update/Signal/Query names and payloads. Pure
dataclasses: the api, the wizard flow and the order workflow import this module, never each other.

Ids: the browser's Idempotency-Key (scoped to the user) makes the order id (`order_id_for`), the order id makes the
workflow id (`order-{order_id}`) and the ATS idempotency key (the same string), so a retried create places nothing
new. The ATS knows the investor's account as `acct-{user_id}` (`account_id_for`; the webhooks name it so); the api's
financial account id, the `{account_id}` of its order calls, is the user's first account row instead
(`store.users.first_account_id`, the user read's `customer.accounts[0].id`). The ATS instrument id is the asset's
ticker without '#'."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, Literal

Side = Literal["BID", "ASK"]
OrderType = Literal["LIMIT", "INSTANT"]
Term = Literal["GOOD_TIL_CANCELED", "IMMEDIATE_OR_CANCEL"]

WORKFLOW_TYPE = "Order"
_NAMESPACE = uuid.UUID("6f1d3a52-2b7e-4c1e-9a57-0c8f3d1e9b11")

# Updates (each with a validator; serialized per workflow)
SUBMIT = "submit"    # -> OrderView once the ATS answered the placement, or QUEUED after `queued_after_seconds`
REPLACE = "replace"  # EditRequest -> OrderView (PENDING_REPLACE while it runs; 'Unable to Edit Order' if one runs)
CANCEL = "cancel"    # -> CancelResult (PENDING_CANCEL while it runs; 'Unable to Cancel Order' if one runs)
CONFIRM = "confirm"  # -> OrderView (only while the window is in CONFIRMATION and a match waits)
# Signals
ATS_EVENT = "ats_event"  # AtsEvent: a verified ATS webhook about this order or one of its executions
VOID = "void"            # VoidRequest: ops void a match (the investor's "Cancel Match" e-mail), from the Web UI
RECONCILE = "reconcile"  # no payload: the reconciliation (workflows/trading/order_reconcile.py) found the ATS's state of
                         # this order differing from its view (a webhook lost): read it at the ATS now
# Query
VIEW = "view"        # -> OrderView

# Vitrine's own statuses on top of the ATS's (docs/ats.md): before the ATS accepted the order it is SUBMITTED; while
# the ATS keeps refusing for a while it is QUEUED; a refused hold is REJECTED (with `code`); canceled before the ATS
# ever took it (a cancel while QUEUED wins over the next placement) it is CANCELED, with no ATS order.
QUEUED = "QUEUED"
REJECTED = "REJECTED"
CANCELED = "CANCELED"
PENDING_CANCEL = "PENDING_CANCEL"
PENDING_REPLACE = "PENDING_REPLACE"
PROCESSING_UPDATE = "PROCESSING_UPDATE"
# What the browser shows when an Update is refused (spec doc 3 §8): the api answers these messages as they are.
UNABLE_TO_EDIT = "Unable to Edit Order"            # another change of this order is still processing
UNABLE_TO_CANCEL = "Unable to Cancel Order"        # likewise
EDIT_FAILED = "Unable to Process your Edit"        # the ATS refused the edit (e.g. the fill came first)
CANCEL_FAILED = "Unable to Process Cancelation"    # CancelResult.outcome TOO_LATE: the order was filled first
# spec doc 3 §4.4 "Cancel is hidden during live trading" (§4.1: the asset Trading and its market open, i.e. the
# window OPEN; post-only and CONFIRMATION allow it): the api refuses such a cancel, and so does the workflow when the
# ATS says the window opened before the cancel reached it (error type / code LIVE_TRADING)
CANCEL_WHILE_LIVE = ("Could not cancel your order: the trading window is now open. You can cancel it once live "
                     "trading ends.")
LIVE_TRADING = "LIVE_TRADING"
NOT_IN_CONFIRMATION = "There is no match waiting for your confirmation right now."
ORDER_ENDED = "This order is no longer open."
ENDED = frozenset({"FILLED", "CANCELED", "PARTIALLY_FILLED_AND_CANCELED", "EXPIRED", "PARTIALLY_FILLED_AND_TERMINATED",
                   "TERMINATED", "ADMINISTRATIVELY_CANCELED", REJECTED})


def order_id_for(user_id: int, idempotency_key: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, f"{user_id}:{idempotency_key}"))


def workflow_id(order_id: str) -> str:
    return f"order-{order_id}"


def account_id_for(user_id: int) -> str:
    return f"acct-{user_id}"


def user_of_account(account_id: str) -> int | None:
    head, _, tail = account_id.partition("-")
    return int(tail) if head == "acct" and tail.isdigit() and 0 < int(tail) < 2**31 else None


def instrument_id_of(ticker: str) -> str:
    return ticker.lstrip("#")


@dataclass
class OrderTimings:
    """Durations from settings, so tests use seconds."""

    poll_seconds: float = 30.0            # before patch ORDER_EVENT_DRIVEN: the workflow's own ATS poll; since: the
                                          # placement back-off's cap only
    queued_after_seconds: float = 10.0    # the ATS refused this long (429/503/401): show QUEUED to the browser
    polls_per_run: int = 200              # continue-as-new after this many polls (a GTC order lives for weeks)
    place_tries_per_run: int = 100        # a QUEUED order continues as new after this many refused placements
    activity_timeout_seconds: float = 30.0  # each activity's start-to-close
    safety_seconds: float = 900.0         # patch ORDER_EVENT_DRIVEN: an idle order reads the ATS after this long (+ up
                                          # to 20 % jitter) when no event, Update or reconcile signal woke it first


@dataclass
class OrderInput:
    order_id: str
    user_id: int
    asset_id: int
    ticker: str                    # '#88F40'
    side: Side
    order_type: OrderType
    term: Term
    units: int
    unit_price: str                # 2 decimals; for INSTANT the lowest ask when placed
    timings: OrderTimings = field(default_factory=OrderTimings)
    created: str = ""              # ISO time the api accepted it
    carried: OrderCarry | None = None  # continue-as-new state (None on the first run)


@dataclass
class OrderCarry:
    status: str
    ats_order_id: str | None
    filled: int
    settled_executions: list[str] = field(default_factory=list)
    voided_executions: list[str] = field(default_factory=list)
    seen_events: list[str] = field(default_factory=list)  # the last webhook ids (bounded)
    version: int = 0             # the view's version goes on growing in the new run
    units_requested: int = 0
    unit_price: str = ""
    edits: int = 0               # edits sent so far (each edit's business key is numbered)
    created: str = ""
    placing: bool = False        # held, not placed yet: the new run goes on placing (a broker refusing for long)
    released: list[str] = field(default_factory=list)  # what the ledger was told frees part of the hold


@dataclass
class EditRequest:
    units: int          # the new number of unfilled units the investor wants (the spec's edit form)
    unit_price: str


@dataclass
class AtsEvent:
    event_id: str
    topic: str          # order.* | execution.* (docs/ats.md)
    data: dict[str, Any]  # Any, not object: Temporal's converter cannot decode `object` values


@dataclass
class VoidRequest:
    execution_id: str
    reason: str = "Cancel Match requested by the investor"


@dataclass
class ExecutionView:
    id: str
    units: int
    unit_price: str
    status: str         # PENDING_CONFIRMATION | SETTLED | VOIDED
    confirmed: bool     # this investor's side confirmed
    window_id: str


@dataclass
class OrderView:
    """The spec's Order (doc 3 §3), as the api answers it and the browser shows it."""

    id: str
    status: str
    side: Side
    order_type: OrderType
    term: Term
    ticker: str
    asset_id: int
    financial_instrument_id: str
    account_id: str
    units_requested: int
    units_filled: int
    unit_price: str
    pricing_order: str       # units x unit price
    pricing_debited: str     # cash taken (bids: settled fills)
    pricing_credited: str    # cash credited (asks: settled fills)
    created: str
    modified: str
    code: str | None = None           # REJECTED: the spec's prevalidation code
    message: str | None = None        # what the browser shows for it (e.g. QUEUED's high-volume text)
    window_id: str | None = None
    confirmed_matched_status: str | None = None   # MATCHED | PARTIALLY_MATCHED while a match waits for confirmation
    matched_shares_count: int = 0
    executions: list[ExecutionView] = field(default_factory=list)
    version: int = 0         # grows with every change (SSE consumers keep the newest)
    ats_order_id: str | None = None   # the ATS's id of the order once placed (webhooks name it)


@dataclass
class CancelResult:
    outcome: str          # CANCELED | TOO_LATE | ALREADY_ENDED (docs/ats.md DELETE)
    order: OrderView
