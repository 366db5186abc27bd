"""Request and response bodies of the trading calls (issue 11; spec doc 3 §3 Order, Order request, Position; §7).

Requests are lenient (strings or numbers) so the spec's own prevalidation messages answer bad values, never a
pydantic's own 422 for a price typed as "10.1". Responses are the spec's shapes, typed for the OpenAPI and the frontend's
generated client. `order_out` turns the workflow's OrderView (workflows/trading/order_types.py; also the JSON the workflow
publishes on `trading:user:{id}`) into the api's Order."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from api.schemas import Body

Scalar = str | int | float | None


class OrderRequestIn(Body):
    """The spec's order request (create, and its prevalidation)."""

    financialInstrumentId: str = Field(default="", max_length=64)
    type: str = Field(default="LIMIT", max_length=16)
    term: str = Field(default="GOOD_TIL_CANCELED", max_length=32)
    context: str = Field(default="", max_length=8)  # bid | ask (any case)
    units: Scalar = None
    unitPrice: Scalar = None
    disclosureReadAndAgreedTo: bool | None = None
    promotionalCode: str | None = Field(default=None, max_length=64)


class EditIn(Body):
    """The edit payload: the new unfilled units and the unit price (2 decimals)."""

    units: Scalar = None
    unitPrice: Scalar = None


class UnitsContext(BaseModel):
    unitsAvailable: int


class PrevalidationOut(BaseModel):
    valid: bool
    code: str | None
    message: str | None
    field: str | None = None  # the form field the message belongs to (units | unitPrice), or none (a modal)
    context: UnitsContext


class OrderIdData(BaseModel):
    id: str


class OrderIdOut(BaseModel):
    data: OrderIdData


class Ref(BaseModel):
    id: str


class Taxonomy(BaseModel):
    context: Literal["BID", "ASK"]


class OrderUnits(BaseModel):
    requested: int
    filled: int
    unfilled: int


class OrderPricing(BaseModel):
    unit: str
    order: str
    debited: str
    credited: str


class ExecutionOut(BaseModel):
    id: str
    units: int
    unitPrice: str
    status: str
    confirmed: bool
    windowId: str


class OrderOut(BaseModel):
    """The spec's Order, with the match-confirmation fields and Vitrine's status details."""

    id: str
    status: str
    type: Literal["LIMIT", "INSTANT"]
    term: Literal["GOOD_TIL_CANCELED", "IMMEDIATE_OR_CANCEL"]
    side: Literal["BID", "ASK"]
    taxonomy: Taxonomy
    financialAccount: Ref
    financialInstrumentId: str
    ticker: str
    asset: int
    units: OrderUnits
    pricing: OrderPricing
    created: str
    modified: str
    code: str | None = None
    message: str | None = None  # e.g. QUEUED's high-volume text
    windowId: str | None = None
    confirmed_matched_status: str | None = None
    matched_shares_count: int = 0
    executions: list[ExecutionOut] = Field(default_factory=list)
    version: int = 0


class OrderData(BaseModel):
    data: OrderOut


class OrderList(BaseModel):
    data: list[OrderOut]


class CancelOut(BaseModel):
    data: OrderOut
    cancel: Literal["CANCELED", "ALREADY_ENDED"]


class PositionUnits(BaseModel):
    total: int
    openAndAlienable: int


class PositionInstrument(BaseModel):
    id: str
    assetId: int
    ticker: str


class PositionOut(BaseModel):
    financialInstrument: PositionInstrument
    units: PositionUnits


class PositionsOut(BaseModel):
    data: dict[str, PositionOut]  # keyed by financial instrument id (the ticker without '#')


class WebhookAck(BaseModel):
    status: Literal["applied", "duplicate", "ignored"]


def order_out(view: dict[str, Any], account: str) -> OrderOut:
    """An OrderView (as `dataclasses.asdict` or its JSON) as the api's Order; `financialAccount.id` is the investor's
    financial account id (`account`: the user read's `customer.accounts[0].id`), not the ATS's key of it."""
    requested, filled = int(view["units_requested"]), int(view["units_filled"])
    side = view["side"]
    return OrderOut(
        id=view["id"], status=view["status"], type=view["order_type"], term=view["term"], side=side,
        taxonomy=Taxonomy(context=side), financialAccount=Ref(id=account),
        financialInstrumentId=view["financial_instrument_id"], ticker=view["ticker"], asset=int(view["asset_id"]),
        units=OrderUnits(requested=requested, filled=filled, unfilled=max(0, requested - filled)),
        pricing=OrderPricing(unit=view["unit_price"], order=view["pricing_order"], debited=view["pricing_debited"],
                             credited=view["pricing_credited"]),
        created=view["created"], modified=view["modified"], code=view.get("code"), message=view.get("message"),
        windowId=view.get("window_id"), confirmed_matched_status=view.get("confirmed_matched_status"),
        matched_shares_count=int(view.get("matched_shares_count") or 0),
        executions=[ExecutionOut(id=x["id"], units=int(x["units"]), unitPrice=x["unit_price"], status=x["status"],
                                 confirmed=bool(x["confirmed"]), windowId=x["window_id"])
                    for x in view.get("executions") or ()],
        version=int(view.get("version") or 0))
