"""The fund-account wizard (`fund-account-{user_id}`): link a bank if there is none, then a first deposit when the
bank was linked instantly, or the micro-deposit notice when it must be verified first."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    import domain.fund_account as rules
    import domain.transfer_rules as T
    from activities.interfaces.profile import Profile, ProfileActivities
    from domain.customer_status import customer_status_error
    from workflows.bank_steps import BANK_STEPS, BankLinkTimings, BankSteps
    from workflows.deposit import start_deposit
    from workflows.flow_core import (
        ACTIVE,
        COMPLETED,
        FAILED,
        FlowCore,
        FlowError,
        FlowSnapshot,
        FlowState,
        FlowWorkflow,
        StepSubmission,
    )

KIND = "fund-account"
RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10), maximum_attempts=5,
                    non_retryable_error_types=["TransferRefused", "UserNotFound"])


@dataclass
class FundAccountInput:
    user_id: int
    transfer_poll_seconds: int = 30
    bank_link: BankLinkTimings = field(default_factory=BankLinkTimings)
    idle_timeout_seconds: int = 7 * 24 * 3600
    updates_per_run: int = 1000  # then it continues as new with `carried`
    carried: FlowSnapshot | None = None


def workflow_id(user_id: int) -> str:
    return f"{KIND}-{user_id}"


@workflow.defn(name="FundAccount")
class FundAccountWorkflow(FlowWorkflow):
    def __init__(self) -> None:
        self.flow = FlowCore(KIND, rules.STEPS)

    @workflow.run
    async def run(self, inp: FundAccountInput) -> dict[str, Any]:
        self.inp = inp
        self.bank = BankSteps(self.flow, inp.user_id, inp.bank_link)
        f = self.flow
        if inp.carried is not None:
            f.restore(inp.carried)
            self.bank.account_type = str(inp.carried.extra.get("account_type", self.bank.account_type))
        else:
            profile: Profile = await f.call(ProfileActivities.load, inp.user_id, timedelta(seconds=30), RETRY)
            f.facts = dict(profile.facts)
            f.begin()
            self._gate()
        self._context()
        result = await f.serve(inp.idle_timeout_seconds, inp.updates_per_run)
        if result is None:
            workflow.continue_as_new(replace(inp, carried=f.snapshot({"account_type": self.bank.account_type})))
        return result

    def _gate(self) -> None:
        """A blocked state, or a customer that cannot fund, replaces the wizard by an explanation."""
        f = self.flow
        if f.facts.get("state_blocked"):
            f.status, f.error = FAILED, FlowError("State Availability Issue", T.BLOCKED_STATE, "/app")
            return
        status = str(f.facts.get("customer_status") or "not-created")
        if status == "not-created":
            f.status = FAILED
            f.error = FlowError("Complete your profile", "Please complete your profile before funding your account.",
                                "/app/onboarding")
            return
        popup = customer_status_error(status)
        if popup is not None:
            action = "/app/onboarding" if status in ("retry", "invalid-info") else popup.action
            f.status, f.error = FAILED, FlowError(popup.title, popup.message, action)

    @workflow.update
    async def submit(self, sub: StepSubmission) -> FlowState:
        async with self.flow.turn(sub.step):
            return await self.flow.guard(self._submit(sub))

    async def _submit(self, sub: StepSubmission) -> FlowState:
        f = self.flow
        fields = f.fields_of(sub)
        f.status, f.error = ACTIVE, None
        if sub.step in BANK_STEPS:
            if not await self.bank.apply(sub.step, fields):
                return await f.changed()
        elif sub.step == "transfer":
            if not await self._deposit(fields):
                return await f.changed()
        elif sub.step == "success":
            f.status, f.result = COMPLETED, {"outcome": "completed", "redirect": "/app"}
            return await f.changed()
        f.advance()
        self._context()
        return await f.changed()

    @submit.validator
    def _check(self, sub: StepSubmission) -> None:
        self.flow.check(sub)

    async def _deposit(self, fields: dict[str, Any]) -> bool:
        f = self.flow
        amount = T.parse_amount(fields["transfer_amount"])
        key = f.key(f"deposit:{f.version}:{amount}")  # this submission of this amount: once, whatever retries it
        if await start_deposit(f, self.inp.user_id, str(amount), key, self.inp.transfer_poll_seconds, RETRY,
                               f"Deposit of ${amount} for user {self.inp.user_id}",
                               activity_timeout_seconds=self.inp.bank_link.activity_timeout_seconds) is None and f.error:
            return False
        f.values["transfer"] = {"transfer_amount": str(amount)}
        return True

    def _context(self) -> None:
        f = self.flow
        source = f.facts.get("funding_source") or {}
        f.context = {
            "transfer": {"bank_name": source.get("bank_name", ""), "account_tail": source.get("account_tail", ""),
                         "limit": str(T.TRANSFER_LIMIT)},
            "transfer-initiated": {**(f.facts.get("transfer") or {}), "bank_name": source.get("bank_name", "")},
            "confirmation": self.bank.confirmation_context() if f.facts.get("source_created") else {
                "micro_deposits": f.facts.get("funding_source_status") == "unverified"},
        }
