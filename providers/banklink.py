"""Sandbox bank-link provider (skeleton; the bank-linking issue extends it).

It will serve a hosted page where the user picks a bank and signs in with sandbox credentials, return a
public token that the api exchanges server-side for account details, and keep per-account statements:
``GET /sandbox/banks/transactions?routing=R&account=A`` lists what reached that bank account
(``[{amount, description, created}]``, e.g. the payment provider's micro-deposits after their delay).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import BaseModel

router = APIRouter(tags=["bank link"])


class BankTransaction(BaseModel):
    amount: str
    description: str
    created: str


@router.get("/sandbox/banks/transactions")
async def transactions(
    routing: Annotated[str, Query(min_length=1, max_length=32)],
    account: Annotated[str, Query(min_length=1, max_length=32)],
) -> list[BankTransaction]:
    return []
