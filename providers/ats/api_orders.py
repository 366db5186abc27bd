"""Orders over HTTP: ``/sandbox/ats/financial-accounts/{accountId}/orders[/{orderId}]`` (Bearer token), and the
client's orders across its accounts, a page at a time: ``GET /sandbox/ats/orders?active=true&after=&limit=`` (what a
broker's reconciliation reads in one call per page: ``{"data": [...], "next": cursor or null}``).

An account id is the caller's own opaque id (Vitrine uses its financial-account ids); a client sees only its own
accounts' orders: another client's order answers 404. Answers are ``{"data": ...}``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse

from providers.ats import errors, service
from providers.ats.errors import AtsError, AtsRoute
from providers.ats.oauth import AtsDep, Caller
from providers.ats.runtime import Ats
from providers.ats.views import order_view

router = APIRouter(prefix="/sandbox/ats/financial-accounts/{account_id}/orders", tags=["ATS sandbox"],
                   route_class=AtsRoute)
AccountId = Annotated[str, Path(min_length=1, max_length=128, pattern=r"^[^/]+$")]
OrderId = Annotated[str, Path(min_length=1, max_length=64)]
client_router = APIRouter(prefix="/sandbox/ats/orders", tags=["ATS sandbox"], route_class=AtsRoute)
MAX_KEY = 200  # characters of an Idempotency-Key


def _view(ats: Ats, row: Any) -> dict[str, Any]:
    return order_view(row, ats.pending.get(row["id"]))


def idempotency_key(request: Request) -> str:
    """The ``Idempotency-Key`` header (read here, not as a validated parameter: cheaper per order)."""
    key = request.headers.get("idempotency-key", "")
    if not key:
        raise AtsError(400, errors.IDEMPOTENCY_KEY_REQUIRED, "The Idempotency-Key header is required")
    if len(key) > MAX_KEY:
        raise AtsError(422, errors.INVALID_REQUEST, f"Idempotency-Key: at most {MAX_KEY} characters",
                       field="Idempotency-Key")
    return key


@router.post("", status_code=201, response_model=None)
async def create_order(ats: AtsDep, client: Caller, account_id: AccountId, body: service.OrderRequest,
                       request: Request) -> JSONResponse:
    """Place a LIMIT or INSTANT order (header ``Idempotency-Key``, required): 201 when created, 200 with the same
    order for a repeated key and body. The answer is rendered here (plain JSON types): FastAPI's encoder would walk
    it again."""
    row, created = await service.place(ats, client, account_id, body, idempotency_key(request))
    return JSONResponse({"data": _view(ats, row)}, status_code=201 if created else 200)


@router.get("")
async def list_orders(ats: AtsDep, client: Caller, account_id: AccountId,
                      instrumentId: Annotated[str | None, Query(max_length=64)] = None,
                      active: bool | None = None,
                      limit: Annotated[int, Query(ge=1, le=1000)] = 200) -> dict[str, Any]:
    rows = await service.list_orders(ats, client, account_id, instrumentId, active, limit)
    return {"data": [_view(ats, r) for r in rows]}


@router.get("/{order_id}")
async def read_order(ats: AtsDep, client: Caller, account_id: AccountId, order_id: OrderId) -> dict[str, Any]:
    return {"data": _view(ats, await service.get_order(ats, client, account_id, order_id))}


@router.put("/{order_id}")
async def replace_order(ats: AtsDep, client: Caller, account_id: AccountId, order_id: OrderId,
                        body: service.ReplaceRequest) -> dict[str, Any]:
    """New total units and unit price; a smaller size at the same price keeps time priority."""
    return {"data": _view(ats, await service.replace(ats, client, account_id, order_id, body))}


@router.delete("/{order_id}")
async def cancel_order(ats: AtsDep, client: Caller, account_id: AccountId, order_id: OrderId) -> dict[str, Any]:
    """200 with the order and ``cancel``: CANCELED, TOO_LATE (it filled first) or ALREADY_ENDED."""
    row, outcome = await service.cancel(ats, client, account_id, order_id)
    return {"data": _view(ats, row), "cancel": outcome}


@client_router.get("")
async def list_client_orders(ats: AtsDep, client: Caller, active: bool | None = None,
                             after: Annotated[str | None, Query(max_length=64)] = None,
                             limit: Annotated[int, Query(ge=1, le=1000)] = 1000) -> dict[str, Any]:
    """The caller's orders of every account, ordered by id; `next` is the cursor of the following page (null: none)."""
    rows = await service.list_client_orders(ats, client, active, after, limit)
    return {"data": [_view(ats, r) for r in rows], "next": rows[-1]["id"] if len(rows) == limit else None}
