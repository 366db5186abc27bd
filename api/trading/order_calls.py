"""Talking to one order's workflow from the api (issue 11 contract, workflows/trading/order_types.py): whose order it is,
its current view, and its Updates. The api never calls the ATS for order changes: it sends the workflow an Update
and answers what the workflow answers. Updates are re-sent with the same id while the workflow is not ready (the
worker holding it died), so a re-send is never a second edit or cancel."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import asdict
from datetime import timedelta
from typing import Any, TypeVar

from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from api.errors import ApiError
from api.state import AppState
from clients.temporal_updates import update_once, with_ready_retry
from domain.trading import order_rules as R
from store.trading import order_owner
from store.trading.orders import get_view
from store.users import first_account_id
from workflows import search_attributes as sa
from workflows.trading import order_types as O

T = TypeVar("T")
ORDER_NOT_FOUND = "Order not found."
ACCOUNT_NOT_FOUND = "Financial account not found."
ORDER_ENDED = "ORDER_ENDED"
_ACCOUNT = re.compile(r"^[1-9][0-9]{0,9}$")
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
# refusals that are the investor's to fix on the form (the prevalidation codes): 422; any other refusal: 409
FORM_CODES = frozenset({R.UNIT_PRICE_OUT_OF_BOUNDS, R.INSUFFICIENT_FUNDS, R.INSUFFICIENT_UNITS, R.INALIENABLE_UNITS,
                        R.CROSS_TRADING_PROHIBITED, R.INVALID_UNITS, R.INVALID_UNIT_PRICE, R.INSTANT_BUY_UNAVAILABLE,
                        R.EMAIL_NOT_VERIFIED, R.FINANCIAL_ACCOUNT_RESTRICTED})


async def account_user(db: AsyncSession, account_id: str, caller_id: int) -> str:
    """The caller's own financial account: the id the user read answers as `customer.accounts[0].id` (the first
    Account row of the caller's customer). Anybody else's, or a malformed id, is not found. The ATS keeps its own key
    of the account (`O.account_id_for`), never seen here."""
    if not _ACCOUNT.match(account_id) or int(account_id) >= 2**31:
        raise ApiError(404, ACCOUNT_NOT_FOUND)
    if await first_account_id(db, caller_id) != int(account_id):
        raise ApiError(404, ACCOUNT_NOT_FOUND)
    return account_id


async def account_of(db: AsyncSession, user_id: int) -> str:
    """The investor's financial account id as their orders show it (`financialAccount.id`); "" without an account."""
    found = await first_account_id(db, user_id)
    return "" if found is None else str(found)


def wait_seconds(state: AppState) -> float:
    return state.settings.order_update_wait_seconds


def valid_order_id(order_id: str) -> str:
    if not _UUID.match(order_id):
        raise ApiError(404, ORDER_NOT_FOUND)
    return order_id


async def current_view(client: Client, db: AsyncSession, user_id: int, order_id: str,
                       wait: float | None = None) -> dict[str, Any]:
    """The order's view from its workflow (the authority); from the projection if the workflow is gone; another
    investor's order is not found. No worker answering within `wait` seconds: the RPC error (503, api/errors)."""
    valid_order_id(order_id)
    timeout = timedelta(seconds=wait) if wait else None
    try:
        view: O.OrderView = await with_ready_retry(lambda: client.get_workflow_handle(O.workflow_id(order_id)).query(
            O.VIEW, result_type=O.OrderView, rpc_timeout=timeout))
        data = asdict(view)
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            raise
        stored = await get_view(db, user_id, order_id)
        if stored is None:
            raise ApiError(404, ORDER_NOT_FOUND) from None
        data = asdict(stored)
    if data.get("account_id") != O.account_id_for(user_id):
        raise ApiError(404, ORDER_NOT_FOUND)
    return data


async def owned(client: Client, db: AsyncSession, user_id: int, order_id: str, redis: Redis | None = None) -> None:
    """The caller's own order, or 404 — from the create's note in Redis (store/trading/order_owner.py: the submit right
    after its create), else from the order list when its first view is there (one database read), else from the
    workflow's user search attribute (the server answers: no worker trip, so an Update sent next does not wait
    behind the workflow's running task as a query would)."""
    valid_order_id(order_id)
    if redis is not None and await order_owner.is_owner(redis, order_id, user_id):
        return
    if await get_view(db, user_id, order_id) is not None:
        return
    try:
        found = await client.get_workflow_handle(O.workflow_id(order_id)).describe()
        owner = found.typed_search_attributes.get(sa.USER_ID)
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            raise
        owner = None  # the workflow is gone and the order list does not have it as the caller's
    if owner != str(user_id):
        raise ApiError(404, ORDER_NOT_FOUND)


def _refused(exc: WorkflowUpdateFailedError) -> ApiError:
    cause = exc.cause
    if isinstance(cause, ApplicationError):  # details[0]: the refusal's code (a prevalidation code, an ATS code)
        detail = cause.details[0] if cause.details else None
        code = detail if isinstance(detail, str) and detail else cause.type or None
        return ApiError(422 if code in FORM_CODES else 409, cause.message, error_type=code)
    return ApiError(409, str(cause or exc))


async def update(client: Client, order_id: str, name: str, arg: Any, result_type: type[T], *, wait: float,
                 update_id: str | None = None) -> T:
    """Sends the Update (re-sent with the same id while the workflow is not ready); a refusal by its validator or
    handler → 409 (422 for a prevalidation code) with the workflow's message and its type as error_type. No answer
    within `wait` seconds (no worker took it, or the workflow still waits for the ATS): 503 + Retry-After
    (clients/temporal_updates.update_once, api/errors); a re-send with the same Update id (submit, replace) is the
    same Update."""
    handle = client.get_workflow_handle(O.workflow_id(order_id))
    call: Callable[[str, timedelta], Awaitable[T]] = (
        (lambda uid, timeout: handle.execute_update(name, arg, id=uid, result_type=result_type, rpc_timeout=timeout))
        if arg is not None else (lambda uid, timeout: handle.execute_update(name, id=uid, result_type=result_type,
                                                                            rpc_timeout=timeout)))
    try:
        return await update_once(call, wait, update_id)
    except WorkflowUpdateFailedError as exc:
        raise _refused(exc) from None
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            raise
        if await _closed(client, order_id):  # the order ended (and its workflow with it)
            raise ApiError(409, O.ORDER_ENDED, error_type=ORDER_ENDED) from None
        raise ApiError(404, ORDER_NOT_FOUND) from None


async def _closed(client: Client, order_id: str) -> bool:
    try:
        return (await client.get_workflow_handle(O.workflow_id(order_id)).describe()).close_time is not None
    except RPCError:
        return False
