"""E-sign server-to-server API (provider key; ``Idempotency-Key`` on POSTs): envelopes and recipient views."""

from __future__ import annotations

import sqlite3
from typing import Annotated

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, JsonValue

from providers import jobs
from providers.common import ProviderKey, ReturnUrl, SettingsDep, StorageDep
from providers.esign import records
from providers.idempotency import IdempotencyKey, OptionalIdempotencyKey, Outcome
from providers.mail.router import ADDRESS
from providers.resources import ResourceId, respond

router = APIRouter(tags=["e-sign"], dependencies=[ProviderKey])


class SignerIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=200)
    email: str = Field(min_length=3, max_length=320, pattern=ADDRESS)
    client_user_id: str = Field(min_length=1, max_length=64)


class EnvelopeIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    template_id: str = Field(min_length=1, max_length=64)
    signer: SignerIn
    return_url: ReturnUrl
    # What the template shows (shares, total, ticker, ...): free-form, shown on the signing page.
    fields: Annotated[dict[str, JsonValue], Field(max_length=50)] = Field(default_factory=dict)


class ViewIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    return_url: ReturnUrl | None = None


class EnvelopeCreated(BaseModel):
    envelope_id: str
    status: str
    template_id: str
    created: str


class EnvelopeOut(EnvelopeCreated):
    completed_at: str | None
    declined_at: str | None
    voided_at: str | None
    return_url: str


class ViewOut(BaseModel):
    url: str


@router.post("/esign/envelopes", status_code=201, response_model=EnvelopeCreated)
async def create_envelope(body: EnvelopeIn, storage: StorageDep, key: IdempotencyKey) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        envelope = records.create(
            conn,
            template_id=body.template_id,
            signer=body.signer.model_dump(),
            return_url=body.return_url,
            fields=body.fields,
            at=jobs.now_epoch(),
        )
        return Outcome(201, EnvelopeCreated.model_validate(envelope.out()).model_dump())

    return await respond(storage, key, "POST /esign/envelopes", body.model_dump(), work)


@router.post("/esign/envelopes/{envelope_id}/views/recipient", response_model=ViewOut)
async def recipient_view(
    envelope_id: ResourceId, storage: StorageDep, settings: SettingsDep, key: OptionalIdempotencyKey, body: ViewIn | None = None
) -> Response:
    return_url = body.return_url if body else None

    def work(conn: sqlite3.Connection) -> Outcome:
        url = records.recipient_view(conn, settings, envelope_id, return_url, jobs.now_epoch())
        return Outcome(200, ViewOut(url=url).model_dump())

    payload = {"envelope_id": envelope_id, "return_url": return_url}
    return await respond(storage, key, "POST /esign/envelopes/{id}/views/recipient", payload, work)


@router.get("/esign/envelopes/{envelope_id}")
async def get_envelope(envelope_id: ResourceId, storage: StorageDep) -> EnvelopeOut:
    def load() -> EnvelopeOut:
        with storage.reader() as conn:
            return EnvelopeOut(**records.require(conn, envelope_id).out())

    return await run_in_threadpool(load)


@router.post("/esign/envelopes/{envelope_id}/void", response_model=EnvelopeOut)
async def void_envelope(envelope_id: ResourceId, storage: StorageDep, key: OptionalIdempotencyKey) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        return Outcome(200, records.void(conn, envelope_id, jobs.now_epoch()).out())

    return await respond(storage, key, "POST /esign/envelopes/{id}/void", {"envelope_id": envelope_id}, work)
