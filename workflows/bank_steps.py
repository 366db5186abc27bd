"""The bank-linking steps shared by the onboarding and fund-account flows: connect-bank (provider or manual),
bank-account-type, bank-info. A manual account starts its micro-deposit verification (`bank-link-...`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributePair, TypedSearchAttributes
from temporalio.exceptions import ApplicationError
from temporalio.workflow import ParentClosePolicy

with workflow.unsafe.imports_passed_through():
    import workflows.search_attributes as sa
    from activities.interfaces.payments import LinkedBank, ManualBank, PaymentActivities, ProviderBank
    from workflows.bank_link import BankLinkInput, BankLinkWorkflow
    from workflows.bank_link import workflow_id as bank_link_id
    from workflows.flow_core import FlowCore, FlowError

PROVIDER_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=8,
                             non_retryable_error_types=["ProviderRejected"])
BANK_STEPS = ("connect-bank", "bank-account-type", "bank-info")


@dataclass
class BankLinkTimings:
    poll_seconds: int = 60
    reminder_after_seconds: int = 72 * 3600
    expires_after_seconds: int = 14 * 24 * 3600
    activity_timeout_seconds: float = 30.0  # the bank link's activities' start-to-close (and a deposit's transfer's)


class BankSteps:
    def __init__(self, flow: FlowCore, user_id: int, timings: BankLinkTimings) -> None:
        self.flow, self.user_id, self.timings = flow, user_id, timings
        self.account_type = "CHECKING"

    async def apply(self, step: str, fields: dict[str, Any]) -> bool:
        """Handles one bank step; False when it did not go through (flow.error says why)."""
        f = self.flow
        if step == "bank-account-type":
            self.account_type = str(fields["accountType"])
            f.values[step] = dict(fields)
            return True
        key = f.key(f"bank:{f.version}")
        if step == "connect-bank":
            f.facts["bank_method"] = fields["method"]
            f.values[step] = {"method": fields["method"]}
            if fields["method"] != "provider":
                return True
            request: Any = ProviderBank(self.user_id, str(fields["public_token"]), str(fields.get("account_id", "")), key)
            method: Any = PaymentActivities.link_provider
        else:
            request = ManualBank(self.user_id, self.account_type, str(fields["nameOnAccount"]).strip(),
                                 str(fields["routingNumber"]), str(fields["accountNumber"]), key)
            method = PaymentActivities.link_manual
        try:
            linked: LinkedBank = await f.call(method, request, timedelta(seconds=30), PROVIDER_RETRY)
        except ApplicationError as exc:
            f.error = FlowError("Bank account not linked", exc.message or "Something went wrong, please try again")
            return False
        f.facts["funding_source"] = {"id": linked.funding_source_id, "status": linked.status,
                                     "bank_name": linked.bank_name, "account_tail": linked.account_tail}
        f.facts["source_created"] = True
        f.facts["locked_steps"] = sorted(set(f.facts.get("locked_steps", ())) | set(BANK_STEPS))
        f.facts["confirmation_needed"] = linked.status != "verified"
        if step == "bank-info":
            f.values[step] = {"nameOnAccount": fields["nameOnAccount"], "routingNumber": fields["routingNumber"],
                              "accountNumber": f"••••{linked.account_tail}"}
        if linked.status != "verified":
            await self._start_verification(linked.funding_source_id)
        return True

    async def _start_verification(self, funding_source_id: int) -> None:
        t = self.timings
        await workflow.start_child_workflow(
            BankLinkWorkflow.run, BankLinkInput(self.user_id, funding_source_id, t.poll_seconds, t.reminder_after_seconds,
                                                t.expires_after_seconds, activity_timeout_seconds=t.activity_timeout_seconds),
            id=bank_link_id(self.user_id, funding_source_id), parent_close_policy=ParentClosePolicy.ABANDON,
            static_summary=f"Micro-deposit verification of user {self.user_id}'s bank account",
            search_attributes=TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(self.user_id)),
                                                     SearchAttributePair(sa.FLOW, "bank-link")]))

    def confirmation_context(self) -> dict[str, Any]:
        source = self.flow.facts.get("funding_source") or {}
        return {"bank_name": source.get("bank_name", ""), "account_tail": source.get("account_tail", ""),
                "micro_deposits": source.get("status") == "unverified"}
