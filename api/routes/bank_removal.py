"""Removing the linked bank (spec doc 3 §4.10): only with a zero balance and nothing pending."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter
from sqlalchemy import select
from sqlmodel import col

from api.deps import CurrentUser, Db, State
from api.errors import ApiError
from api.schemas import Detail
from clients.http import ProviderError, ProviderRejected
from clients.payments import PaymentsClient
from store.gates import active_source
from store.ledger import balances, lock_user
from store.models import Transfer
from store.transfers import REQUESTED

router = APIRouter(tags=["funding"])
REMOVAL_BLOCKED = ("You must have a total balance of $0 and no pending transfers or investments, in order to remove "
                   "your bank account.")


@router.delete("/api/dwolla/bank-funding-source/", response_model=Detail)
async def remove_bank(user: CurrentUser, state: State, db: Db) -> dict[str, Any]:
    source = await active_source(db, user.id)
    if source is None:
        raise ApiError(404, "There is no linked bank account.")
    await lock_user(db, user.id)
    b = await balances(db, user.id)
    pending = await db.scalar(select(col(Transfer.id)).where(col(Transfer.user_id) == user.id,
                                                             col(Transfer.status).in_(("pending", REQUESTED))))
    if pending is not None or any(v != 0 for v in b.values()):
        raise ApiError(409, REMOVAL_BLOCKED, error_type="RemovalBlocked")
    client = PaymentsClient(state.http, state.settings.providers_url, state.settings.provider_api_key)
    try:
        await client.call("DELETE", f"/payments/funding-sources/{source.provider_id}")
    except (ProviderError, ProviderRejected):
        raise ApiError(503, "Something went wrong, please try again later") from None
    source.status, source.removed_at = "removed", datetime.now(UTC)
    await db.commit()
    return {"detail": "Success!"}
