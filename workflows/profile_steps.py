"""The onboarding's profile and bank steps, applied for any flow that shows them (onboarding, make-investment):
each is saved by a local activity; the SSN step (and a retry after 'Please Verify Your Info') asks the payment
provider for the customer and stops at its status popup when it is not verified."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.interfaces.payments import CustomerRequest, PaymentActivities
    from activities.interfaces.profile import ProfileActivities, SaveStep
    from domain.customer_status import customer_status_error
    from domain.states import STATES
    from workflows.bank_steps import BANK_STEPS, BankSteps
    from workflows.flow_core import FAILED, WAITING, FlowCore, FlowError

# bounded: a call that still fails shows the step's error (flow_core.CALL_FAILED), the investor submits it again
DB_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10), maximum_attempts=5)
PROVIDER_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=8,
                             non_retryable_error_types=["ProviderRejected"])
NOT_SAVED = ("intro", "share-purchase-info", "confirmation", "fund-account")


class ProfileSteps:
    def __init__(self, flow: FlowCore, user_id: int, bank: BankSteps, enabled_states: list[str]) -> None:
        self.flow, self.user_id, self.bank, self.enabled_states = flow, user_id, bank, enabled_states

    async def apply(self, step: str, fields: dict[str, Any]) -> bool:
        """Saves one step; False when it did not go through (flow.error or the customer status says why)."""
        f = self.flow
        masked = dict(fields)
        if step in BANK_STEPS:
            if not await self.bank.apply(step, fields):
                return False
            masked = f.values.get(step, {})
        elif step not in NOT_SAVED:
            await self._save(step, fields)
        if step == "ssn":
            masked["ssn"] = f"***-**-{str(fields['ssn'])[-4:]}"
            f.facts["ssn_locked"] = True
            if not await self._check_customer(retry=False):
                return False
        if step == "name-phone-info" and f.facts.get("customer_retry"):
            f.facts["customer_retry"] = False
            if not await self._check_customer(retry=True):
                return False
        f.values[step] = masked
        for name in ("employmentStatus", "isAssociated", "isShareholder"):
            if name in fields:
                f.facts[name] = fields[name]
        if step == "home-address":
            f.facts["state_blocked"] = fields.get("state") not in self.enabled_states
        return True

    def context(self) -> dict[str, Any]:
        """What the profile and bank steps show."""
        f = self.flow.facts
        return {"home-address": {"states": STATES}, "confirmation": self.bank.confirmation_context(),
                "ssn": {"locked": bool(f.get("ssn_locked")), "migration_flag": bool(f.get("migration_flag"))}}

    async def _save(self, step: str, fields: dict[str, Any]) -> None:
        # a short database write: a local activity, run by this worker without a round trip through the server
        await workflow.execute_local_activity_method(ProfileActivities.save_step, SaveStep(self.user_id, step, fields),
                                                     start_to_close_timeout=timedelta(seconds=30), retry_policy=DB_RETRY)

    async def _customer(self, retry: bool) -> str:
        key = self.flow.key(f"customer:{self.flow.version}")
        status: str = await self.flow.call(PaymentActivities.ensure_customer, CustomerRequest(self.user_id, key, retry),
                                           timedelta(seconds=30), PROVIDER_RETRY)
        self.flow.facts["customer_status"] = status
        return status

    async def _check_customer(self, retry: bool) -> bool:
        f = self.flow
        try:
            status = await self._customer(retry)
        except ApplicationError as exc:
            f.error = FlowError("Something went wrong", exc.message)
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
