"""The purchase activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from temporalio import activity

from domain.purchase import Hold

NO_USER = "UserNotFound"


@dataclass
class LoadPurchase:
    user_id: int
    asset_id: int


@dataclass
class PurchaseFacts:
    """Everything the flow decides on when it opens (amounts as strings, dates as ISO strings)."""

    asset: dict[str, Any]
    asset_status: str
    progress_bar: int
    number_of_shares: int
    esign_template_id: str | None
    merchandising: dict[str, Any]
    max_shares: int
    owned_shares: int
    cash: str
    email_verified: bool
    state: str
    access_types: list[str] = field(default_factory=list)
    tos3_agreed: bool = False


@dataclass
class HoldRequest:
    flow_id: str
    user_id: int
    asset_id: int
    shares: int
    ttl_seconds: int


@dataclass
class GiftCheck:
    code: str
    asset_ticker: str


@dataclass
class Gift:
    valid: bool
    redeemCode: str
    value: str | None
    assetTicker: str | None
    message: str


@dataclass
class InvestRequest:
    key: str
    flow_id: str
    user_id: int
    asset_id: int
    shares: int
    max_shares: int
    gift_value: str
    redeem_code: str
    asset_ticker: str
    envelope_id: str | None
    agreed_at: str | None


@dataclass
class InvestOutcome:
    ok: bool
    investment: dict[str, Any] | None = None
    error_type: str | None = None
    messages: list[str] = field(default_factory=list)
    sold_out: bool = False


class PurchaseActivities:
    """Stubs with the activities' names and signatures; `activities.purchase.PurchaseActivities` implements them."""

    @activity.defn(name="purchase.load")
    async def load(self, req: LoadPurchase) -> PurchaseFacts:
        raise NotImplementedError

    @activity.defn(name="purchase.hold")
    async def hold(self, req: HoldRequest) -> Hold:
        raise NotImplementedError

    @activity.defn(name="purchase.release")
    async def release(self, flow_id: str) -> bool:
        raise NotImplementedError

    @activity.defn(name="purchase.cash")
    async def cash(self, user_id: int) -> str:
        raise NotImplementedError

    @activity.defn(name="purchase.passport")
    async def passport(self, user_id: int) -> dict[str, Any]:
        raise NotImplementedError

    @activity.defn(name="purchase.agree_tos3")
    async def agree_tos3(self, user_id: int) -> None:
        raise NotImplementedError

    @activity.defn(name="purchase.validate_gift")
    async def validate_gift(self, req: GiftCheck) -> Gift:
        raise NotImplementedError

    @activity.defn(name="purchase.invest")
    async def invest(self, req: InvestRequest) -> InvestOutcome:
        raise NotImplementedError
