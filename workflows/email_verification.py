"""E-mail verification: send the confirmation mail, wait for the confirm update, remind, then expire.

Workflow id `email-verification-{email_id}`; the input holds ids only (the address is read by activities).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    import workflows.keys as keys
    import workflows.search_attributes as sa
    from activities.interfaces.email import EmailActivities, ExpireConfirmations, MarkVerified, SendConfirmation

LINK_EXPIRED = "This confirmation link has expired. Please request a new one."
# bounded (~30 minutes of attempts): a mail that still cannot be sent fails the workflow (runbook: the user's resend
# starts a new one); the database calls give up after ~4 minutes the same way
MAIL_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(minutes=5),
                         maximum_attempts=10, non_retryable_error_types=["EmailNotFound"])
DB_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=10)
CONTINUE_AS_NEW = "email-verification-continue-as-new"


@dataclass
class EmailCarried:
    """What a run that continues as new hands to the next one."""

    instance: str
    sent: int
    reminded: bool
    deadline: str  # ISO 8601
    remind_at: str


@dataclass
class EmailVerificationInput:
    user_id: int
    email_id: int
    reminder_after_seconds: int
    expires_after_seconds: int
    mails_per_run: int = 20  # resends are unbounded (each one moves the expiry): continue as new after this many
    carried: EmailCarried | None = None
    activity_timeout_seconds: float = 30.0  # each activity's start-to-close (settings.activity_timeout_seconds)


@dataclass
class ConfirmRequest:
    confirmation_id: int


@dataclass
class EmailVerificationStatus:
    status: str  # waiting | confirmed | expired
    mails_sent: int
    reminded: bool


def workflow_id(email_id: int) -> str:
    return f"email-verification-{email_id}"


@workflow.defn(name="EmailVerification")
class EmailVerificationWorkflow:
    @workflow.init
    def __init__(self, inp: EmailVerificationInput) -> None:
        self._inp = inp  # here, not in run(): an Update that reaches a worker with the first task runs before run()
        self._status = "waiting"
        self._sent = 0
        self._reminded = False
        self._resend_requested = False

    @workflow.run
    async def run(self, inp: EmailVerificationInput) -> str:
        c = inp.carried
        first = c.sent if c else 0  # mails sent before this run
        if c is None:
            self._instance = keys.execution()
            await self._send("confirm")
            deadline = workflow.now() + timedelta(seconds=inp.expires_after_seconds)
            remind_at = workflow.now() + timedelta(seconds=inp.reminder_after_seconds)
        else:
            self._instance, self._sent, self._reminded = c.instance, c.sent, c.reminded
            deadline, remind_at = datetime.fromisoformat(c.deadline), datetime.fromisoformat(c.remind_at)
        while self._status == "waiting":
            now = workflow.now()
            if now >= deadline:
                await self._expire()
                break
            if not self._reminded and now >= remind_at:
                self._reminded = True
                await self._send("reminder")
                continue
            if self._sent - first >= inp.mails_per_run and workflow.patched(CONTINUE_AS_NEW):
                await workflow.wait_condition(workflow.all_handlers_finished)
                if self._status == "waiting":
                    workflow.continue_as_new(replace(inp, carried=EmailCarried(
                        self._instance, self._sent, self._reminded, deadline.isoformat(), remind_at.isoformat())))
                break
            wake = deadline if self._reminded else min(deadline, remind_at)
            self._details(wake)
            try:
                await workflow.wait_condition(lambda: self._status != "waiting" or self._resend_requested,
                                              timeout=wake - now)
            except TimeoutError:
                continue
            if self._resend_requested and self._status == "waiting":
                self._resend_requested = False
                await self._send("resend")
                deadline = workflow.now() + timedelta(seconds=inp.expires_after_seconds)
                remind_at = workflow.now() + timedelta(seconds=inp.reminder_after_seconds)
                self._reminded = False
        await workflow.wait_condition(workflow.all_handlers_finished)
        workflow.set_current_details(f"Finished: {self._status}")
        return self._status

    @workflow.signal
    def resend(self) -> None:
        self._resend_requested = True

    @workflow.update
    async def confirm(self, req: ConfirmRequest) -> str:
        await workflow.execute_activity_method(
            EmailActivities.mark_verified, MarkVerified(self._inp.email_id, req.confirmation_id),
            start_to_close_timeout=self._timeout(), retry_policy=DB_RETRY,
        )
        self._status = "confirmed"
        workflow.upsert_search_attributes([sa.STEP.value_set("confirmed")])
        return self._status

    @confirm.validator
    def _validate_confirm(self, req: ConfirmRequest) -> None:
        if self._status == "expired":
            raise ValueError(LINK_EXPIRED)

    def _timeout(self) -> timedelta:
        return timedelta(seconds=self._inp.activity_timeout_seconds)

    @workflow.query
    def state(self) -> EmailVerificationStatus:
        return EmailVerificationStatus(self._status, self._sent, self._reminded)

    async def _send(self, kind: str) -> None:
        self._sent += 1
        key = f"{self._instance}:{kind}:{self._sent}"  # this execution's n-th mail: once, whatever retries it
        await workflow.execute_activity_method(
            EmailActivities.send_confirmation,
            SendConfirmation(self._inp.email_id, workflow.info().workflow_id, key, kind),
            start_to_close_timeout=self._timeout(), retry_policy=MAIL_RETRY,
        )
        workflow.upsert_search_attributes([sa.STEP.value_set(f"{kind}-sent")])

    async def _expire(self) -> None:
        await workflow.execute_activity_method(
            EmailActivities.expire_confirmations, ExpireConfirmations(self._inp.email_id, workflow.info().workflow_id),
            start_to_close_timeout=self._timeout(), retry_policy=DB_RETRY,
        )
        self._status = "expired"
        workflow.upsert_search_attributes([sa.STEP.value_set("expired")])

    def _details(self, wake: object) -> None:
        nxt = "the key expires" if self._reminded else "a reminder is sent"
        workflow.set_current_details(
            f"Waiting for the user to click the confirmation link ({self._sent} mail(s) sent); "
            f"at {wake} {nxt}."
        )
