"""The place-order flow's activity interface (inputs and outputs only): the workflow imports these, never the
implementations in activities/trading/placement.py (nothing heavy enters the workflow sandbox)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LOAD = "place_order.load"
MARKET = "place_order.market"
PLACE = "place_order.place"


@dataclass
class LoadOrderFlow:
    user_id: int
    asset_id: int
    edit_order_id: str = ""


@dataclass
class OrderFlowFacts:
    """Who may trade this asset now, decided when the wizard opens."""

    asset: dict[str, Any]           # id, ticker, display_name, category, asset_status, number_of_shares
    email: str
    email_verified: bool
    state: str
    tos3_agreed: bool
    edit: dict[str, Any] | None = None  # the edited order's view (OrderView as JSON), when editing


@dataclass
class LoadMarket:
    user_id: int
    asset_id: int
    ticker: str
    edit_order_id: str = ""


@dataclass
class MarketFacts:
    tradable: bool                  # the ATS lists the instrument and its market is not disabled
    market: dict[str, Any] = field(default_factory=dict)  # domain/trading/order_wizard.market_facts


@dataclass
class PlaceRequest:
    key: str                        # the business key: the flow's instance and its placement attempt
    user_id: int
    asset_id: int
    ticker: str
    side: str
    order_type: str
    units: int
    unit_price: str
    edit_order_id: str = ""
    timings: dict[str, Any] = field(default_factory=dict)  # workflows/trading/order_types.OrderTimings as JSON


@dataclass
class PlaceResult:
    view: dict[str, Any] | None     # the order's OrderView as JSON once the ATS answered (or QUEUED)
    refused: str | None = None      # the order's Update refused it: its message ('Unable to Edit Order', ...)
    refused_type: str | None = None  # its code (e.g. INSUFFICIENT_FUNDS for an edit's larger hold), else its type
