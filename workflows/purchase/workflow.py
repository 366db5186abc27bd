"""The initial-offering purchase (`purchase-{user_id}-{asset_id}-{n}`), spec doc 2 §2.5: shares are held for the
flow from its first moment (released when it closes, fails or the hold times out), the investor picks shares and
a gift code, completes the profile when the investing passport is not applied, tops up cash when short (a deposit
through the transfer workflow), signs (e-sign envelope, trusted only when the provider says it is completed) or
agrees to the subscription agreement, and confirms: the investment and its ledger entry are written once."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import domain.purchase as P
    import domain.transfer_rules as T
    from activities.interfaces.esign import EnvelopeRequest
    from activities.interfaces.profile import Profile, ProfileActivities
    from activities.interfaces.purchase import (
        GiftCheck,
        InvestOutcome,
        InvestRequest,
        LoadPurchase,
        PurchaseActivities,
        PurchaseFacts,
    )
    from domain.access import FREE_SHARE_PROGRAM
    from workflows.bank_steps import BankSteps
    from workflows.flow_core import (
        ACTIVE,
        CLOSED,
        COMPLETED,
        FAILED,
        WAITING,
        FlowCore,
        FlowError,
        FlowState,
        StepSubmission,
        invalid,
        wrong_step,
    )
    from workflows.profile_steps import ProfileSteps
    from workflows.purchase.checks import costed, gate
    from workflows.purchase.context import Learned, purchase_context
    from workflows.purchase.deposit import PurchaseDeposit
    from workflows.purchase.input import (  # the workflow's contract, imported from here by its callers
        DB_RETRY,
        KIND,
        PROVIDER_RETRY,
        SHORT,
        PurchaseInput,
        RestInvest,
        offering_id,
        workflow_id,
    )
    from workflows.purchase.share_hold import ShareHold
    from workflows.purchase.signature import Signature

__all__ = ["MakeInvestmentWorkflow", "PurchaseInput", "RestInvest", "offering_id", "workflow_id"]


@workflow.defn(name="MakeInvestment")
class MakeInvestmentWorkflow:
    def __init__(self) -> None:
        self.flow = FlowCore(KIND, P.STEPS)
        self.purchased = False
        self.finished = False
        self.passport: dict[str, Any] = {}
        self.outcome: dict[str, Any] = {}
        self.tasks: list[asyncio.Task[None]] = []

    # ---- lifecycle -------------------------------------------------------------------------------------------
    @workflow.run
    async def run(self, inp: PurchaseInput) -> dict[str, Any]:
        self.inp = inp
        self.bank = BankSteps(self.flow, inp.user_id, inp.bank_link)
        self.profile = ProfileSteps(self.flow, inp.user_id, self.bank, inp.enabled_states)
        self.hold = ShareHold(inp.user_id, inp.asset_id, inp.reservation_ttl_seconds, self._over)
        self.deposit = PurchaseDeposit(self.flow, inp.user_id, inp.transfer_poll_seconds, self.tasks, self._recost,
                                       self._advance, self._changed_alone, inp.bank_link.activity_timeout_seconds)
        self.signature = Signature(self.flow, inp.signature_timeout_seconds, self._signed, self._signature_failed,
                                   lambda: self._over() or self.flow.status in (COMPLETED, FAILED))
        # short database reads and writes are local activities: run by this worker, no round trip through the server
        profile: Profile
        facts: PurchaseFacts
        profile, facts = await asyncio.gather(
            workflow.execute_local_activity_method(ProfileActivities.load, inp.user_id, start_to_close_timeout=SHORT,
                                                   retry_policy=DB_RETRY),
            workflow.execute_local_activity_method(PurchaseActivities.load, LoadPurchase(inp.user_id, inp.asset_id),
                                                   start_to_close_timeout=SHORT, retry_policy=DB_RETRY))
        self.p = facts
        f = self.flow
        free_share = FREE_SHARE_PROGRAM in facts.access_types
        shares = P.initial_shares(facts.max_shares, facts.owned_shares)
        f.facts = {**profile.facts, "today": workflow.now().date().isoformat(), "migration_flag": inp.migration_flag,
                   "tos3_agreed": facts.tos3_agreed, "esign": bool(facts.esign_template_id),
                   "max_shares": facts.max_shares, "owned_shares": facts.owned_shares, "free_share": free_share,
                   "cash": facts.cash, "shares": shares, "gift": None}
        f.values = {**profile.values, "select-shares": {"shares": shares, "giftCode": ""}}
        self._recost()
        f.begin()
        self._gate()
        if f.status != FAILED:
            await self.hold.take(shares)
            self.tasks.append(asyncio.create_task(self.hold.keep()))
        self._context()
        result = await f.serve(inp.idle_timeout_seconds)  # a purchase ends within its idle timeout: no update cap
        assert result is not None
        self.finished = True
        if not self.purchased:
            await self.hold.release()
        await asyncio.gather(*self.tasks)
        return result

    def _gate(self) -> None:
        """Who may buy this asset now (decided when the flow opens; the spec's popups)."""
        error = gate(self.p, self.flow.facts, self.inp.enabled_states)
        if error is not None:
            self._fail_now(error.title, error.message, error.action or "/app")

    def _fail_now(self, title: str, message: str, action: str = "/app") -> None:
        f = self.flow
        f.status, f.error, f.waiting_for = FAILED, FlowError(title, message, action), None
        f.result = {"outcome": "failed", "redirect": self._asset_page()}

    async def _fail(self, title: str, message: str) -> None:
        self._fail_now(title, message, self._asset_page())
        await self.hold.release()

    def _asset_page(self) -> str:
        a = self.p.asset
        return f"/app/assets/{a['category']}/{str(a['ticker']).lstrip('#')}"

    def _over(self) -> bool:
        return self.finished or self.purchased

    # ---- the person's moves ------------------------------------------------------------------------------------
    @workflow.update
    async def submit(self, sub: StepSubmission) -> FlowState:
        async with self.flow.turn(sub.step):
            return await self.flow.guard(self._submit(sub), self._changed)

    async def _submit(self, sub: StepSubmission) -> FlowState:
        f = self.flow
        fields = f.fields_of(sub)
        step = sub.step
        if step == "docusign":  # what the signing page told the browser: OK is checked with the provider
            await (self.signature.check() if fields["event"] == "OK" else self.signature.fail())
            return await self._changed()
        f.status, f.error = ACTIVE, None
        if step == "dwolla-tos":
            await workflow.execute_local_activity_method(PurchaseActivities.agree_tos3, self.inp.user_id,
                                                   start_to_close_timeout=SHORT, retry_policy=DB_RETRY)
            f.facts["tos3_agreed"] = True
        elif step == "select-shares":
            await self._select(fields)
        elif step in P.PROFILE_STEP_IDS:
            if not await self.profile.apply(step, fields):
                return await self._changed()
            if f.facts.get("state_blocked"):
                await self._fail("State Availability Issue", P.IO_NOT_AVAILABLE)
                return await self._changed()
        elif step == "investing-passport":
            if fields.get("edit") is True:
                f.facts["editing"] = True
                f.step = next(s.id for s in P.STEPS if s.id in P.PROFILE_STEP_IDS and s.applies(f.facts))
                return await self._changed()
            await self._leave_passport()
        elif step == "not-enough-cash":
            await self.deposit.start()
            return await self._changed()
        elif step == "subscription-agreement":
            f.facts["agreed_at"] = workflow.now().isoformat()
        elif step == "confirm-purchase":
            await self._invest()
        elif step == "success" and self.outcome.get("view") == "error":
            f.status, f.result = COMPLETED, {"outcome": "failed", "redirect": self._asset_page()}
            await self.hold.release()
            return await self._changed()
        elif step == "congrats":
            return await self._finish()
        await self._advance()
        return await self._changed()

    @submit.validator
    def _check(self, sub: StepSubmission) -> None:
        self.flow.check(sub)

    @workflow.update
    async def invest(self, req: RestInvest) -> FlowState:
        """The spec's invest call on the running flow: the same as confirming the purchase step."""
        async with self.flow.turn("confirm-purchase"):
            await self._invest()
            await self._advance()
            return await self._changed()

    @invest.validator
    def _check_invest(self, req: RestInvest) -> None:
        f = self.flow
        self.flow.check(StepSubmission("confirm-purchase", {"agreeTerms": True}))
        errors: dict[str, str] = {}
        if req.shares != f.facts.get("shares"):
            errors["shares"] = "The number of shares does not match your selection."
        if f.facts.get("esign"):
            if not self.signature.is_envelope(req.envelope_id) or not self.signature.done:
                errors["envelope_id"] = "The e-signature is not complete."
        elif not req.sa_signed_and_agreed_at or not f.facts.get("agreed_at"):
            errors["sa_signed_and_agreed_at"] = P.AGREEMENT_REQUIRED
        if errors:
            raise invalid(errors, next(iter(errors.values())))

    @workflow.update
    async def back(self) -> FlowState:
        async with self.flow.turn():
            if self.flow.step in ("success", "congrats") or self.purchased:
                raise wrong_step(self.flow.step)
            return await self.flow.go_back()

    @workflow.update
    async def open(self) -> FlowState:
        async with self.flow.turn():
            f = self.flow
            reopened = f.status == CLOSED
            state = await f.reopen()
            if reopened and not self.purchased and not self.hold.held:
                await self.hold.take(int(f.facts.get("shares") or 0))
                state = await self._changed()
            return state

    @workflow.update
    async def close(self) -> FlowState:
        async with self.flow.turn():
            if self.flow.step == "congrats" and self.purchased:
                return await self._finish()
            state = await self.flow.close()
            if self.flow.status == CLOSED and not self.purchased:
                await self.hold.release()  # compensation: the shares go back to the offering
            return state

    @workflow.signal
    async def signature_event(self, envelope_id: str) -> None:
        """The e-sign provider's webhook: check the envelope with the provider and move on (or fail)."""
        if self.signature.is_envelope(envelope_id) and self.flow.step == "docusign":
            await self.signature.check()
            await self._changed_alone()

    @workflow.query
    def state(self) -> FlowState:
        return self.flow.state()

    @workflow.query
    def reservation_info(self) -> dict[str, Any]:
        held = self.hold.reservation
        offer = self.p.merchandising or None  # an asset without a store offer has {}: none
        return {**held, "merchandising": offer if held["available_shares"] > 0 else None}

    # ---- steps -----------------------------------------------------------------------------------------------
    async def _select(self, fields: dict[str, Any]) -> None:
        f = self.flow
        shares = P.parse_shares(fields.get("shares")) or 0
        code = P.normalize_gift(fields.get("giftCode"))
        gift: dict[str, Any] | None = None
        if code and not f.facts.get("free_share"):
            g = await workflow.execute_activity_method(
                PurchaseActivities.validate_gift, GiftCheck(code, str(self.p.asset["ticker"])),
                start_to_close_timeout=SHORT, retry_policy=PROVIDER_RETRY)
            if not g.valid:
                raise invalid({"giftCode": g.message}, g.message)
            gift = {"value": g.value, "redeemCode": g.redeemCode, "assetTicker": g.assetTicker}
        if not await self.hold.take(shares):
            raise invalid({"shares": P.only_left(self.hold.reservation["available_shares"])}, P.NOT_ENOUGH_SHARES)
        f.facts.update(shares=shares, gift=gift)
        f.values["select-shares"] = {"shares": shares, "giftCode": code}
        self._recost()

    async def _leave_passport(self) -> None:
        f = self.flow
        bank = self.passport.get("bank") or {}
        if bank.get("status") != "verified":
            raise invalid({}, T.NO_BANK)
        f.facts["editing"] = False
        f.facts["cash"] = await workflow.execute_local_activity_method(
            PurchaseActivities.cash, self.inp.user_id, start_to_close_timeout=SHORT, retry_policy=DB_RETRY)
        self._recost()

    def _recost(self) -> None:
        self.flow.facts.update(costed(self.flow.facts, self.p.asset["price_per_share"]))

    async def _prepare_signature(self) -> None:
        f = self.flow
        error = await self.signature.prepare(EnvelopeRequest(
            workflow.info().workflow_id, self.inp.user_id, self.inp.asset_id, str(self.p.esign_template_id),
            self.inp.return_url, {"ticker": str(self.p.asset["ticker"]), "shares": str(f.facts["shares"]),
                                  "total": str(f.facts["subtotal"])}))
        if error is not None:
            await self._fail("E-signature", error)
            return
        f.status, f.waiting_for = WAITING, "signature"
        self.tasks.append(asyncio.create_task(self._signature_timer()))

    async def _signature_timer(self) -> None:
        await self.signature.timer()
        if self.flow.status == FAILED:
            await self._changed_alone()

    async def _signed(self) -> None:
        self.flow.status, self.flow.waiting_for, self.flow.error = ACTIVE, None, None
        await self._advance()

    async def _signature_failed(self) -> None:
        await self._fail(P.SIGNATURE_FAILED_TITLE, P.SIGNATURE_FAILED)

    async def _invest(self) -> None:
        f = self.flow
        gift = f.facts.get("gift") or {}
        free = bool(f.facts.get("free_share"))
        wid = workflow.info().workflow_id
        out: InvestOutcome = await workflow.execute_activity_method(
            PurchaseActivities.invest, InvestRequest(
                key=wid, flow_id=wid, user_id=self.inp.user_id, asset_id=self.inp.asset_id,
                shares=int(f.facts["shares"]), max_shares=int(f.facts["max_shares"]),
                gift_value=str(f.facts["gift_value"]), redeem_code="" if free else str(gift.get("redeemCode") or ""),
                asset_ticker=str(self.p.asset["ticker"]),
                envelope_id=self.signature.envelope.envelope_id if self.signature.envelope else None,
                agreed_at=f.facts.get("agreed_at")),
            start_to_close_timeout=timedelta(seconds=self.inp.invest_timeout_seconds), retry_policy=PROVIDER_RETRY)
        f.facts["gift"] = None  # a gift code is used for one attempt
        f.values["select-shares"] = {**f.values.get("select-shares", {}), "giftCode": ""}
        if out.ok:
            self.purchased = True
            self.hold.consumed()
            self.outcome = {"view": "success", "title": "Success!", "messages": [], "investment": out.investment}
            if out.sold_out:
                await self._tell_offering()
        else:
            self.outcome = {"view": "error", "title": P.ERROR_TITLES.get(out.error_type or "", P.PURCHASE_ERROR_TITLE),
                            "messages": out.messages, "error_type": out.error_type}
            await self.hold.release()

    async def _tell_offering(self) -> None:
        try:
            await workflow.get_external_workflow_handle(offering_id(self.inp.asset_id)).signal("sold_out")
        except Exception:  # noqa: BLE001 - no offering workflow (e.g. dates never set): the status is already closed
            workflow.logger.info("no offering workflow to tell for asset %s", self.inp.asset_id)

    async def _finish(self) -> FlowState:
        f = self.flow
        investment = self.outcome.get("investment") or {}
        f.status = COMPLETED
        f.result = {"outcome": "IO_PURCHASED", "redirect": "/app/investments", "asset_id": self.inp.asset_id,
                    "investment_id": investment.get("id")}
        return await self._changed()

    async def _advance(self) -> None:
        f = self.flow
        f.advance()
        if f.step == "investing-passport":
            self.passport = await workflow.execute_local_activity_method(
                PurchaseActivities.passport, self.inp.user_id, start_to_close_timeout=SHORT, retry_policy=DB_RETRY)
        elif f.step == "docusign":
            await self._prepare_signature()

    async def _changed(self) -> FlowState:
        self._context()
        return await self.flow.changed()

    async def _changed_alone(self) -> None:
        """A change no Update answers with (the signature webhook, the deposit's end, the signature's time limit):
        the workflow publishes it for the open streams."""
        await self.flow.publish(await self._changed())

    def _context(self) -> None:
        self.flow.context = {**self.profile.context(), **purchase_context(self.flow.facts, Learned(
            self.p.asset, self.hold.reservation, self.passport, self.signature.envelope, self.outcome,
            self.p.merchandising, self.inp.app_links))}
