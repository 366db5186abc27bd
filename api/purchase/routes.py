"""The spec's purchase calls (doc 2 §7) on the caller's running make-investment flow: reservation, e-signature,
invest; gift-code validation (the investments list: api/routes/portfolio.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlmodel import col
from temporalio.client import WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from api.deps import CurrentUser, Db, State
from api.errors import ApiError, ErrorItem, error_response
from api.flow_refusals import refusal_response
from api.params import Id
from api.purchase.flow import asset_of, running_purchase
from api.purchase.schemas import GiftOut, InvestmentOut, ReservationOut
from api.routes.flows import publish
from api.schemas import Body
from clients.http import ProviderError, ProviderRejected
from clients.promo import PromoClient
from clients.temporal_updates import update_once
from domain import purchase as P
from store.models import Asset
from workflows.flow_core import REFUSALS, FlowState
from workflows.purchase.workflow import MakeInvestmentWorkflow, RestInvest

router = APIRouter(tags=["purchase"])


class ReservationIn(Body):
    asset: int | str | None = None


class SignatureIn(Body):
    return_url: str = Field(default="", max_length=500)
    shares: int | None = None
    asset: int | str
    investment_info: dict[str, Any] = Field(default_factory=dict)


class InvestIn(Body):
    shares: int = Field(ge=1, le=1_000_000)
    asset: int | str | None = None
    investment_info: dict[str, Any] = Field(default_factory=dict)
    promo_value: str | float | int | None = None
    redeemCode: str | None = Field(default=None, max_length=64)
    free_share_program: bool | None = None
    envelope_id: str | None = Field(default=None, max_length=64)
    sa_signed_and_agreed_at: str | None = Field(default=None, max_length=64)


class GiftIn(Body):
    redeemCode: str = Field(default="", max_length=64)
    asset: int | str | None = None


@router.post("/api/assets/{asset_id}/invest/reservations", response_model=None,
             responses={200: {"model": ReservationOut}})
async def reservation(asset_id: Id, user: CurrentUser, state: State, db: Db,
                      body: ReservationIn | None = None) -> dict[str, Any]:
    """The shares held for the caller's running purchase of this asset (held when the flow opened)."""
    await asset_of(db, asset_id)
    client = await state.temporal()
    flow_id = await running_purchase(db, client, user, asset_id)
    info: dict[str, Any] = await client.get_workflow_handle(flow_id).query(MakeInvestmentWorkflow.reservation_info,
                                                                             rpc_timeout=state.query_timeout)
    return info


class EnvelopeOut(BaseModel):
    envelope_id: str
    envelope_view_url: str


@router.post("/api/investments/docusign/")
async def prepare_signature(body: SignatureIn, user: CurrentUser, state: State, db: Db) -> EnvelopeOut:
    """The envelope of the caller's running purchase (created when the flow reached its signature step)."""
    asset = await asset_of(db, body.asset)
    client = await state.temporal()
    flow_id = await running_purchase(db, client, user, asset.id)
    flow: FlowState = await client.get_workflow_handle(flow_id).query(MakeInvestmentWorkflow.state,
                                                                       rpc_timeout=state.query_timeout)
    if flow.step != "docusign" or not flow.context.get("envelope_view_url"):
        raise ApiError(409, "Sorry, something went wrong")
    return EnvelopeOut(envelope_id=str(flow.context["envelope_id"]),
                       envelope_view_url=str(flow.context["envelope_view_url"]))


@router.post("/api/assets/{asset_id}/invest", response_model=None, status_code=201,
             responses={201: {"model": InvestmentOut, "description": "The investment"}})
async def invest(asset_id: Id, body: InvestIn, user: CurrentUser, state: State, db: Db) -> JSONResponse:
    """Confirms the running purchase: the investment, or 422 with the server's messages and the spec's error_type
    (409 when the purchase moved on or ended)."""
    await asset_of(db, asset_id)
    client = await state.temporal()
    handle = client.get_workflow_handle(await running_purchase(db, client, user, asset_id))
    req = RestInvest(body.shares, body.envelope_id, body.sa_signed_and_agreed_at)
    try:
        flow: FlowState = await update_once(lambda uid, timeout: handle.execute_update(
            MakeInvestmentWorkflow.invest, req, id=uid, rpc_timeout=timeout), state.answer_wait)
    except WorkflowUpdateFailedError as exc:
        cause = exc.cause
        if isinstance(cause, ApplicationError) and cause.type in REFUSALS:
            return refusal_response(cause)
        raise
    await publish(state, flow)
    outcome = flow.context
    if outcome.get("view") != "success":
        messages = [ErrorItem(message=str(m)) for m in outcome.get("messages") or [P.PURCHASE_ERROR_TITLE]]
        return error_response(422, messages, error_type=outcome.get("error_type"))
    return JSONResponse(outcome["investment"], status_code=201)


@router.post("/api/promocode/validate/", response_model=None, responses={200: {"model": GiftOut}})
async def validate_gift(body: GiftIn, request: Request, user: CurrentUser, state: State,
                        db: Db) -> JSONResponse | dict[str, Any]:
    """A gift code for this asset: its value, or 422 with the provider's message on redeemCode."""
    code = P.normalize_gift(body.redeemCode)
    if not code:
        raise ApiError(422, P.GIFT_REQUIRED, field="redeemCode")
    await state.limiter.hit("gift-code", request, user.id)
    ticker = ""
    if body.asset is not None:
        asset = await (asset_of(db, body.asset) if str(body.asset).isdigit()
                       else _by_ticker(db, str(body.asset)))
        ticker = asset.ticker
    promo = PromoClient(state.http, state.settings.providers_url, state.settings.provider_api_key)
    try:
        r = await promo.validate(code, ticker)
    except ProviderRejected as exc:
        raise ApiError(422, exc.message, field="redeemCode") from None
    except ProviderError:
        raise ApiError(503, "Sorry, something went wrong") from None
    if not r.get("valid"):
        message = str(r.get("message") or "This promo code is not valid.")
        raise ApiError(422, message, field="redeemCode")
    return {"value": r.get("value"), "redeemCode": r.get("code") or code, "assetTicker": r.get("asset_ticker")}


async def _by_ticker(db: Db, ticker: str) -> Asset:
    asset = await db.scalar(select(Asset).where(col(Asset.ticker) == ticker))
    if asset is None:
        raise ApiError(404, "Asset not found.")
    return asset
