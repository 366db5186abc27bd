"""The order entry wizard (`place-order-{user}-{asset}-{bid|ask|edit-<order>}`), spec doc 3 §2.2 and §4.3: payment
terms when required, the intro, the onboarding's profile steps while the investing passport is not applied, the
passport, select (Instant Buy / Limit order, checked by domain/trading/order_rules on what entering the step loaded),
review, then placing — an activity starts the order workflow and sends its `submit` (an edit: `replace`) Update,
keyed by this flow's instance and its placement attempt, so a retry or a replay places nothing twice — and the
summary. The order's hold is the authoritative check: a refused hold brings the investor back to select with the
spec's message."""

from __future__ import annotations

import asyncio
from dataclasses import asdict, dataclass, field
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    import domain.trading.order_wizard as W
    import workflows.trading.order_types as O
    from activities.interfaces.placement import (
        LOAD,
        MARKET,
        PLACE,
        LoadMarket,
        LoadOrderFlow,
        MarketFacts,
        OrderFlowFacts,
        PlaceRequest,
        PlaceResult,
    )
    from activities.interfaces.profile import Profile, ProfileActivities
    from activities.interfaces.purchase import PurchaseActivities
    from domain.asset_status import POST_ONLY, TRADING
    from domain.customer_status import customer_status_error
    from domain.trading.order_rules import STATE_BLOCKED, VERIFY_EMAIL
    from workflows.bank_steps import BankLinkTimings, BankSteps
    from workflows.flow_core import (
        ACTIVE,
        COMPLETED,
        FAILED,
        FlowCore,
        FlowError,
        FlowState,
        FlowWorkflow,
        StepSubmission,
        invalid,
    )
    from workflows.profile_steps import DB_RETRY, ProfileSteps
    from workflows.trading.order_wizard_context import wizard_context

KIND = W.KIND
SHORT = timedelta(seconds=30)
ATS_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10), maximum_attempts=6,
                        non_retryable_error_types=["AtsInvalidClient", "UserNotFound"])
PLACE_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10), maximum_attempts=5,
                          non_retryable_error_types=["AtsInvalidClient"])


@dataclass
class PlaceOrderInput:
    user_id: int
    asset_id: int
    ticker: str
    side: str                      # BID | ASK
    edit_order_id: str = ""
    enabled_states: list[str] = field(default_factory=list)
    blocked_states: list[str] = field(default_factory=list)
    support_email: str = "support@vitrine.app"
    migration_flag: bool = False
    bank_link: BankLinkTimings = field(default_factory=BankLinkTimings)
    order_timings: O.OrderTimings = field(default_factory=O.OrderTimings)
    idle_timeout_seconds: int = 24 * 3600


def workflow_id(user_id: int, asset_id: int, side: str, edit_order_id: str = "") -> str:
    tail = f"edit-{edit_order_id}" if edit_order_id else side.lower()
    return f"{KIND}-{user_id}-{asset_id}-{tail}"


def id_pattern(user_id: int) -> str:
    return rf"{KIND}-{user_id}-\d+-(bid|ask|edit-[0-9a-f-]{{36}})"


@workflow.defn(name="PlaceOrder")
class PlaceOrderWorkflow(FlowWorkflow):
    def __init__(self) -> None:
        self.flow = FlowCore(KIND, W.STEPS)
        self.passport: dict[str, Any] = {}
        self.attempt = 0
        self.placed: dict[str, Any] = {}

    @workflow.run
    async def run(self, inp: PlaceOrderInput) -> dict[str, Any]:
        self.inp = inp
        self.bank = BankSteps(self.flow, inp.user_id, inp.bank_link)
        self.profile = ProfileSteps(self.flow, inp.user_id, self.bank, inp.enabled_states)
        f = self.flow
        profile: Profile
        facts: OrderFlowFacts
        profile, facts = await asyncio.gather(
            f.call(ProfileActivities.load, inp.user_id, SHORT, DB_RETRY),
            workflow.execute_local_activity(LOAD, LoadOrderFlow(inp.user_id, inp.asset_id, inp.edit_order_id),
                                            result_type=OrderFlowFacts, start_to_close_timeout=SHORT,
                                            retry_policy=DB_RETRY))
        self.p = facts
        edit = facts.edit or {}
        f.facts = {**profile.facts, "today": workflow.now().date().isoformat(), "migration_flag": inp.migration_flag,
                   "tos3_agreed": facts.tos3_agreed, "side": inp.side, "ticker": inp.ticker,
                   "edit_order": inp.edit_order_id, "market": {},
                   "edit": {"unfilled": max(0, int(edit.get("units_requested", 0)) - int(edit.get("units_filled", 0))),
                            "unit_price": edit.get("unit_price"), "filled": int(edit.get("units_filled", 0)),
                            "status": edit.get("status")} if edit else {}}
        f.values = profile.values
        f.begin()
        self._gate()
        self._context()
        result = await f.serve(inp.idle_timeout_seconds)
        assert result is not None
        return result

    def _gate(self) -> None:
        """Who may place this order now (spec §2.2, §4.1, §4.4): decided when the wizard opens."""
        p, inp = self.p, self.inp
        status = str(self.flow.facts.get("customer_status") or "not-created")
        popup = customer_status_error(status)
        edit = self.flow.facts["edit"]
        if not p.email_verified:
            self._fail_now(W.VERIFY_EMAIL_TITLE, VERIFY_EMAIL.format(email=p.email))
        elif p.state and p.state in inp.blocked_states:
            self._fail_now(W.STATE_TITLE, STATE_BLOCKED)
        elif p.asset.get("asset_status") not in (TRADING, POST_ONLY):
            self._fail_now(W.TRADING_CLOSED_TITLE, W.TRADING_CLOSED)
        elif popup is not None:
            self._fail_now(popup.title, popup.message, popup.action or "/app")
        elif inp.edit_order_id and (not edit or edit["status"] in O.ENDED or edit["unfilled"] <= 0):
            self._fail_now(O.UNABLE_TO_EDIT, O.ORDER_ENDED)
        elif inp.edit_order_id and edit["status"] in (O.PROCESSING_UPDATE, O.PENDING_REPLACE, O.PENDING_CANCEL):
            self._fail_now(O.UNABLE_TO_EDIT, W.EDIT_PROCESSING)

    def _fail_now(self, title: str, message: str, action: str | None = None) -> None:
        f = self.flow
        f.status, f.error, f.waiting_for = FAILED, FlowError(title, message, action or self._asset_page()), None
        f.result = {"outcome": "failed", "redirect": self._asset_page()}

    def _asset_page(self) -> str:
        a = self.p.asset
        return f"/app/assets/{a['category']}/{str(a['ticker']).lstrip('#')}"

    # ---- the person's moves ------------------------------------------------------------------------------------
    @workflow.update
    async def submit(self, sub: StepSubmission) -> FlowState:
        async with self.flow.turn(sub.step):
            return await self.flow.guard(self._submit(sub), self._changed)

    @submit.validator
    def _check(self, sub: StepSubmission) -> None:
        f = self.flow
        f.check(sub)
        if sub.step == "select-bid":  # the server's prevalidation, on what entering the step loaded (no I/O)
            pre = W.prevalidate(sub.fields, f.facts)
            if not pre.valid:  # on its field (the form says to look there), or for the whole form
                raise invalid({pre.field: pre.message or ""}) if pre.field else invalid({}, pre.message or "")

    async def _submit(self, sub: StepSubmission) -> FlowState:
        f = self.flow
        fields = f.fields_of(sub)
        step = sub.step
        f.status, f.error = ACTIVE, None
        if step == "dwolla-tos":
            await f.call(PurchaseActivities.agree_tos3, self.inp.user_id, SHORT, DB_RETRY)
            f.facts["tos3_agreed"] = True
        elif step in W.PROFILE_STEP_IDS:
            if not await self.profile.apply(step, fields):
                return await self._changed()
            if f.facts.get("state") in self.inp.blocked_states:
                self._fail_now(W.STATE_TITLE, STATE_BLOCKED)
                return await self._changed()
        elif step == "investing-passport" and fields.get("edit") is True:
            f.facts["editing"] = True
            f.step = next(s.id for s in W.STEPS if s.id in W.PROFILE_STEP_IDS and s.applies(f.facts))
            return await self._changed()
        elif step == "investing-passport":
            f.facts["editing"] = False
        elif step == "select-bid":
            order_type, units, price = W.terms(fields, f.facts)
            f.facts["order"] = {"order_type": order_type, "units": units, "unit_price": str(price)}
            f.values["select-bid"] = {"orderType": order_type, "units": units, "unitPrice": str(price)}
            f.facts.pop("refusal", None)
        elif step == "review":
            if not await self._place():
                return await self._changed()
        elif step == "summary":
            f.status = COMPLETED
            f.result = {"outcome": "ORDER_PLACED", "redirect": "/app/investments", "order_id": self.placed.get("id")}
            return await self._changed()
        await self._advance()
        return await self._changed()

    # ---- steps -----------------------------------------------------------------------------------------------
    async def _advance(self) -> None:
        f = self.flow
        f.advance()
        if f.step == "investing-passport":
            self.passport = await f.call(PurchaseActivities.passport, self.inp.user_id, SHORT, DB_RETRY)
        elif f.step == "select-bid":
            await self._load_market()

    async def _load_market(self) -> None:
        f = self.flow
        m: MarketFacts = await workflow.execute_local_activity(
            MARKET, LoadMarket(self.inp.user_id, self.inp.asset_id, self.inp.ticker, self.inp.edit_order_id),
            result_type=MarketFacts,
            start_to_close_timeout=SHORT, retry_policy=ATS_RETRY)
        if not m.tradable:
            self._fail_now(W.TRADING_CLOSED_TITLE, W.TRADING_CLOSED)
            return
        f.facts["market"] = m.market
        if "select-bid" not in f.values:  # the form's defaults: the edited order's terms, else 1 share
            edit = f.facts["edit"]
            price = edit.get("unit_price") or m.market.get("default_price") or ""
            f.values["select-bid"] = {"orderType": W.default_order_type(f.facts), "units": edit.get("unfilled") or 1,
                                      "unitPrice": str(price)}

    async def _place(self) -> bool:
        """The order goes to the order workflow; False when it was refused (the investor is back on select)."""
        f, inp = self.flow, self.inp
        order = f.facts["order"]
        purpose = f"edit:{self.attempt}" if inp.edit_order_id else f"order:{self.attempt}"
        try:
            out: PlaceResult = await workflow.execute_activity(
                PLACE, PlaceRequest(f.key(purpose), inp.user_id, inp.asset_id, inp.ticker, inp.side,
                                    order["order_type"], int(order["units"]), str(order["unit_price"]),
                                    inp.edit_order_id, asdict(inp.order_timings)),
                result_type=PlaceResult, start_to_close_timeout=timedelta(seconds=120), retry_policy=PLACE_RETRY)
        except ActivityError:  # the placement gave up after its retries: the spec's modal; the same key next time
            f.error = FlowError(W.UNABLE_TITLE, W.unable_message(inp.support_email))
            return False
        view = out.view or {}
        if out.refused is not None or view.get("status") == O.REJECTED:
            self.attempt += 1  # a refused placement ends that order: the next try is a new one
            if out.refused is not None and out.refused_type not in W.SELECT_CODES:
                title, message, fld = (O.EDIT_FAILED if inp.edit_order_id else W.UNABLE_TITLE), out.refused, None
            elif out.refused is not None:  # the edit's larger hold was refused: the form's message for its code
                title, message, fld = W.refusal(out.refused_type, None, inp.support_email)
            else:
                title, message, fld = W.refusal(view.get("code"), view.get("message"), inp.support_email)
            f.error = FlowError(title, message)
            f.facts["refusal"] = {"code": view.get("code"), "message": message, "field": fld}
            f.step = "select-bid"
            await self._load_market()
            return False
        live = bool(f.facts["market"].get("live"))
        f.facts["locked_steps"] = list(W.STEP_IDS)  # the order is placed: no way back from its summary
        self.placed = {**view, **W.outcome(view, live=live, filled_before=int(f.facts["edit"].get("filled", 0)))}
        return True

    async def _changed(self) -> FlowState:
        self._context()
        return await self.flow.changed()

    def _context(self) -> None:
        self.flow.context = {**self.profile.context(), **wizard_context(
            self.flow.facts, self.p.asset, self.p.email, self.inp.support_email, self.passport, self.placed)}

