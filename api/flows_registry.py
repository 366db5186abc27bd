"""The flow kinds the browser can drive, and how each maps to its workflow (id, input, search attributes).
A kind's `Start` carries what the start call resolved (the asset of a purchase and its flow number)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from config import Settings
from domain.states import offering_states
from store.models import User
from workflows import document_upload, fund_account, onboarding
from workflows.bank_steps import BankLinkTimings
from workflows.purchase import workflow as purchase
from workflows.trading import place_order
from workflows.trading.order_types import OrderTimings


@dataclass(frozen=True)
class Start:
    asset_id: int = 0
    n: int = 0
    ticker: str = ""
    side: str = ""      # place-order: BID | ASK
    order_id: str = ""  # place-order: the order being edited


def timings(s: Settings) -> BankLinkTimings:
    return BankLinkTimings(s.micro_deposit_poll_seconds, s.micro_deposit_reminder_seconds, s.micro_deposit_expiry_seconds,
                           s.activity_timeout_seconds)


def purchase_input(u: User, s: Settings, a: Start) -> purchase.PurchaseInput:
    return purchase.PurchaseInput(
        u.id, a.asset_id, a.n, offering_states(s.enabled_states, s.io_closed_states), s.migration_flag, timings(s),
        s.reservation_ttl_seconds,
        s.signature_timeout_seconds, s.transfer_poll_seconds, f"{s.app_url.rstrip('/')}/dcsigncllbck",
        {"ios": s.app_store_url, "android": s.play_store_url}, s.purchase_idle_timeout_seconds,
        invest_timeout_seconds=s.invest_timeout_seconds)


def order_timings(s: Settings) -> OrderTimings:
    return OrderTimings(s.order_poll_seconds, s.order_queued_after_seconds, s.order_polls_per_run,
                        s.order_place_tries_per_run, s.activity_timeout_seconds, s.order_safety_seconds)


def order_input(u: User, s: Settings, a: Start) -> place_order.PlaceOrderInput:
    return place_order.PlaceOrderInput(
        u.id, a.asset_id, a.ticker, a.side, a.order_id, s.enabled_states, s.blocked_states, s.support_email,
        s.migration_flag, timings(s), order_timings(s), s.purchase_idle_timeout_seconds)


def order_summary(u: User, a: Start) -> str:
    what = f"Edit of order {a.order_id}" if a.order_id else ("Bid" if a.side == "BID" else "Ask")
    return f"{what} wizard for {a.ticker} by user {u.id}"


class Owner(Protocol):
    """Whoever calls: a flow's owner is known by the user id alone."""

    @property
    def id(self) -> int: ...


@dataclass(frozen=True)
class FlowKind:
    name: str
    workflow: Any  # the workflow class
    workflow_type: str
    make_id: Callable[[Owner, Start], str]
    make_input: Callable[[User, Settings, Start], Any]
    summary: Callable[[User, Start], str]
    id_pattern: Callable[[Owner], str] | None = None  # a kind with many flows per user: the regex its ids match
    per_asset: bool = False

    def owns(self, user: Owner, flow_id: str) -> bool:
        """A flow belongs to one user: anybody else's id is not found."""
        if self.id_pattern is not None:
            return re.fullmatch(self.id_pattern(user), flow_id) is not None
        return flow_id == self.make_id(user, Start())


KINDS: dict[str, FlowKind] = {
    "onboarding": FlowKind(
        "onboarding", onboarding.OnboardingWorkflow, "Onboarding", lambda u, a: onboarding.workflow_id(u.id),
        lambda u, s, a: onboarding.OnboardingInput(u.id, s.enabled_states, s.migration_flag, timings(s)),
        lambda u, a: f"Onboarding wizard of user {u.id}"),
    "fund-account": FlowKind(
        "fund-account", fund_account.FundAccountWorkflow, "FundAccount", lambda u, a: fund_account.workflow_id(u.id),
        lambda u, s, a: fund_account.FundAccountInput(u.id, s.transfer_poll_seconds, timings(s)),
        lambda u, a: f"Fund-account wizard of user {u.id}"),
    "document-upload": FlowKind(
        "document-upload", document_upload.DocumentUploadWorkflow, "DocumentUpload",
        lambda u, a: document_upload.workflow_id(u.id), lambda u, s, a: document_upload.DocumentUploadInput(u.id),
        lambda u, a: f"Identity document upload of user {u.id}"),
    "make-investment": FlowKind(
        "make-investment", purchase.MakeInvestmentWorkflow, "MakeInvestment",
        lambda u, a: purchase.workflow_id(u.id, a.asset_id, a.n), purchase_input,
        lambda u, a: f"Purchase of {a.ticker} shares by user {u.id} (#{a.n})",
        id_pattern=lambda u: rf"purchase-{u.id}-\d+-\d+", per_asset=True),
    "place-order": FlowKind(
        "place-order", place_order.PlaceOrderWorkflow, "PlaceOrder",
        lambda u, a: place_order.workflow_id(u.id, a.asset_id, a.side, a.order_id), order_input, order_summary,
        id_pattern=lambda u: place_order.id_pattern(u.id), per_asset=True),
}
