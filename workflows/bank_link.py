"""Verifying a manually linked bank (`bank-link-{user_id}-{funding_source_id}`): wait until the two micro-deposits
have reached the bank (provider webhook, or the workflow's own checks), accept the amounts through the `verify` update
(three wrong attempts fail it, as the provider decides), remind after 72 h, give up at expiry."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    import workflows.search_attributes as sa
    from activities.interfaces.bank_link import BankLinkActivities, Remind, SourceState, VerifyAmounts

# bounded: ~4 minutes of attempts; a check that still fails waits for the next poll, a verify that still fails is
# answered "Something went wrong" (the amounts can be entered again), a reminder that cannot be sent is skipped
RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=10,
                    non_retryable_error_types=["MicroDepositsRejected", "SourceNotFound"])
CONTINUE_AS_NEW = "bank-link-continue-as-new"
AMOUNT = re.compile(r"^0?\.\d{2}$")
ENTER_AMOUNTS = "Enter both amounts, e.g. 0.07"
VERIFIED = "You bank account was verified."


@dataclass
class BankLinkInput:
    user_id: int
    funding_source_id: int
    poll_seconds: int = 60
    reminder_after_seconds: int = 72 * 3600
    expires_after_seconds: int = 14 * 24 * 3600
    polls_per_run: int = 500  # then it continues as new, carrying what follows
    started_at: str | None = None  # ISO 8601: when the first run started (the reminder and expiry count from it)
    reminded: bool = False
    attempts: int = 0  # amounts entered so far (each attempt's idempotency key is numbered)
    activity_timeout_seconds: float = 30.0  # each activity's start-to-close


@dataclass
class MicroDeposits:
    value1: str
    value2: str


def workflow_id(user_id: int, funding_source_id: int) -> str:
    return f"bank-link-{user_id}-{funding_source_id}"


@workflow.defn(name="BankLink")
class BankLinkWorkflow:
    @workflow.init
    def __init__(self, inp: BankLinkInput) -> None:
        self._inp = inp  # here, not in run(): an Update that reaches a worker with the first task runs before run()
        self._state = SourceState("unverified", "pending")
        self._nudged = False
        self._attempts = inp.attempts  # carried by continue-as-new: each attempt's idempotency key stays new

    @workflow.run
    async def run(self, inp: BankLinkInput) -> str:
        start = datetime.fromisoformat(inp.started_at) if inp.started_at else workflow.now()
        reminded = inp.reminded
        polls, cap = 0, inp.polls_per_run
        while self._state.status == "unverified":
            now = workflow.now()
            if now - start >= timedelta(seconds=inp.expires_after_seconds):
                self._details("expired: the micro-deposits were not verified in time")
                return "expired"
            if not reminded and now - start >= timedelta(seconds=inp.reminder_after_seconds):
                reminded = True
                await self._remind()
            if polls >= cap or workflow.info().is_continue_as_new_suggested():
                await workflow.wait_condition(workflow.all_handlers_finished)
                if workflow.patched(CONTINUE_AS_NEW):
                    if self._state.status != "unverified":
                        break
                    workflow.continue_as_new(replace(inp, started_at=start.isoformat(), reminded=reminded,
                                                     attempts=self._attempts))
                cap = polls + 1_000_000  # a run from before the patch replays as it ran
            waiting = "the micro-deposits to arrive" if self._state.micro_deposits in (None, "pending") else \
                "the investor to enter the two amounts"
            self._details(f"waiting for {waiting}")
            with contextlib.suppress(TimeoutError):
                await workflow.wait_condition(lambda: self._nudged or self._state.status != "unverified",
                                              timeout=timedelta(seconds=inp.poll_seconds))
            self._nudged = False
            polls += 1
            if self._state.status == "unverified":
                try:
                    self._state = await workflow.execute_activity_method(
                        BankLinkActivities.check, inp.funding_source_id,
                        start_to_close_timeout=timedelta(seconds=inp.activity_timeout_seconds),
                        retry_policy=RETRY)
                except ActivityError:  # the provider did not answer: the next poll asks again
                    workflow.logger.warning("bank link %s: the provider's state could not be read", inp.funding_source_id)
        await workflow.wait_condition(workflow.all_handlers_finished)
        self._details(f"finished: {self._state.status}")
        return self._state.status

    async def _remind(self) -> None:
        key = f"{workflow.info().workflow_id}:remind"
        try:
            await workflow.execute_activity_method(
                BankLinkActivities.remind, Remind(self._inp.user_id, self._inp.funding_source_id, key),
                start_to_close_timeout=timedelta(seconds=self._inp.activity_timeout_seconds), retry_policy=RETRY)
        except ActivityError:  # a reminder that cannot be sent does not stop the verification
            workflow.logger.warning("bank link %s: the reminder could not be sent", self._inp.funding_source_id)

    @workflow.signal
    def provider_update(self) -> None:
        self._nudged = True

    @workflow.update
    async def verify(self, amounts: MicroDeposits) -> str:
        self._attempts += 1
        key = f"{workflow.info().workflow_id}:verify:{self._attempts}"
        try:
            self._state = await workflow.execute_activity_method(
                BankLinkActivities.verify, VerifyAmounts(self._inp.funding_source_id, amounts.value1, amounts.value2, key),
                start_to_close_timeout=timedelta(seconds=self._inp.activity_timeout_seconds), retry_policy=RETRY)
        except ActivityError as exc:
            cause = exc.cause
            if isinstance(cause, ApplicationError) and cause.type == "MicroDepositsRejected":
                if cause.details and cause.details[0] != "unverified":
                    self._state = SourceState(str(cause.details[0]), self._state.micro_deposits)
                raise ApplicationError(cause.message, type="MicroDepositsRejected") from None
            raise ApplicationError("Something went wrong, please try again", type="ProviderUnavailable") from None
        return VERIFIED

    @verify.validator
    def _check(self, amounts: MicroDeposits) -> None:
        if self._state.status != "unverified":
            raise ApplicationError(f"This bank account is {self._state.status.replace('_', ' ')}.", type="NotPending")
        if not (AMOUNT.match(amounts.value1.strip()) and AMOUNT.match(amounts.value2.strip())):
            raise ApplicationError(ENTER_AMOUNTS, type="InvalidAmounts")

    @workflow.query
    def status(self) -> SourceState:
        return self._state

    def _details(self, text: str) -> None:
        workflow.upsert_search_attributes([sa.STEP.value_set(self._state.status)])
        workflow.set_current_details(text)
