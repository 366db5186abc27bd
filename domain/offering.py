"""The offering lifecycle of one asset (spec doc 1 §4, pure): Coming Soon → Open ICO at offering_starts → Closed ICO at
offering_ends or as soon as every share is sold. Later statuses (trading) are not the offering's business."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from domain.asset_status import CLOSED_ICO, COMING_SOON, OPEN_ICO

OFFERING_STATUSES = frozenset({COMING_SOON, OPEN_ICO})  # the statuses an offering still moves out of


@dataclass(frozen=True)
class Transition:
    """The asset's next status change: to `to_status` at `due` (already due when `due` <= now), and why."""

    from_status: str
    to_status: str
    due: datetime
    reason: str  # "offering starts" | "offering ends" | "sold out"


def sold_out(shares_sold: int, number_of_shares: int) -> bool:
    return shares_sold >= number_of_shares


def next_transition(status: str, starts: datetime | None, ends: datetime | None, shares_sold: int,
                    number_of_shares: int, now: datetime) -> Transition | None:
    """What happens next to an asset in `status` as of `now`, or None when nothing is scheduled (no dates yet, or the
    offering is over). A Coming Soon asset whose offering has already ended, or that early access sold out, goes straight
    to Closed ICO when it starts; an Open ICO asset that is sold out closes now."""
    if status == COMING_SOON:
        if starts is None:
            return None
        over = sold_out(shares_sold, number_of_shares) or (ends is not None and ends <= max(starts, now))
        return Transition(status, CLOSED_ICO if over else OPEN_ICO, starts, "offering starts")
    if status == OPEN_ICO:
        if sold_out(shares_sold, number_of_shares):
            return Transition(status, CLOSED_ICO, now, "sold out")
        if ends is None:
            return None
        return Transition(status, CLOSED_ICO, ends, "offering ends")
    return None


def finished(status: str) -> bool:
    """Closed ICO or any later status: the offering has nothing left to do."""
    return status not in OFFERING_STATUSES
