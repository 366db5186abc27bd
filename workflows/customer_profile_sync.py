"""Sending an investor's changed contact details to their payment customer (`CustomerProfileSync`): the api starts it
when personal information is saved (`PUT /api/users/{id}/personal-information`), or signals the running one
(`changed`, signal-with-start), so one workflow per investor runs at a time and two quick saves end in the newest
details. Each round runs `payments.sync_customer`, which reads the saved details from the database — the input, the
signals and the results hold the user id, a key and a status only: no PII in the history — under an idempotency key
of this execution and round (workflows/keys.py), so a retry updates the provider once.

Workflow id `customer-profile-sync-user-{id}` (no PII). Bounded retries (~10 minutes) for an unreachable provider;
a provider's refusal (`ProviderRejected`, e.g. a suspended customer) fails the run at once (README runbook: "An
investor's address at the payment provider")."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    import workflows.keys as keys
    import workflows.search_attributes as sa
    from activities.interfaces.payments import NO_CUSTOMER, PROVIDER_REJECTED, CustomerSync, PaymentActivities

FLOW = "customer-profile-sync"
RETRY = RetryPolicy(maximum_interval=timedelta(seconds=60), maximum_attempts=12,
                    non_retryable_error_types=[PROVIDER_REJECTED, "UserNotFound"])


@dataclass
class ProfileSyncInput:
    user_id: int


@dataclass
class ProfileSyncResult:
    rounds: int  # how many times the details were sent (a save during a round asks for one more)
    status: str  # the payment customer's status after the last round, or "no-customer"


def workflow_id(user_id: int) -> str:
    return f"customer-profile-sync-user-{user_id}"


@workflow.defn(name="CustomerProfileSync")
class CustomerProfileSyncWorkflow:
    def __init__(self) -> None:
        self._changed = False

    @workflow.signal
    def changed(self) -> None:
        """The investor saved their personal information again: send the details once more after this round."""
        self._changed = True

    @workflow.run
    async def run(self, inp: ProfileSyncInput) -> ProfileSyncResult:
        instance = keys.execution()
        rounds, status = 0, NO_CUSTOMER
        while rounds == 0 or self._changed:
            self._changed = False
            rounds += 1
            workflow.upsert_search_attributes([sa.STEP.value_set(f"sending-{rounds}")])
            status = await workflow.execute_activity_method(
                PaymentActivities.sync_customer, CustomerSync(inp.user_id, f"{instance}/sync-{rounds}"),
                start_to_close_timeout=timedelta(seconds=30), retry_policy=RETRY)
        workflow.upsert_search_attributes([sa.STEP.value_set("no-customer" if status == NO_CUSTOMER else "sent")])
        return ProfileSyncResult(rounds, status)
