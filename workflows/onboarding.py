"""The onboarding wizard as a workflow (`onboarding-{user_id}`): the browser submits the current step (an Update
whose validator runs the domain rules), the workflow saves it through activities and says which step is next."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import ActivityError, ApplicationError
from temporalio.workflow import ParentClosePolicy

with workflow.unsafe.imports_passed_through():
    from activities.payments import CustomerRequest, LinkedBank, ManualBank, PaymentActivities, ProviderBank
    from activities.profile import Profile, ProfileActivities, SaveStep
    from domain import onboarding as rules
    from domain.states import STATES
    from workflows import search_attributes as sa
    from workflows.bank_link import BankLinkInput, BankLinkWorkflow
    from workflows.bank_link import workflow_id as bank_link_id
    from workflows.flow_core import ACTIVE, CLOSED, COMPLETED, FAILED, WAITING, FlowCore, FlowError, FlowState, StepSubmission
    from workflows.status_popups import customer_status_error

KIND = "onboarding"
DB_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10))
PROVIDER_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), non_retryable_error_types=["ProviderRejected"])


@dataclass
class BankLinkTimings:
    poll_seconds: int = 60
    reminder_after_seconds: int = 72 * 3600
    expires_after_seconds: int = 14 * 24 * 3600


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
        self._ready = False
        self._bank: dict[str, Any] = {}

    @workflow.run
    async def run(self, inp: OnboardingInput) -> dict[str, Any]:
        self.inp = inp
        profile: Profile = await workflow.execute_activity_method(
            ProfileActivities.load, inp.user_id, start_to_close_timeout=timedelta(seconds=30), retry_policy=DB_RETRY)
        f = self.flow
        f.facts = {**profile.facts, "today": workflow.now().date().isoformat(), "migration_flag": inp.migration_flag}
        f.values = profile.values
        f.begin()
        self._context()
        self._ready = True
        await f.changed()
        while f.status not in (COMPLETED, FAILED):
            try:
                await workflow.wait_condition(self._moved(f.version), timeout=timedelta(seconds=inp.idle_timeout_seconds))
            except TimeoutError:
                f.status, f.result = CLOSED, {"outcome": "idle"}
                break
        await workflow.wait_condition(workflow.all_handlers_finished)
        return f.result or {"outcome": f.status}

    def _moved(self, version: int) -> Callable[[], bool]:
        return lambda: self.flow.version != version or self.flow.status in (COMPLETED, FAILED)

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
        if not self._ready:
            raise ApplicationError("The flow is starting, try again.", type="NotReady")
        self.flow.check(sub)

    @workflow.update
    async def back(self) -> FlowState:
        self.flow.back()
        self.flow.error = None
        self._context()
        return await self.flow.changed()

    @workflow.update
    async def open(self) -> FlowState:
        """The browser (re)opens the flow: it continues where it was."""
        await workflow.wait_condition(lambda: self._ready)
        if self.flow.status == CLOSED:
            self.flow.status = ACTIVE
        return self.flow.state()

    @workflow.update
    async def close(self) -> FlowState:
        if self.flow.status == ACTIVE:
            self.flow.status = CLOSED
        return await self.flow.changed()

    @workflow.query
    def state(self) -> FlowState:
        return self.flow.state()

    async def _save(self, step: str, fields: dict[str, Any]) -> None:
        await workflow.execute_activity_method(ProfileActivities.save_step, SaveStep(self.inp.user_id, step, fields),
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
        if step == "bank-account-type":
            self._bank["accountType"] = fields["accountType"]
        elif step in ("connect-bank", "bank-info"):
            if not await self._link_bank(step, fields):
                return
            masked = {k: v for k, v in fields.items() if k not in ("accountNumber", "public_token")}
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
        f.error = error
        if status in ("retry", "invalid-info"):
            f.facts["customer_retry"] = True
            f.step = "name-phone-info"
        elif status == "suspended":
            f.status = FAILED
        else:
            f.status = WAITING
            f.waiting_for = "document"
        return False

    async def _link_bank(self, step: str, fields: dict[str, Any]) -> bool:
        f = self.flow
        key = f"{workflow.info().workflow_id}:bank:{f.version}"
        if step == "connect-bank":
            f.facts["bank_method"] = fields["method"]
            if fields["method"] != "provider":
                return True
            request: Any = ProviderBank(self.inp.user_id, str(fields["public_token"]), str(fields.get("account_id", "")),
                                        key)
            method: Any = PaymentActivities.link_provider
        else:
            request = ManualBank(self.inp.user_id, self._bank.get("accountType", "CHECKING"),
                                 str(fields["nameOnAccount"]).strip(), str(fields["routingNumber"]),
                                 str(fields["accountNumber"]), key)
            method = PaymentActivities.link_manual
        try:
            linked: LinkedBank = await workflow.execute_activity_method(
                method, request, start_to_close_timeout=timedelta(seconds=30), retry_policy=PROVIDER_RETRY)
        except ActivityError as exc:
            message = getattr(exc.cause, "message", None) or "Something went wrong, please try again"
            f.error = FlowError("Bank account not linked", str(message))
            return False
        f.facts["funding_source"] = {"id": linked.funding_source_id, "status": linked.status,
                                     "bank_name": linked.bank_name, "account_tail": linked.account_tail}
        f.facts["confirmation_needed"] = linked.status != "verified"
        if linked.status != "verified":
            t = self.inp.bank_link
            await workflow.start_child_workflow(
                BankLinkWorkflow.run, BankLinkInput(self.inp.user_id, linked.funding_source_id, t.poll_seconds,
                                                    t.reminder_after_seconds, t.expires_after_seconds),
                id=bank_link_id(self.inp.user_id, linked.funding_source_id),
                parent_close_policy=ParentClosePolicy.ABANDON,
                static_summary=f"Micro-deposit verification of user {self.inp.user_id}'s bank account",
                search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(self.inp.user_id)),
                                                         SearchAttributePair(sa.FLOW, "bank-link")]))
        if step == "bank-info":
            f.values[step] = {"nameOnAccount": fields["nameOnAccount"], "routingNumber": fields["routingNumber"],
                              "accountNumber": f"••••{linked.account_tail}"}
        return True

    def _context(self) -> None:
        f = self.flow
        source = f.facts.get("funding_source") or {}
        f.context = {
            "home-address": {"states": STATES},
            "state-availability-issue": {"message": rules.blocked_message()},
            "share-purchase-info": {"title": "Fund Your Account"},
            "confirmation": {"bank_name": source.get("bank_name", ""), "account_tail": source.get("account_tail", ""),
                             "micro_deposits": source.get("status") == "unverified"},
            "ssn": {"locked": bool(f.facts.get("ssn_locked")), "migration_flag": bool(f.facts.get("migration_flag"))},
        }
