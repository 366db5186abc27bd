"""The order workflow's activity interface (issue 11): names, inputs, outputs, and the pure readers of the ATS's
JSON (docs/ats.md) that the activities and the workflow's `ats_event` signal share. Nothing heavy is imported here:
the workflow imports this module, never activities/trading/order.py."""

# no `from __future__ import annotations`: the workflow sandbox decodes nested dataclasses (Snapshot.order) from
# real annotations
from dataclasses import dataclass, field
from typing import Any

HOLD = "trading.hold"
PLACE = "trading.place"
READ = "trading.read"
REHOLD = "trading.rehold"
REPLACE = "trading.replace"
FINISH_REHOLD = "trading.finish_rehold"
CANCEL = "trading.cancel"
CONFIRM = "trading.confirm"
VOID = "trading.void"
SETTLE = "trading.settle"
RELEASE = "trading.release"
RECORD = "trading.record"
RECORD_HOLD = "trading.record_hold"  # the order's first view and its hold in one activity
RELEASE_RECORD = "trading.release_record"  # the end's release and the order's view in one activity
HOLD_PLACE = "trading.hold_place"  # a new order's first view, its hold and its placement at the ATS in one activity
SETTLE_MANY = "trading.settle_many"  # several settled executions of one order posted in one activity
RELEASE_PART = "trading.release_part"  # the hold brought down to what the order's end and executions still need
SETTLE_PASS = "trading.settle_pass"  # settled executions posted, the hold brought down (or released), the view written
RECONCILE_ORDERS = "trading.reconcile_orders"  # the orders whose ATS state differs from the order list (one listing)

# ApplicationError types the activities raise (non-retryable) for the workflow to act on
HOLD_REFUSED = "HoldRefused"    # details: [code, units_available]
ATS_REJECTED = "AtsRejected"    # details: [ats code]; the ATS answered a final 4xx
ATS_UNAVAILABLE = "AtsUnavailable"  # 429/503/unreachable/a fresh token refused (retryable)
ATS_INVALID_CLIENT = "AtsInvalidClient"
HOLD_CLOSED = "HoldClosed"
FILL_NOT_COVERED = "FillNotCovered"
# the ledger's refusals of a settlement (its details: [the executions posted, those refused]): tried again later
SETTLE_REFUSALS = (FILL_NOT_COVERED, HOLD_CLOSED)


@dataclass
class HoldInput:
    order_id: str
    user_id: int
    asset_id: int
    side: str
    units: int
    unit_price: str


@dataclass
class PlaceInput:
    account_id: str
    idempotency_key: str       # the workflow id (never a run id)
    instrument_id: str
    side: str
    order_type: str
    term: str
    units: int
    unit_price: str


@dataclass
class AtsOrder:
    """The ATS's order, as much as the workflow needs."""

    id: str
    status: str
    units_requested: int
    units_filled: int
    unit_price: str
    modified: str
    created: str = ""


@dataclass
class AtsExecution:
    """One execution of the order, seen from this order's side."""

    id: str
    status: str                # PENDING_CONFIRMATION | SETTLED | VOIDED
    units: int
    unit_price: str
    window_id: str
    confirmed: bool            # this order's side confirmed
    modified: str


@dataclass
class ReadInput:
    account_id: str
    ats_order_id: str
    instrument_id: str


@dataclass
class Snapshot:
    order: AtsOrder
    executions: list[AtsExecution] = field(default_factory=list)


@dataclass
class ReholdInput:
    order_id: str
    edit_id: str
    units: int                 # the new total size (filled included)
    unit_price: str


@dataclass
class ReplaceInput:
    account_id: str
    ats_order_id: str
    units: int                 # the new total size (filled included), as the ATS takes it
    unit_price: str


@dataclass
class FinishReholdInput:
    order_id: str
    edit_id: str
    applied: bool


@dataclass
class CancelInput:
    account_id: str
    ats_order_id: str
    instrument_id: str = ""    # set: refused (AtsRejected LIVE_TRADING) while the instrument trades live


@dataclass
class CancelAnswer:
    outcome: str               # CANCELED | TOO_LATE | ALREADY_ENDED
    order: AtsOrder


@dataclass
class ConfirmInput:
    account_id: str
    execution_ids: list[str]


@dataclass
class VoidInput:
    execution_id: str
    reason: str


@dataclass
class SettleInput:
    order_id: str
    execution_id: str
    units: int
    unit_price: str


@dataclass
class RecordInput:
    user_id: int
    view: dict[str, Any]       # the OrderView as JSON (workflows/trading/order_types.OrderView)


@dataclass
class ReleaseRecordInput:
    """The order's release (what it still holds given back), then its view written: one activity where there were
    two at the order's end."""
    order_id: str
    record: RecordInput | None  # None: the view of this version was written already


@dataclass
class RecordHoldInput:
    """The order's first view for the order list, then its hold: one activity where there were two."""
    record: RecordInput
    hold: HoldInput


@dataclass
class HoldPlaceInput:
    """A new order's first steps in one activity where there were two: its first view written (None: written
    already), its hold (keyed by the order id), its placement at the ATS (keyed by the idempotency key)."""
    record: RecordInput | None
    hold: HoldInput
    place: PlaceInput


@dataclass
class SettleManyInput:
    """Several settled executions of one order, each posted once (its own key, `fill:{order_id}:{execution_id}`)."""
    executions: list[SettleInput]


@dataclass
class ReportedExecution:
    execution_id: str
    units: int
    unit_price: str
    voided: bool = False


@dataclass
class ReleasePartInput:
    """What the ATS reported that frees part of the hold (store/trading/ledger.release_part): the order's executions
    not posted yet (voided ones flagged) and, once it ended, the units it ended with filled."""
    order_id: str
    executions: list[ReportedExecution]
    ended_filled: int | None


@dataclass
class SettlePassInput:
    """A settlement's pass in one activity where there were up to three (patch order-settle-pass): the executions
    posted (each once under its key), then the hold brought down — all of it released (`release_all`: the order is
    done, keyed by the order id) or the parts the ATS's facts free (`release_part`) — then the view written (None:
    written already). A settlement refused: nothing released or written."""
    order_id: str
    settle: SettleManyInput
    release_all: bool
    release_part: ReleasePartInput | None
    record: RecordInput | None


@dataclass
class SettleManyAnswer:
    settled: list[str]         # the executions posted (or found posted before): all of them (a refusal fails)


@dataclass
class ReconcileInput:
    page_size: int = 1000   # the ATS's open orders a page at a time (its maximum)
    max_pages: int = 100    # bounded: 100,000 open orders at most in one reconciliation


@dataclass
class ReconcileAnswer:
    differing: list[str] = field(default_factory=list)  # order ids whose ATS state differs from their view
    held: int = 0           # open (or still settling) orders in the order list
    open_at_ats: int = 0    # Vitrine's open orders the ATS listed
    calls: int = 0          # ATS calls made


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def order_of(data: dict[str, Any]) -> AtsOrder:
    """The ATS's order JSON (`{"data": order}`'s order)."""
    units = data.get("units") or {}
    pricing = data.get("pricing") or {}
    return AtsOrder(id=str(data.get("id") or ""), status=str(data.get("status") or ""),
                    units_requested=_int(units.get("requested")), units_filled=_int(units.get("filled")),
                    unit_price=str(pricing.get("unit") or "0.00"), modified=str(data.get("modified") or ""),
                    created=str(data.get("created") or ""))


def execution_of(data: dict[str, Any], ats_order_id: str) -> AtsExecution | None:
    """The ATS's execution JSON seen from the order `ats_order_id`'s side; None when that order is not a side."""
    for side in ("buyer", "seller"):
        party = data.get(side) or {}
        if not party.get("external") and party.get("orderId") == ats_order_id:
            return AtsExecution(id=str(data.get("id") or ""), status=str(data.get("status") or ""),
                                units=_int(data.get("units")), unit_price=str(data.get("unitPrice") or "0.00"),
                                window_id=str(data.get("windowId") or ""), confirmed=bool(party.get("confirmed")),
                                modified=str(data.get("modified") or ""))
    return None
