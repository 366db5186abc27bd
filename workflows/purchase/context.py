"""What each purchase step shows (its FlowState `context`), from the flow's facts and what the workflow learned:
the asset, the hold, the passport summary, the envelope, the purchase's outcome."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from decimal import Decimal
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import domain.purchase as P
    from activities.interfaces.esign import SigningEnvelope
    from domain.money import money_str


@dataclass
class Learned:
    asset: dict[str, Any]
    reservation: dict[str, Any]
    passport: dict[str, Any]
    envelope: SigningEnvelope | None
    outcome: dict[str, Any]
    merchandising: dict[str, Any]
    app_links: dict[str, str]


def purchase_context(facts: dict[str, Any], k: Learned) -> dict[str, Any]:
    a = k.asset
    bank = k.passport.get("bank") or {}
    room = P.room(int(facts["max_shares"]), int(facts["owned_shares"]))
    return {
        "intro": {"asset": a},
        "select-shares": {"asset": a, "max_shares": room, "owned_shares": facts["owned_shares"],
                          "available_shares": k.reservation["available_shares"], "maximum_reached": room <= 0,
                          "gift_allowed": not facts.get("free_share"), "free_share": bool(facts.get("free_share")),
                          "gift": facts.get("gift")},
        "investing-passport": {"profile": {key: v for key, v in k.passport.items() if key != "investor"}},
        "not-enough-cash": {"cash": facts["cash"], "cost": facts["cost"],
                            "shortfall": money_str(max(Decimal(0), Decimal(facts["cost"]) - Decimal(facts["cash"]))),
                            "bank_name": bank.get("name", ""), "account_tail": bank.get("account_tail", ""),
                            "bank_verified": bank.get("status") == "verified",
                            "fund_link": "/app/investments/deposit-withdrawal", "transfer": facts.get("transfer")},
        "docusign": asdict(k.envelope) if k.envelope else {},
        "subscription-agreement": {"document": P.agreement_document(
            ticker=str(a["ticker"]), display_name=str(a["display_name"]), shares=int(facts["shares"]),
            total=Decimal(facts["subtotal"]), date=workflow.now().strftime("%B %d, %Y"),
            investor=k.passport.get("investor") or {})},
        "confirm-purchase": {"asset": a, "shares": facts["shares"], "subtotal": facts["subtotal"],
                             "gift_value": facts["gift_value"], "cost": facts["cost"], "cash": facts["cash"]},
        "success": k.outcome,
        "congrats": {"asset": a, "shares": facts["shares"], "merchandising": k.merchandising or None,
                     "app_links": k.app_links},
    }
