"""The email activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity


@dataclass
class SendConfirmation:
    email_id: int
    workflow_id: str
    idempotency_key: str
    kind: str  # confirm | resend | reminder


@dataclass
class MarkVerified:
    email_id: int
    confirmation_id: int


@dataclass
class ExpireConfirmations:
    email_id: int
    workflow_id: str


class EmailActivities:
    """Stubs with the activities' names and signatures; `activities.email.EmailActivities` implements them."""

    @activity.defn(name="email.send_confirmation")
    async def send_confirmation(self, req: SendConfirmation) -> int:
        raise NotImplementedError

    @activity.defn(name="email.mark_verified")
    async def mark_verified(self, req: MarkVerified) -> None:
        raise NotImplementedError

    @activity.defn(name="email.expire_confirmations")
    async def expire_confirmations(self, req: ExpireConfirmations) -> int:
        raise NotImplementedError
