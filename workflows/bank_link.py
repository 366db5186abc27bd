"""Verifying a manually linked bank (`bank-link-{user_id}-{funding_source_id}`): wait until the two micro-deposits
have reached the bank (provider webhook, or the workflow's own checks), accept the amounts through the `verify` update
(three wrong attempts fail it, as the provider decides), remind after 72 h, give up at expiry."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities.bank_link import BankLinkActivities, Remind, SourceState, VerifyAmounts
    from workflows import search_attributes as sa

RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), non_retryable_error_types=["MicroDepositsRejected"])
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
        # the input is kept before any handler runs: an Update delivered in the workflow's first task (the investor
        # quick, or the worker that should have run that task killed) runs before `run` begins
        self._inp = inp
        self._state = SourceState("unverified", "pending")
        self._nudged = False
        self._attempts = 0

    @workflow.run
    async def run(self, inp: BankLinkInput) -> str:
        start = workflow.now()
        reminded = False
        while self._state.status == "unverified":
            now = workflow.now()
            if now - start >= timedelta(seconds=inp.expires_after_seconds):
                self._details("expired: the micro-deposits were not verified in time")
                return "expired"
            if not reminded and now - start >= timedelta(seconds=inp.reminder_after_seconds):
                reminded = True
                key = f"{workflow.info().workflow_id}:remind"
                await workflow.execute_activity_method(
                    BankLinkActivities.remind, Remind(inp.user_id, inp.funding_source_id, key),
                    start_to_close_timeout=timedelta(seconds=30), retry_policy=RETRY)
            waiting = "the micro-deposits to arrive" if self._state.micro_deposits in (None, "pending") else \
                "the investor to enter the two amounts"
            self._details(f"waiting for {waiting}")
            with contextlib.suppress(TimeoutError):
                await workflow.wait_condition(lambda: self._nudged or self._state.status != "unverified",
                                              timeout=timedelta(seconds=inp.poll_seconds))
            self._nudged = False
            if self._state.status == "unverified":
                self._state = await workflow.execute_activity_method(
                    BankLinkActivities.check, inp.funding_source_id, start_to_close_timeout=timedelta(seconds=30),
                    retry_policy=RETRY)
        await workflow.wait_condition(workflow.all_handlers_finished)
        self._details(f"finished: {self._state.status}")
        return self._state.status

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
                start_to_close_timeout=timedelta(seconds=30), retry_policy=RETRY)
        except ActivityError as exc:
            cause = exc.cause
            if isinstance(cause, ApplicationError) and cause.type == "MicroDepositsRejected":
                if cause.details and cause.details[0] != "unverified":
                    self._state = SourceState(str(cause.details[0]), self._state.micro_deposits)
                raise ApplicationError(cause.message, type="MicroDepositsRejected") from None
            raise
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
