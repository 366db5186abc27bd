"""What the orders benchmark places (bench/orders.py, bench/placement_floor.py): the order timings of its workflows
and the api's body of its resting bid."""

from __future__ import annotations

from typing import Any

from workflows.trading import order_types as O

# the production poll (30 s; the ATS's webhooks wake an order sooner): at 5 s, as before, every resting order read
# the ATS every 5 s — 1,000 orders 200 reads a second, the load that kept the window from finishing
TIMINGS = O.OrderTimings(poll_seconds=30.0, queued_after_seconds=10.0, polls_per_run=500)


def resting_bid(ticker: str) -> dict[str, Any]:
    """A limit bid of 1 unit at $5.00, good til canceled: it rests during post-only."""
    return {"financialInstrumentId": O.instrument_id_of(ticker), "type": "LIMIT", "term": "GOOD_TIL_CANCELED",
            "context": "bid", "units": 1, "unitPrice": "5.00", "disclosureReadAndAgreedTo": True}
