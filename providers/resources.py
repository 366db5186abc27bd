"""What the JSON provider routers share (payments, bank link, e-sign, promo, shop): ids, money, the idempotent runner."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable
from decimal import Decimal
from typing import Annotated, Any

from fastapi import Path
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from pydantic import Field

from providers.idempotency import Outcome, run_once
from providers.sqlite import Storage

# A positive amount of dollars with at most two decimals, given as a string ("12.50") or a number.
Money = Annotated[Decimal, Field(gt=Decimal("0"), max_digits=12, decimal_places=2, allow_inf_nan=False)]
ResourceId = Annotated[str, Path(min_length=1, max_length=64)]

CENT = Decimal("0.01")


def new_id(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex}"


def money(amount: Decimal) -> str:
    return f"{amount.quantize(CENT):.2f}"


async def respond(
    storage: Storage,
    key: str | None,
    scope: str,
    payload: Any,
    work: Callable[[sqlite3.Connection], Outcome],
) -> Response:
    """Run ``work`` once per idempotency key (in a worker thread) and answer its outcome."""
    outcome = await run_in_threadpool(run_once, storage, key, scope, payload, work)
    return outcome.response()
