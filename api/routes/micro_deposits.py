"""Micro-deposit verification: `POST /api/dwolla/micro-deposits/ {value1, value2}` → the bank-link workflow's update."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from fastapi import APIRouter, Request
from temporalio.client import WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from api.deps import CurrentUser, Db, State
from api.errors import ApiError
from api.financial_schemas import VerifiedOut
from api.schemas import Body
from clients.temporal_updates import update_once
from store.gates import active_source
from workflows.bank_link import ENTER_AMOUNTS, VERIFIED, BankLinkWorkflow, MicroDeposits, workflow_id

router = APIRouter(tags=["funding"])


class MicroDepositsIn(Body):
    value1: Any = None
    value2: Any = None


def cents(value: Any) -> str:
    try:
        amount = Decimal(str(value).replace("$", "").strip())
    except InvalidOperation:
        raise ApiError(422, ENTER_AMOUNTS) from None
    if not amount.is_finite() or not Decimal("0") < amount < Decimal("1") or amount != amount.quantize(Decimal("0.01")):
        raise ApiError(422, ENTER_AMOUNTS)
    return f"{amount:.2f}"


@router.post("/api/dwolla/micro-deposits/", response_model=VerifiedOut)
async def verify_micro_deposits(body: MicroDepositsIn, request: Request, user: CurrentUser, state: State,
                                db: Db) -> dict[str, Any]:
    amounts = MicroDeposits(cents(body.value1), cents(body.value2))
    await state.limiter.hit("micro-deposits", request, user.id)  # the amounts are guessable
    source = await active_source(db, user.id)
    if source is None or source.method != "manual":
        raise ApiError(409, "There is no bank account waiting for micro-deposit verification.")
    if source.status == "verified":
        return {"status": "verified", "message": VERIFIED}
    handle = (await state.temporal()).get_workflow_handle(workflow_id(user.id, source.id))
    try:
        message = await update_once(lambda uid, timeout: handle.execute_update(
            BankLinkWorkflow.verify, amounts, id=uid, rpc_timeout=timeout), state.answer_wait)
    except WorkflowUpdateFailedError as exc:
        cause = exc.cause
        text = cause.message if isinstance(cause, ApplicationError) else "Something went wrong, please try again"
        raise ApiError(422, text) from None
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:  # no worker answering: 503 + Retry-After (api/errors)
            raise
        raise ApiError(409, "This bank account can no longer be verified; please link it again.") from None
    return {"status": "verified", "message": message}
