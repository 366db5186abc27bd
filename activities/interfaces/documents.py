"""The documents activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity


@dataclass
class SubmitDocument:
    user_id: int
    file_key: str
    idempotency_key: str


class DocumentActivities:
    """Stubs with the activities' names and signatures; `activities.documents.DocumentActivities` implements them."""

    @activity.defn(name="documents.submit")
    async def submit(self, req: SubmitDocument) -> str:
        raise NotImplementedError
