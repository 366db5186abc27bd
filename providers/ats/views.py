"""How the ATS shows its objects (orders, executions, windows) in answers and webhooks: the spec's field names.

Prices are strings with 2 decimals (``"12.35"``), times ISO 8601 in UTC. Accounts are ``client/account`` inside
the engine; a view shows only the account id, and hides the other side of an execution when it belongs to
another client (``"external": true``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from providers.ats.engine import CancelReason, OrderStatus, OrderView, ticks_to_price

# order statuses (spec doc 3 §4.2)
SUBMITTED, PARTIALLY_FILLED, FILLED = "SUBMITTED", "PARTIALLY_FILLED", "FILLED"
CANCELED, PARTIALLY_FILLED_AND_CANCELED = "CANCELED", "PARTIALLY_FILLED_AND_CANCELED"
EXPIRED, PARTIALLY_FILLED_AND_TERMINATED = "EXPIRED", "PARTIALLY_FILLED_AND_TERMINATED"
PENDING_CANCEL, PENDING_REPLACE = "PENDING_CANCEL", "PENDING_REPLACE"
ACTIVE_STATUSES = (SUBMITTED, PARTIALLY_FILLED)

# execution statuses
EXEC_PENDING, EXEC_SETTLED, EXEC_VOIDED = "PENDING_CONFIRMATION", "SETTLED", "VOIDED"

Row = Mapping[str, Any]


def iso(epoch: float | None) -> str | None:
    return None if epoch is None else datetime.fromtimestamp(epoch, UTC).isoformat()


def price(ticks: int | None) -> str | None:
    return None if ticks is None else str(ticks_to_price(ticks))


def engine_account(client_id: str, account_id: str) -> str:
    return f"{client_id}/{account_id}"


def split_account(account: str) -> tuple[str, str]:
    client, _, acct = account.partition("/")
    return client, acct


def order_status(view: OrderView, reason: CancelReason | None) -> str:
    """The spec's status of an order the engine shows as ``view`` (``reason``: why it was canceled, if it was)."""
    if view.status is OrderStatus.ACTIVE:
        return PARTIALLY_FILLED if view.filled else SUBMITTED
    if view.status is OrderStatus.FILLED:
        return FILLED
    if reason is CancelReason.IOC_REMAINDER:
        return PARTIALLY_FILLED_AND_TERMINATED if view.filled else EXPIRED
    return PARTIALLY_FILLED_AND_CANCELED if view.filled else CANCELED


def order_view(r: Row, pending: str | None = None) -> dict[str, Any]:
    units, filled, ticks = int(r["units"]), int(r["filled"]), int(r["price_ticks"])
    active = r["status"] in ACTIVE_STATUSES
    unit = ticks_to_price(ticks)
    return {
        "id": r["id"],
        "status": pending if (pending and active) else r["status"],
        "type": "LIMIT",
        "term": r["term"],
        "side": r["side"],
        "taxonomy": {"context": r["side"]},
        "financialAccount": {"id": r["account_id"]},
        "financialInstrumentId": r["instrument_id"],
        "units": {"requested": units, "filled": filled, "unfilled": units - filled, "resting": units - filled if active else 0},
        "pricing": {"unit": str(unit), "order": str(unit * units), "filled": str(unit * filled)},
        "idempotencyKey": r["idempotency_key"],
        "created": iso(r["created"]),
        "modified": iso(r["modified"]),
    }


def execution_view(r: Row, viewer: str) -> dict[str, Any]:
    """An execution as the client ``viewer`` sees it (the other client's side shows no account or order)."""

    def side(client: str, account: str, order_id: str, confirmed: bool) -> dict[str, Any]:
        if client != viewer:
            return {"external": True, "accountId": None, "orderId": None, "confirmed": confirmed}
        return {"external": False, "accountId": account, "orderId": order_id, "confirmed": confirmed}

    return {
        "id": r["id"],
        "status": r["status"],
        "financialInstrumentId": r["instrument_id"],
        "windowId": r["window_id"],
        "unitPrice": price(int(r["price_ticks"])),
        "units": int(r["units"]),
        "amount": str(ticks_to_price(int(r["price_ticks"])) * int(r["units"])),
        "aggressor": r["aggressor"],
        "buyer": side(r["buyer_client"], r["buyer_account"], r["bid_order_id"], r["buyer_confirmed"]),
        "seller": side(r["seller_client"], r["seller_account"], r["ask_order_id"], r["seller_confirmed"]),
        "voidReason": r["void_reason"],
        "created": iso(r["created"]),
        "modified": iso(r["modified"]),
    }


def window_view(r: Row) -> dict[str, Any]:
    return {
        "id": r["id"],
        "instrument_id": r["instrument_id"],
        "status": r["status"],
        "closing_price": price(r["closing_price_ticks"]),
        "matched_bids": int(r["matched_bids"]),
        "matched_asks": int(r["matched_asks"]),
        "closing_time": iso(r["closing_time"]),
        "opens_at": iso(r["opens_at"]),
        "closes_at": iso(r["closes_at"]),
        "confirmation_ends_at": iso(r["confirm_until"]),
        "schedule": r["schedule"],
    }

