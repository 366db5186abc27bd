"""Deposits and withdrawals: `POST /api/dwolla/transfers/ {type, amount}` opens the transfer and starts its workflow."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter
from pydantic import Field

from api.deps import CurrentUser, Db, State
from api.errors import ApiError
from api.schemas import Body
from api.transfer_start import start_transfer_workflow
from domain import transfer_rules as T
from store.gates import GateClosed, check_can_move_money
from store.models import Transfer
from store.transfers import TransferRefused, cancel_unsubmitted, open_transfer

router = APIRouter(tags=["funding"])
log = logging.getLogger("vitrine.api")


class TransferIn(Body):
    type: str = Field(default="", max_length=16)
    amount: Any = None


def transfer_json(t: Transfer) -> dict[str, Any]:
    return {"id": t.id, "type": t.direction, "amount": str(t.amount), "status": t.status,
            "source_name": "bank" if t.direction == "deposit" else "balance",
            "created": t.created_at.isoformat(), "failure_reason": t.failure_reason}


@router.post("/api/dwolla/transfers/", status_code=201)
async def create_transfer(body: TransferIn, user: CurrentUser, state: State, db: Db) -> dict[str, Any]:
    direction = body.type.strip().lower()
    if direction not in T.DIRECTIONS:
        raise ApiError(400, "Choose deposit or withdrawal.", field="type")
    amount = T.parse_amount(body.amount)
    if err := T.amount_error(amount):
        raise ApiError(400, err, field="amount")
    assert amount is not None
    try:
        source = await check_can_move_money(db, user, state.settings)
    except GateClosed as exc:
        raise ApiError(exc.status, exc.message, error_type=exc.error_type) from None
    try:
        t = await open_transfer(db, user_id=user.id, funding_source_id=source.id, direction=direction, amount=amount,
                                hold_days=state.settings.deposit_hold_days)
    except TransferRefused as exc:
        raise ApiError(400, exc.message, field="amount", error_type=exc.error_type) from None
    try:
        await start_transfer_workflow(state, t)
    except Exception:
        log.exception("could not start the workflow of transfer %s", t.id)
        await cancel_unsubmitted(db, t, "The transfer could not be started.")
        raise ApiError(503, "Something went wrong, please try again later") from None
    return transfer_json(t)
