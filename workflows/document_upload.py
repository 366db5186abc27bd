"""The identity document flow (`document-upload-{user_id}`): document type, one uploaded file, then the provider
reviews it (the customer goes from 'document' to pending, then verified by the provider's webhook)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ApplicationError

with workflow.unsafe.imports_passed_through():
    import domain.document_upload as rules
    from activities.interfaces.documents import DocumentActivities, SubmitDocument
    from workflows.flow_core import (
        ACTIVE,
        COMPLETED,
        FlowCore,
        FlowError,
        FlowSnapshot,
        FlowState,
        FlowWorkflow,
        StepSubmission,
    )

KIND = "document-upload"
RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10), maximum_attempts=8,
                    non_retryable_error_types=["UploadMissing", "ProviderRejected"])


@dataclass
class DocumentUploadInput:
    user_id: int
    idle_timeout_seconds: int = 7 * 24 * 3600
    updates_per_run: int = 1000  # then it continues as new with `carried`
    carried: FlowSnapshot | None = None


def workflow_id(user_id: int) -> str:
    return f"{KIND}-{user_id}"


@workflow.defn(name="DocumentUpload")
class DocumentUploadWorkflow(FlowWorkflow):
    def __init__(self) -> None:
        self.flow = FlowCore(KIND, rules.STEPS)
        self.flow.begin()  # no facts to load: the first step is known before run() (update-with-start may come first)

    @workflow.run
    async def run(self, inp: DocumentUploadInput) -> dict[str, Any]:
        self.inp = inp
        if inp.carried is not None:
            self.flow.restore(inp.carried)
        result = await self.flow.serve(inp.idle_timeout_seconds, inp.updates_per_run)
        if result is None:
            workflow.continue_as_new(replace(inp, carried=self.flow.snapshot()))
        return result

    @workflow.update
    async def submit(self, sub: StepSubmission) -> FlowState:
        async with self.flow.turn(sub.step):
            return await self.flow.guard(self._submit(sub))

    async def _submit(self, sub: StepSubmission) -> FlowState:
        f = self.flow
        fields = f.fields_of(sub)
        f.status, f.error = ACTIVE, None
        if sub.step == "upload":
            key = f.key(f"document:{f.version}:{fields['file_key']}")
            try:
                status: str = await f.call(DocumentActivities.submit,
                                           SubmitDocument(self.inp.user_id, str(fields["file_key"]), key),
                                           timedelta(seconds=30), RETRY)
            except ApplicationError as exc:
                f.error = FlowError("Upload failed", exc.message or "Something went wrong, please try again")
                return await f.changed()
            f.context["complete"] = {"customer_status": status,
                                     "message": "Thanks! Your ID was received; approval usually takes 2-3 days."}
        if sub.step == "complete":
            f.status, f.result = COMPLETED, {"outcome": "completed", "redirect": "/app"}
            return await f.changed()
        f.values[sub.step] = fields
        if sub.step == "document-type":
            f.context["upload"] = {"document_type": fields["document_type"]}
        f.advance()
        return await f.changed()

    @submit.validator
    def _check(self, sub: StepSubmission) -> None:
        self.flow.check(sub)

