"""What each step of the order wizard shows (its FlowState `context`), from the flow's facts and what it learned:
the asset, the passport summary, the placed order and its result texts."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import domain.trading.order_wizard as W
    from domain.money import money, money_str


def _cost(order: dict[str, Any]) -> str:
    return money_str(money(int(order.get("units") or 0) * Decimal(str(order.get("unit_price") or "0"))))


def wizard_context(facts: dict[str, Any], asset: dict[str, Any], email: str, support_email: str,
                   passport: dict[str, Any], placed: dict[str, Any]) -> dict[str, Any]:
    side = str(facts.get("side") or "BID")
    order = facts.get("order") or {}
    common = {"asset": asset, "side": side, "editing": bool(facts.get("edit_order"))}
    select = W.select_context(facts, support_email)
    summary = {}
    if placed:
        summary = {**common, "result": placed.get("result"), "title": placed.get("title"),
                   "message": placed.get("message"), "order_id": placed.get("id"),
                   "transaction_id": W.transaction_id(str(placed.get("id") or "")), "status": placed.get("status"),
                   "order_type": placed.get("order_type"), "units": placed.get("units_requested"),
                   "units_filled": placed.get("units_filled"), "unit_price": placed.get("unit_price"),
                   "estimated_cost": placed.get("pricing_order"), "fee": W.FEE, "ok_link": "/app/investments",
                   "loader": W.LOADERS.get(str(placed.get("order_type")), W.LOADERS["LIMIT"])}
    return {
        "dwolla-tos": common,
        "intro": common,
        "investing-passport": {**common, "profile": {k: v for k, v in passport.items() if k != "investor"}},
        "select-bid": {**common, **select, "email": email, "refusal": facts.get("refusal")},
        "review": {**common, "order_type": order.get("order_type"), "units": order.get("units"),
                   "unit_price": order.get("unit_price"), "estimated_cost": _cost(order), "fee": W.FEE,
                   "available_cash": select["available_cash"], "loader": W.LOADERS.get(str(order.get("order_type")),
                                                                                       W.LOADERS["LIMIT"])},
        "summary": summary,
    }
