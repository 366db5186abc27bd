"""The order workflow's state, kept deterministic and pure (workflows/trading/order.py drives it): what the ATS last said
about the order and its executions — newest first by `modified` and status, never by arrival, so a late or
duplicated webhook or a stale poll never turns the order back — which executions were settled or voided in the
ledger, and the OrderView built from it all."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

import domain.trading.order_rules as R
import workflows.trading.order_types as O
from activities.interfaces.trading import AtsExecution, AtsOrder

FINAL_EXECUTION = frozenset({"SETTLED", "VOIDED"})
SEEN_KEPT = 200  # webhook ids remembered for de-duplication (carried across continue-as-new)


def _rank(status: str) -> int:
    if status in O.ENDED:
        return 3
    return 2 if status.startswith("PENDING_") else 1


def _order_key(o: AtsOrder) -> tuple[str, int, int]:
    return (o.modified, _rank(o.status), o.units_filled)


def _execution_rank(status: str) -> int:
    return 2 if status in FINAL_EXECUTION else 1


def refusal_message(code: str, units: int = 0) -> str | None:
    """What the browser shows for a refused order (the spec's messages live in domain/trading/order_rules)."""
    return {R.INSUFFICIENT_FUNDS: R.FUNDS_MESSAGE, R.INSUFFICIENT_UNITS: R.units_message(units),
            R.INALIENABLE_UNITS: R.inalienable_message(units), R.CROSS_TRADING_PROHIBITED: R.CROSS_TRADING_MESSAGE,
            "NO_ASK": R.INSTANT_BUY_UNAVAILABLE_MESSAGE,
            "WINDOW_CLOSED_FOR_IOC": R.INSTANT_BUY_UNAVAILABLE_MESSAGE}.get(code)


@dataclass
class OrderState:
    inp: O.OrderInput
    status: str = "SUBMITTED"        # Vitrine's own status before/without the ATS's (SUBMITTED, QUEUED, REJECTED)
    ats: AtsOrder | None = None
    executions: dict[str, AtsExecution] = field(default_factory=dict)
    settled: set[str] = field(default_factory=set)
    voided: set[str] = field(default_factory=set)
    seen: list[str] = field(default_factory=list)
    pending: str | None = None       # PENDING_REPLACE / PENDING_CANCEL / PROCESSING_UPDATE while an Update runs
    code: str | None = None
    message: str | None = None
    version: int = 0
    edits: int = 0
    units: int = 0                   # the order's current terms (an applied edit changes them)
    unit_price: str = ""
    released: set[str] = field(default_factory=set)  # facts told to the ledger that free part of the hold

    @classmethod
    def start(cls, inp: O.OrderInput) -> OrderState:
        s = cls(inp, units=1 if inp.order_type == "INSTANT" else inp.units, unit_price=inp.unit_price)
        c = inp.carried
        if c is not None:
            s.status, s.version, s.edits = c.status, c.version, c.edits
            s.settled, s.voided, s.seen = set(c.settled_executions), set(c.voided_executions), list(c.seen_events)
            s.units, s.unit_price = c.units_requested or s.units, c.unit_price or s.unit_price
            s.released = set(c.released)
            if c.ats_order_id:
                s.ats = AtsOrder(c.ats_order_id, c.status, s.units, c.filled, s.unit_price, "")
        return s

    def carry(self, *, placing: bool = False) -> O.OrderCarry:
        return O.OrderCarry(placing=placing, status=self.ats.status if self.ats else self.status,
                            ats_order_id=self.ats.id if self.ats else None, filled=self.filled,
                            settled_executions=sorted(self.settled), voided_executions=sorted(self.voided),
                            seen_events=self.seen[-SEEN_KEPT:], version=self.version, units_requested=self.units,
                            unit_price=self.unit_price, edits=self.edits, created=self.inp.created,
                            released=sorted(self.released))

    # --- what the ATS says -------------------------------------------------------------------------------------
    @property
    def filled(self) -> int:
        return self.ats.units_filled if self.ats else 0

    def seen_event(self, event_id: str) -> bool:
        """True when this webhook came before (else remembers it)."""
        if event_id in self.seen:
            return True
        self.seen = (self.seen + [event_id])[-SEEN_KEPT:]
        return False

    def apply_order(self, o: AtsOrder, *, fresh: bool = True) -> bool:
        """Takes the ATS's order: an answer to our own call (`fresh`) as it is, a webhook's only when newer than
        what we know (by `modified`, then status, then filled units); an ended order never reopens. True when
        something changed."""
        cur = self.ats
        if cur is not None:
            if o.id != cur.id or o == cur or (cur.status in O.ENDED and o.status not in O.ENDED):
                return False
            if not fresh and cur.modified and _order_key(o) <= _order_key(cur):
                return False
        self.ats = o
        self.units, self.unit_price = o.units_requested or self.units, o.unit_price or self.unit_price
        return True

    def apply_execution(self, x: AtsExecution, *, fresh: bool = True) -> bool:
        """Likewise for one execution: a final status (SETTLED, VOIDED) is never undone; `confirmed` only grows."""
        cur = self.executions.get(x.id)
        if cur is not None:
            final_back = _execution_rank(x.status) < _execution_rank(cur.status)
            if final_back or (not fresh and (x.modified, _execution_rank(x.status)) <
                              (cur.modified, _execution_rank(cur.status))):
                if x.confirmed and not cur.confirmed:
                    cur.confirmed = True
                    return True
                return False
            x.confirmed = x.confirmed or cur.confirmed
            if x == cur:
                return False
        self.executions[x.id] = x
        return True

    def executions_missing(self) -> bool:
        """The ATS reported more filled units than the executions known add up to."""
        return sum(x.units for x in self.executions.values()) < self.filled

    def ended(self) -> bool:
        """REJECTED, CANCELED before the ATS took it, or ended at the ATS."""
        return self.ats.status in O.ENDED if self.ats is not None else self.status in O.ENDED

    def unsettled(self) -> list[AtsExecution]:
        """The executions the ATS reported that the ledger has not posted (voided ones included: never posted)."""
        return [x for x in self.executions.values() if x.id not in self.settled]

    def release_facts(self, *, done_too: bool = False) -> list[str]:
        """What the ATS reported that frees part of the hold and the ledger was not told yet: the order's end with
        units unfilled, a voided execution, a bid's execution below its limit. None once the order is done (the end's
        release gives back the rest), unless `done_too` (a cancel's answer waits for no end)."""
        if self.ats is None or (self.done() and not done_too):
            return []
        facts = ["end"] if self.ended() and self.filled < self.units else []
        limit = Decimal(self.unit_price or "0")
        for x in self.unsettled():
            if x.status == "VOIDED":
                facts.append(f"void:{x.id}")
            elif self.inp.side == "BID" and Decimal(x.unit_price) < limit:
                facts.append(f"below:{x.id}")
        return [f for f in facts if f not in self.released]

    def to_settle(self) -> list[AtsExecution]:
        return [x for x in self.executions.values() if x.status == "SETTLED" and x.id not in self.settled]

    def newly_voided(self) -> list[AtsExecution]:
        return [x for x in self.executions.values() if x.status == "VOIDED" and x.id not in self.voided]

    def waiting_confirmation(self) -> list[AtsExecution]:
        return [x for x in self.executions.values() if x.status == "PENDING_CONFIRMATION" and not x.confirmed]

    def done(self) -> bool:
        """Ended at the ATS, and every execution it reported is known and settled or voided in the ledger."""
        if self.ats is None and self.status in O.ENDED:  # REJECTED, or CANCELED before the ATS took it
            return True
        if not self.ended():
            return False
        known = sum(x.units for x in self.executions.values())
        return known >= self.filled and all(x.id in self.settled | self.voided for x in self.executions.values())

    # --- what the investor sees --------------------------------------------------------------------------------
    def shown_status(self) -> str:
        if self.pending is not None and not self.ended():
            return self.pending
        if self.ats is not None:
            return self.ats.status
        return self.status

    def view(self) -> O.OrderView:
        inp, price = self.inp, Decimal(self.unit_price or "0")
        side_amount = sum((Decimal(x.unit_price) * x.units for x in self.executions.values()
                           if x.id in self.settled), Decimal("0.00"))
        waiting = [x for x in self.executions.values() if x.status == "PENDING_CONFIRMATION"]
        unconfirmed = [x for x in waiting if not x.confirmed]
        latest = max(self.executions.values(), key=lambda x: x.modified, default=None)
        matched = None
        if unconfirmed:
            matched = "MATCHED" if self.filled >= self.units else "PARTIALLY_MATCHED"
        modified = max([self.ats.modified if self.ats else ""] + [x.modified for x in self.executions.values()])
        return O.OrderView(
            id=inp.order_id, status=self.shown_status(), side=inp.side, order_type=inp.order_type, term=inp.term,
            ticker=inp.ticker, asset_id=inp.asset_id, financial_instrument_id=O.instrument_id_of(inp.ticker),
            account_id=O.account_id_for(inp.user_id), units_requested=self.units, units_filled=self.filled,
            unit_price=f"{price:.2f}", pricing_order=f"{price * self.units:.2f}",
            pricing_debited=f"{side_amount:.2f}" if inp.side == "BID" else "0.00",
            pricing_credited=f"{side_amount:.2f}" if inp.side == "ASK" else "0.00",
            created=inp.created or (self.ats.created if self.ats else ""), modified=modified or inp.created,
            code=self.code, message=self.message, window_id=(waiting[0].window_id if waiting else
                                                              latest.window_id if latest else None),
            confirmed_matched_status=matched, matched_shares_count=sum(x.units for x in unconfirmed),
            executions=[O.ExecutionView(x.id, x.units, x.unit_price, x.status, x.confirmed, x.window_id)
                        for x in sorted(self.executions.values(), key=lambda x: (x.modified, x.id))],
            version=self.version, ats_order_id=self.ats.id if self.ats else None)

    def details(self) -> str:
        """What the order waits for (the Web UI's current details)."""
        status = self.shown_status()
        if status == O.QUEUED:
            return "QUEUED: the ATS keeps refusing (429/503/401); placing again with backoff"
        if status == "SUBMITTED" and self.ats is None:
            return "placing the order at the ATS"
        if self.pending:
            return f"{self.pending}: waiting for the ATS to answer the change"
        stuck = [x.id for x in self.to_settle()]
        if stuck:
            return f"settling executions {', '.join(stuck)} in the ledger (retried at every poll)"
        if self.waiting_confirmation():
            return "matched: waiting for the investor's confirmation during the window's CONFIRMATION"
        if any(x.status == "PENDING_CONFIRMATION" for x in self.executions.values()):
            return "matched and confirmed: waiting for the ATS to settle the execution"
        if self.ended():
            return f"{status}: releasing the rest of the hold"
        return f"{status}: resting in the book, waiting for a match (ATS order {self.ats.id if self.ats else '?'})"
