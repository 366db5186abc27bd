"""The e-signature of a purchase: the envelope (created when the flow reaches its docusign step), the time limit,
and the provider's word on it — the browser's OK and the signed webhook both make the workflow ask the provider;
only `completed` moves the purchase on. Decline, cancel, error or the time limit void the envelope."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta

from temporalio import workflow
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    from activities.interfaces.esign import EnvelopeRequest, EsignActivities, SigningEnvelope
    from workflows.flow_core import FlowCore
    from workflows.profile_steps import PROVIDER_RETRY

SHORT = timedelta(seconds=30)
STEP = "docusign"


class Signature:
    def __init__(self, flow: FlowCore, timeout_seconds: int, signed: Callable[[], Awaitable[None]],
                 failed: Callable[[], Awaitable[None]], over: Callable[[], bool]) -> None:
        self.flow, self.timeout_seconds, self.over = flow, timeout_seconds, over
        self._signed, self._failed = signed, failed
        self.envelope: SigningEnvelope | None = None
        self.done = False

    async def prepare(self, request: EnvelopeRequest) -> str | None:
        """Creates the envelope once; None when ready, else the message to show."""
        if self.envelope is None:
            try:
                self.envelope = await workflow.execute_activity_method(
                    EsignActivities.prepare, request, start_to_close_timeout=SHORT, retry_policy=PROVIDER_RETRY)
            except ActivityError as exc:
                return str(getattr(exc.cause, "message", "")) or "Sorry, something went wrong"
        return None

    def is_envelope(self, envelope_id: str | None) -> bool:
        return self.envelope is not None and envelope_id == self.envelope.envelope_id

    async def timer(self) -> None:
        """Runs beside the flow while it waits at the signature step."""
        try:
            await workflow.wait_condition(lambda: self.done or self.flow.step != STEP or self.over(),
                                          timeout=timedelta(seconds=self.timeout_seconds))
        except TimeoutError:
            await self.fail()

    async def check(self) -> None:
        """Asks the provider; the webhook and the browser may both ask, the first answer wins."""
        if self.done or self.envelope is None:
            return
        status: str = await workflow.execute_activity_method(
            EsignActivities.status, self.envelope.envelope_id, start_to_close_timeout=SHORT, retry_policy=PROVIDER_RETRY)
        if self.done or self.flow.step != STEP:
            return
        if status == "completed":
            self.done = True
            await self._signed()
        elif status in ("declined", "voided"):
            await self.fail()

    async def fail(self) -> None:
        if self.done or self.over():
            return
        self.done = True
        if self.envelope is not None:
            await workflow.execute_activity_method(EsignActivities.void, self.envelope.envelope_id,
                                                   start_to_close_timeout=SHORT, retry_policy=PROVIDER_RETRY)
        await self._failed()
