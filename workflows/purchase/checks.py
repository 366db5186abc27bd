"""The purchase's two rules over what the workflow knows (`workflows/purchase/workflow.py`): who may buy the asset now
(decided when the flow opens: the spec's popups) and what the chosen shares cost (subtotal, the gift's value, the
cost, whether cash covers it)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import domain.purchase as P
    from activities.interfaces.purchase import PurchaseFacts
    from domain.access import EARLY_IO, FREE_SHARE_PROGRAM
    from domain.asset_status import COMING_SOON, OPEN_ICO
    from domain.customer_status import customer_status_error
    from domain.money import money_str
    from workflows.flow_core import FlowError


def gate(p: PurchaseFacts, facts: dict[str, Any], enabled_states: list[str]) -> FlowError | None:
    """Why this investor may not buy this asset now (the popup), or None."""
    early = EARLY_IO in p.access_types or FREE_SHARE_PROGRAM in p.access_types
    popup = customer_status_error(str(facts.get("customer_status") or "not-created"))
    if not p.email_verified:
        return FlowError("Verify your e-mail", "Please verify your e-mail address before investing.", "/app")
    if p.state and p.state not in enabled_states:
        return FlowError(P.STATE_TITLE, P.IO_NOT_AVAILABLE, "/app")
    if not (p.asset_status == OPEN_ICO or (p.asset_status == COMING_SOON and early)):
        return FlowError("Offering not open", "This offering is not open for investment.", "/app")
    if p.progress_bar >= 100:
        return FlowError(P.FUNDED_TITLE, P.FUNDED_MESSAGE, "/app")
    if popup is not None:
        return FlowError(popup.title, popup.message, popup.action or "/app")
    return None


def costed(facts: dict[str, Any], price_per_share: Any) -> dict[str, Any]:
    """The facts' subtotal, gift_value, cost and needs_cash for their shares, gift, free share and cash."""
    price = Decimal(str(price_per_share))
    shares = int(facts.get("shares") or 0)
    gross = P.gross(shares, price)
    gift = facts.get("gift") or {}
    gift_value = gross if facts.get("free_share") else Decimal(str(gift.get("value") or "0"))
    cost = P.cost(shares, price, gift_value)
    return {"subtotal": money_str(gross), "gift_value": money_str(gross - cost), "cost": money_str(cost),
            "needs_cash": Decimal(str(facts.get("cash") or "0")) < cost}
