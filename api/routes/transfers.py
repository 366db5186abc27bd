"""Deposits and withdrawals: `POST /api/dwolla/transfers/ {type, amount}` requests the transfer (the row, once per
business key: the user, the direction, the amount and the client's `Idempotency-Key`) and starts its workflow, which
moves the money (the ledger's pending entry, the provider's transfer); the answer waits until it is initiated."""

from __future__ import annotations

import hashlib
import logging
import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Header
from pydantic import Field

from api.deps import CurrentUser, Db, State
from api.errors import ApiError
from api.financial_schemas import TransferOut
from api.schemas import Body
from api.transfer_start import initiated
from domain import transfer_rules as T
from store.gates import GateClosed, check_can_move_money
from store.models import Transfer
from store.transfers import request_transfer, withdrawal_refusal

router = APIRouter(tags=["funding"])
log = logging.getLogger("vitrine.api")


class TransferIn(Body):
    type: str = Field(default="", max_length=16)
    amount: Any = None


def transfer_json(t: Transfer) -> dict[str, Any]:
    return {"id": t.id, "type": t.direction, "amount": str(t.amount), "status": t.status,
            "source_name": "bank" if t.direction == "deposit" else "balance",
            "created": t.created_at.isoformat(), "failure_reason": t.failure_reason}


@router.post("/api/dwolla/transfers/", status_code=201, response_model=TransferOut)
async def create_transfer(body: TransferIn, user: CurrentUser, state: State, db: Db,
                          idempotency_key: Annotated[str | None, Header(max_length=100)] = None) -> dict[str, Any]:
    direction = body.type.strip().lower()
    if direction not in T.DIRECTIONS:
        raise ApiError(422, "Choose deposit or withdrawal.", field="type")
    amount = T.parse_amount(body.amount)
    if err := T.amount_error(amount):
        raise ApiError(422, err, field="amount")
    assert amount is not None
    try:
        source = await check_can_move_money(db, user, state.settings)
    except GateClosed as exc:
        raise ApiError(exc.status, exc.message, error_type=exc.error_type) from None
    if direction == "withdrawal" and (err := await withdrawal_refusal(db, user.id, amount, state.settings.deposit_hold_days)):
        raise ApiError(422, err, field="amount", error_type="InsufficientFunds")  # quick answer; binding in the workflow
    client_key = hashlib.sha256(idempotency_key.encode()).hexdigest()[:32] if idempotency_key else uuid.uuid4().hex
    t = await request_transfer(db, user_id=user.id, funding_source_id=source.id, direction=direction, amount=amount,
                               idempotency_key=f"api:{user.id}:{direction}:{amount}:{client_key}")
    try:
        refusal = await initiated(state, db, t)
    except Exception:
        log.exception("transfer %s was not initiated by its workflow", t.id)
        raise ApiError(503, "Something went wrong, please try again later") from None
    if refusal:
        raise ApiError(422, refusal, field="amount", error_type="InsufficientFunds")
    return transfer_json(t)
