"""The onboarding wizard as a workflow (`onboarding-{user_id}`): the browser submits the current step (an Update
whose validator runs the domain rules), the workflow saves it through activities and says which step is next."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from activities.payments import CustomerRequest, PaymentActivities
    from activities.profile import Profile, ProfileActivities, SaveStep
    from domain import onboarding as rules
    from domain.customer_status import customer_status_error
    from domain.states import STATES
    from workflows.bank_steps import BANK_STEPS, BankLinkTimings, BankSteps
    from workflows.flow_core import ACTIVE, COMPLETED, FAILED, WAITING, FlowCore, FlowError, FlowState, StepSubmission

KIND = "onboarding"
DB_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10))
PROVIDER_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), non_retryable_error_types=["ProviderRejected"])


@dataclass
class OnboardingInput:
    user_id: int
    enabled_states: list[str]
    migration_flag: bool = False
    bank_link: BankLinkTimings = field(default_factory=BankLinkTimings)
    idle_timeout_seconds: int = 30 * 24 * 3600


def workflow_id(user_id: int) -> str:
    return f"{KIND}-{user_id}"


@workflow.defn(name="Onboarding")
class OnboardingWorkflow:
    def __init__(self) -> None:
        self.flow = FlowCore(KIND, rules.STEPS)

    @workflow.run
    async def run(self, inp: OnboardingInput) -> dict[str, Any]:
        self.inp = inp
        self.bank = BankSteps(self.flow, inp.user_id, inp.bank_link)
        profile: Profile = await workflow.execute_activity_method(
            ProfileActivities.load, inp.user_id, start_to_close_timeout=timedelta(seconds=30), retry_policy=DB_RETRY)
        f = self.flow
        f.facts = {**profile.facts, "today": workflow.now().date().isoformat(), "migration_flag": inp.migration_flag}
        f.values = profile.values
        f.begin()
        self._context()
        return await f.serve(inp.idle_timeout_seconds)

    @workflow.update
    async def submit(self, sub: StepSubmission) -> FlowState:
        f = self.flow
        fields = f.fields_of(sub)
        f.status, f.error = ACTIVE, None
        await self._apply(sub.step, fields)
        self._context()
        return await f.changed()

    @submit.validator
    def _check(self, sub: StepSubmission) -> None:
        self.flow.check(sub)

    @workflow.update
    async def back(self) -> FlowState:
        return await self.flow.go_back()

    @workflow.update
    async def open(self) -> FlowState:
        return await self.flow.reopen()

    @workflow.update
    async def close(self) -> FlowState:
        return await self.flow.close()

    @workflow.query
    def state(self) -> FlowState:
        return self.flow.state()

    async def _save(self, step: str, fields: dict[str, Any]) -> None:
        # a short database write: a local activity, run by this worker without a round trip through the server
        await workflow.execute_local_activity_method(ProfileActivities.save_step, SaveStep(self.inp.user_id, step, fields),
                                                     start_to_close_timeout=timedelta(seconds=30), retry_policy=DB_RETRY)

    async def _customer(self, retry: bool) -> str:
        key = f"{workflow.info().workflow_id}:customer:{self.flow.version}"
        status: str = await workflow.execute_activity_method(
            PaymentActivities.ensure_customer, CustomerRequest(self.inp.user_id, key, retry),
            start_to_close_timeout=timedelta(seconds=30), retry_policy=PROVIDER_RETRY)
        self.flow.facts["customer_status"] = status
        return status

    async def _apply(self, step: str, fields: dict[str, Any]) -> None:
        f = self.flow
        masked = dict(fields)
        if step in BANK_STEPS:
            if not await self.bank.apply(step, fields):
                return
            masked = f.values.get(step, {})
        elif step not in ("intro", "share-purchase-info", "confirmation", "fund-account"):
            await self._save(step, fields)
        if step == "ssn":
            masked["ssn"] = f"***-**-{str(fields['ssn'])[-4:]}"
            f.facts["ssn_locked"] = True
            if not await self._check_customer(retry=False):
                return
        if step == "name-phone-info" and f.facts.get("customer_retry"):
            f.facts["customer_retry"] = False
            if not await self._check_customer(retry=True):
                return
        f.values[step] = masked
        for name in ("employmentStatus", "isAssociated", "isShareholder"):
            if name in fields:
                f.facts[name] = fields[name]
        if step == "home-address":
            f.facts["state_blocked"] = fields.get("state") not in self.inp.enabled_states
        if step == rules.TERMINAL_WHEN_BLOCKED:
            f.status, f.result = COMPLETED, {"outcome": "state-blocked", "redirect": "/app"}
            return
        if step == "fund-account":
            f.status, f.result = COMPLETED, {"outcome": "completed", "redirect": "/app/fund-account"}
            return
        f.advance()

    async def _check_customer(self, retry: bool) -> bool:
        f = self.flow
        try:
            status = await self._customer(retry)
        except ActivityError as exc:
            f.error = FlowError("Something went wrong", str(exc.cause.message if exc.cause else exc))  # type: ignore[attr-defined]
            return False
        error = customer_status_error(status)
        if error is None:
            return True
        f.error = FlowError(error.title, error.message, error.action)
        if status in ("retry", "invalid-info"):
            f.facts["customer_retry"] = True
            f.step = "name-phone-info"
        elif status == "suspended":
            f.status = FAILED
        else:
            f.status = WAITING
            f.waiting_for = "document" if error.action == "/app/document" else "verification"
        return False

    def _context(self) -> None:
        f = self.flow
        f.context = {
            "home-address": {"states": STATES},
            "state-availability-issue": {"message": rules.blocked_message()},
            "share-purchase-info": {"title": "Fund Your Account"},
            "confirmation": self.bank.confirmation_context(),
            "ssn": {"locked": bool(f.facts.get("ssn_locked")), "migration_flag": bool(f.facts.get("migration_flag"))},
        }
