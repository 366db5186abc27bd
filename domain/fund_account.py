"""The fund-account wizard (spec doc 2 §2.3): steps, skip rules and validators (pure)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain import onboarding as o
from domain import transfer_rules as T
from domain.flow import Facts, Step


def _existing_unverified(f: Facts) -> bool:
    return bool(f.get("has_funding_source")) and f.get("funding_source_status") == "unverified"


def _created_verified(f: Facts) -> bool:
    return bool(f.get("source_created")) and (f.get("funding_source") or {}).get("status") == "verified"


def _transfer(v: Mapping[str, Any], _: Facts) -> dict[str, str]:
    err = T.amount_error(T.parse_amount(v.get("transfer_amount")))
    return {"transfer_amount": err} if err else {}


def _by_id(step_id: str) -> Step:
    return next(s for s in o.STEPS if s.id == step_id)


STEPS: tuple[Step, ...] = (
    Step("intro"),
    _by_id("connect-bank"),
    _by_id("bank-account-type"),
    _by_id("bank-info"),
    Step("transfer", _created_verified, _transfer, ("transfer_amount",)),
    Step("transfer-initiated", _created_verified),
    Step("confirmation", lambda f: bool(f.get("confirmation_needed")) or _existing_unverified(f)),
    Step("success"),
)
