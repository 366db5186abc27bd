"""The onboarding wizard as a workflow (`onboarding-{user_id}`): the browser submits the current step (an Update
whose validator runs the domain rules), the workflow saves it through activities and says which step is next."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import domain.onboarding as rules
    from activities.interfaces.profile import Profile, ProfileActivities
    from workflows.bank_steps import BankLinkTimings, BankSteps
    from workflows.flow_core import (
        ACTIVE,
        COMPLETED,
        FlowCore,
        FlowSnapshot,
        FlowState,
        FlowWorkflow,
        StepSubmission,
    )
    from workflows.profile_steps import DB_RETRY, ProfileSteps

KIND = "onboarding"


@dataclass
class OnboardingInput:
    user_id: int
    enabled_states: list[str]
    migration_flag: bool = False
    bank_link: BankLinkTimings = field(default_factory=BankLinkTimings)
    idle_timeout_seconds: int = 30 * 24 * 3600
    updates_per_run: int = 1000  # then it continues as new with `carried`
    carried: FlowSnapshot | None = None


def workflow_id(user_id: int) -> str:
    return f"{KIND}-{user_id}"


@workflow.defn(name="Onboarding")
class OnboardingWorkflow(FlowWorkflow):
    def __init__(self) -> None:
        self.flow = FlowCore(KIND, rules.STEPS)

    @workflow.run
    async def run(self, inp: OnboardingInput) -> dict[str, Any]:
        self.inp = inp
        self.bank = BankSteps(self.flow, inp.user_id, inp.bank_link)
        self.profile = ProfileSteps(self.flow, inp.user_id, self.bank, inp.enabled_states)
        f = self.flow
        if inp.carried is not None:
            f.restore(inp.carried)
            self.bank.account_type = str(inp.carried.extra.get("account_type", self.bank.account_type))
        else:
            profile: Profile = await f.call(ProfileActivities.load, inp.user_id, timedelta(seconds=30), DB_RETRY)
            f.facts = {**profile.facts, "today": workflow.now().date().isoformat(),
                       "migration_flag": inp.migration_flag}
            f.values = profile.values
            f.begin()
        self._context()
        result = await f.serve(inp.idle_timeout_seconds, inp.updates_per_run)
        if result is None:
            workflow.continue_as_new(replace(inp, carried=f.snapshot({"account_type": self.bank.account_type})))
        return result

    @workflow.update
    async def submit(self, sub: StepSubmission) -> FlowState:
        async with self.flow.turn(sub.step):
            return await self.flow.guard(self._submit(sub))

    async def _submit(self, sub: StepSubmission) -> FlowState:
        f = self.flow
        fields = f.fields_of(sub)
        f.status, f.error = ACTIVE, None
        await self._apply(sub.step, fields)
        self._context()
        return await f.changed()

    @submit.validator
    def _check(self, sub: StepSubmission) -> None:
        self.flow.check(sub)

    async def _apply(self, step: str, fields: dict[str, Any]) -> None:
        f = self.flow
        if not await self.profile.apply(step, fields):
            return
        if step == rules.TERMINAL_WHEN_BLOCKED:
            f.status, f.result = COMPLETED, {"outcome": "state-blocked", "redirect": "/app"}
            return
        if step == "fund-account":
            f.status, f.result = COMPLETED, {"outcome": "completed", "redirect": "/app/fund-account"}
            return
        f.advance()

    def _context(self) -> None:
        self.flow.context = {
            **self.profile.context(),
            "state-availability-issue": {"message": rules.blocked_message()},
            "share-purchase-info": {"title": "Fund Your Account"},
        }
