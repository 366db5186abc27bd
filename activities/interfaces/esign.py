"""The esign activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass

from temporalio import activity


@dataclass
class EnvelopeRequest:
    flow_id: str
    user_id: int
    asset_id: int
    template_id: str
    return_url: str
    fields: dict[str, str]


@dataclass
class SigningEnvelope:
    envelope_id: str
    envelope_view_url: str


class EsignActivities:
    """Stubs with the activities' names and signatures; `activities.esign.EsignActivities` implements them."""

    @activity.defn(name="esign.prepare")
    async def prepare(self, req: EnvelopeRequest) -> SigningEnvelope:
        raise NotImplementedError

    @activity.defn(name="esign.status")
    async def status(self, envelope_id: str) -> str:
        raise NotImplementedError

    @activity.defn(name="esign.void")
    async def void(self, envelope_id: str) -> None:
        raise NotImplementedError
