"""Bank-link server-to-server API (provider key + ``Idempotency-Key``): link tokens and token exchanges."""

from __future__ import annotations

import sqlite3

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from providers import jobs
from providers.banklink import records
from providers.common import ProviderKey, ReturnUrl, SettingsDep, StorageDep
from providers.idempotency import IdempotencyKey, Outcome
from providers.resources import respond

router = APIRouter(tags=["bank link"], dependencies=[ProviderKey])


class LinkTokenIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    external_id: str = Field(min_length=1, max_length=64)
    return_url: ReturnUrl


class ExchangeIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    public_token: str = Field(min_length=1, max_length=200)


class ProcessorTokenIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    access_token: str = Field(min_length=1, max_length=200)
    account_id: str = Field(min_length=1, max_length=64)


@router.post("/banklink/link-tokens")
async def create_link_token(body: LinkTokenIn, storage: StorageDep, settings: SettingsDep, key: IdempotencyKey) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        return Outcome(200, records.create_link_token(conn, settings, body.external_id, body.return_url, jobs.now_epoch()))

    return await respond(storage, key, "POST /banklink/link-tokens", body.model_dump(), work)


@router.post("/banklink/exchange")
async def exchange(body: ExchangeIn, storage: StorageDep, key: IdempotencyKey) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        return Outcome(200, records.exchange(conn, body.public_token, jobs.now_epoch()))

    return await respond(storage, key, "POST /banklink/exchange", body.model_dump(), work)


@router.post("/banklink/processor-token")
async def processor_token(body: ProcessorTokenIn, storage: StorageDep, key: IdempotencyKey) -> Response:
    def work(conn: sqlite3.Connection) -> Outcome:
        return Outcome(200, records.processor_token(conn, body.access_token, body.account_id, jobs.now_epoch()))

    return await respond(storage, key, "POST /banklink/processor-token", body.model_dump(), work)
