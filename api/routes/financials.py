"""Per-user financial reads (spec doc 1 §7 "Other reads"), derived from the ledger and the transfers."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import select
from sqlmodel import col

from api.deps import CurrentUser, Db, State, own
from api.financial_schemas import BalanceOut, FinancialStatusOut, FundingSourceOut, TransactionsOut
from api.params import Id
from api.routes.portfolio import portfolio_of
from api.routes.transfers import transfer_json
from store.crypto import mask_account
from store.gates import active_source
from store.ledger import balances
from store.models import Customer, Transfer
from store.receipts import receipts
from store.transfers import held_deposits

router = APIRouter(tags=["financials"])
PAGE_SIZE = 20  # receipts a page of Transaction History


@router.get("/api/users/{user_id}/financials/balance", response_model=BalanceOut)
async def balance(user_id: Id, user: CurrentUser, state: State, db: Db) -> dict[str, Any]:
    own(user, user_id)
    b = await balances(db, user.id)
    in_assets = (await portfolio_of(state, db, user.id)).in_assets  # every share held at its current price
    pending = (await db.scalars(select(Transfer).where(col(Transfer.user_id) == user.id, col(Transfer.status) == "pending")
                                .order_by(col(Transfer.id)))).all()
    # Pending: money on its way — deposits, withdrawals, cash held for open bids, sale proceeds not yet in cash
    on_the_way = b["pending"] + b["withdrawing"] + b["held"] + b["proceeds"]
    total = b["cash"] + in_assets + on_the_way  # Account Value = In Assets + In Cash + Pending
    held = await held_deposits(db, user.id, state.settings.deposit_hold_days)
    available = max(b["cash"] - held, Decimal("0.00"))  # recent deposits are held before they can be withdrawn
    return {"cash": str(b["cash"]), "available": str(available), "investments": str(in_assets),
            "pending": str(on_the_way),
            "total": str(total), "pending_info": [transfer_json(t) for t in pending]}


@router.get("/api/users/{user_id}/financials/status", response_model=FinancialStatusOut)
async def status(user_id: Id, user: CurrentUser, db: Db) -> dict[str, Any]:
    own(user, user_id)
    customer = await db.scalar(select(Customer).where(col(Customer.user_id) == user.id))
    source = await active_source(db, user.id)
    return {"customer_status": customer.status if customer else "not-created",
            "bank_customer_status": "verified" if source and source.status == "verified" else "unverified",
            "funding_source": source.status if source else None}


@router.get("/api/users/{user_id}/financials/transactions", response_model=TransactionsOut)
async def transactions(user_id: Id, user: CurrentUser, db: Db, page: Annotated[int, Query(ge=1, le=100_000)] = 1,
                       page_size: Annotated[int, Query(ge=1, le=100)] = PAGE_SIZE) -> dict[str, Any]:
    """Every receipt (deposits, withdrawals, offering purchases, trade fills, store orders, refunds), newest first,
    a page at a time."""
    own(user, user_id)
    every = await receipts(db, user.id)
    start = (page - 1) * page_size
    return {"items": [r.as_json() for r in every[start:start + page_size]], "count": len(every), "page": page,
            "next_page": page + 1 if start + page_size < len(every) else None}


@router.get("/api/users/{user_id}/financials/funding-source", response_model=FundingSourceOut)
async def funding_source(user_id: Id, user: CurrentUser, db: Db) -> dict[str, Any]:
    own(user, user_id)
    source = await active_source(db, user.id)
    if source is None:
        return {"info": None}
    return {"info": {"id": source.id, "name": source.bank_name or source.name_on_account, "status": source.status,
                     "accountNumberTail": source.account_tail, "masked": mask_account(source.account_tail),
                     "method": source.method}}
