"""One deposit or withdrawal (`transfer-{id}`): initiate it in the ledger when the api requested it (the withdrawal
check under the user's lock; a refusal ends it before any money moved), submit it to the payments provider, wait
until the provider says it is processed or failed — woken by its webhook, but checking the status itself on a timer
so a lost webhook changes nothing — then post the outcome to the ledger once."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    import workflows.search_attributes as sa
    from activities.interfaces.transfers import ProviderStatus, Settle, TransferActivities

# bounded (~4 minutes): a check that still fails waits for the next poll; a submit or settle that still fails fails
# the workflow (runbook: fix the cause, then Reset — both are idempotent on the transfer's business keys)
RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=10,
                    non_retryable_error_types=["TransferNotFound"])
CONTINUE_AS_NEW = "transfer-continue-as-new"
OPEN_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10), maximum_attempts=10,
                         non_retryable_error_types=["TransferNotFound"])
INITIATE_IN_WORKFLOW = "transfer-initiated-in-workflow"  # the api's transfers: the ledger entry moved in here


@dataclass
class TransferInput:
    transfer_id: int
    user_id: int
    poll_seconds: int = 60
    checks_per_run: int = 500  # then it continues as new (already submitted)
    submitted: bool = False  # carried by continue-as-new: the provider has the transfer, only wait for it
    initiate: bool = False  # requested by the api: the workflow posts the initiated entry (a flow's deposit did)
    activity_timeout_seconds: float = 30.0  # each activity's start-to-close


def workflow_id(transfer_id: int) -> str:
    return f"transfer-{transfer_id}"


@workflow.defn(name="Transfer")
class TransferWorkflow:
    def __init__(self) -> None:
        self._nudged = False
        self._status = "submitting"
        self._refusal: str | None = None  # after `transfers.open`: "" when initiated, else the spec's message

    @workflow.run
    async def run(self, inp: TransferInput) -> str:
        timeout = timedelta(seconds=inp.activity_timeout_seconds)
        if inp.initiate and not inp.submitted and workflow.patched(INITIATE_IN_WORKFLOW):
            self._refusal = await workflow.execute_activity_method(
                TransferActivities.open, inp.transfer_id, start_to_close_timeout=timeout, retry_policy=OPEN_RETRY)
            if self._refusal:
                self._set("failed", f"refused: {self._refusal}")
                return "failed"
        else:
            self._refusal = ""
        outcome = ProviderStatus("pending")
        if not inp.submitted:
            outcome = await workflow.execute_activity_method(
                TransferActivities.submit, inp.transfer_id, start_to_close_timeout=timeout, retry_policy=RETRY)
        self._set("pending", "waiting for the payments provider to settle the transfer")
        checks, cap = 0, inp.checks_per_run
        while outcome.status == "pending":
            if checks >= cap or workflow.info().is_continue_as_new_suggested():
                await workflow.wait_condition(workflow.all_handlers_finished)
                if workflow.patched(CONTINUE_AS_NEW):
                    workflow.continue_as_new(replace(inp, submitted=True))
                cap = checks + 1_000_000  # a run from before the patch replays as it ran
            with contextlib.suppress(TimeoutError):
                await workflow.wait_condition(lambda: self._nudged, timeout=timedelta(seconds=inp.poll_seconds))
            self._nudged = False
            checks += 1
            try:
                outcome = await workflow.execute_activity_method(
                    TransferActivities.check, inp.transfer_id, start_to_close_timeout=timeout, retry_policy=RETRY)
            except ActivityError:  # the provider did not answer: the next poll asks again
                workflow.logger.warning("transfer %s: the provider's status could not be read", inp.transfer_id)
        final: str = await workflow.execute_activity_method(
            TransferActivities.settle, Settle(inp.transfer_id, outcome), start_to_close_timeout=timeout, retry_policy=RETRY)
        self._set(final, f"settled: {final}" + (f" ({outcome.failure_code} {outcome.failure_reason})"
                                                  if outcome.failure_code else ""))
        return final

    @workflow.signal
    def provider_update(self) -> None:
        """The provider's webhook says something changed: check now instead of at the next tick."""
        self._nudged = True

    @workflow.update
    async def opened(self) -> str:
        """Waits until the transfer is initiated: "" then, or the spec's message when it was refused."""
        await workflow.wait_condition(lambda: self._refusal is not None)
        return self._refusal or ""

    @workflow.query
    def status(self) -> str:
        return self._status

    def _set(self, status: str, details: str) -> None:
        self._status = status
        workflow.upsert_search_attributes([sa.STEP.value_set(status)])
        workflow.set_current_details(details)
