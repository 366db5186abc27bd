"""Deposits and withdrawals: `POST /api/dwolla/transfers/ {type, amount}` starts a transfer workflow."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from fastapi import APIRouter
from pydantic import Field
from sqlalchemy import func, select
from temporalio.common import SearchAttributePair, TypedSearchAttributes

from api.deps import CurrentUser, Db, State
from api.errors import ApiError
from api.money_gates import check_can_move_money
from api.schemas import Body
from domain import ledger as L
from domain import transfer_rules as T
from store.ledger import InsufficientFunds, balances, lock_user, post
from store.models import Transfer
from workflows import search_attributes as sa
from workflows.transfer import TransferInput, TransferWorkflow, workflow_id

router = APIRouter(tags=["funding"])


class TransferIn(Body):
    type: str = Field(default="", max_length=16)
    amount: Any = None


async def held_deposits(db: Db, user_id: int, hold_days: int) -> Decimal:
    since = datetime.now(UTC) - timedelta(days=hold_days)
    total = await db.scalar(select(func.coalesce(func.sum(Transfer.amount), 0)).where(
        Transfer.user_id == user_id, Transfer.direction == "deposit", Transfer.status == "processed",
        Transfer.settled_at > since))
    return Decimal(total or 0)


def transfer_json(t: Transfer) -> dict[str, Any]:
    return {"id": t.id, "type": t.direction, "amount": str(t.amount), "status": t.status,
            "source_name": "bank", "created": t.created_at.isoformat(), "failure_reason": t.failure_reason}


@router.post("/api/dwolla/transfers/", status_code=201)
async def create_transfer(body: TransferIn, user: CurrentUser, state: State, db: Db) -> dict[str, Any]:
    direction = body.type.strip().lower()
    if direction not in T.DIRECTIONS:
        raise ApiError(400, "Choose deposit or withdrawal.", field="type")
    amount = T.parse_amount(body.amount)
    if err := T.amount_error(amount):
        raise ApiError(400, err, field="amount")
    assert amount is not None
    source = await check_can_move_money(db, user, state.settings)
    await lock_user(db, user.id)
    t = Transfer(user_id=user.id, funding_source_id=source.id, direction=direction, amount=amount)
    db.add(t)
    await db.flush()
    if direction == "withdrawal":
        b = await balances(db, user.id)
        held = await held_deposits(db, user.id, state.settings.deposit_hold_days)
        if err := T.withdrawal_error(amount, b["cash"], min(held, b["cash"]), b["pending"]):
            await db.rollback()
            raise ApiError(400, err, field="amount", error_type="InsufficientFunds")
    postings = L.deposit_initiated(user.id, amount) if direction == "deposit" else L.withdrawal_initiated(user.id, amount)
    try:
        await post(db, f"transfer-{t.id}:initiated", f"{direction}-initiated", postings, memo=f"transfer {t.id}")
    except InsufficientFunds:
        await db.rollback()
        raise ApiError(400, "Your withdrawal can not exceed your available cash.", field="amount") from None
    await db.commit()
    client = await state.temporal()
    await client.start_workflow(
        TransferWorkflow.run, TransferInput(t.id, user.id, state.settings.transfer_poll_seconds), id=workflow_id(t.id),
        task_queue=state.settings.task_queue, static_summary=f"{direction.title()} of ${amount} for user {user.id}",
        search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(user.id)),
                                                 SearchAttributePair(sa.FLOW, "transfer"),
                                                 SearchAttributePair(sa.STEP, "submitting")]))
    return transfer_json(t)


