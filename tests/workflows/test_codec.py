"""The payload codec: histories hold ciphertext only, and the codec endpoint decodes for operators."""

from __future__ import annotations

import base64
import json

import httpx
from google.protobuf import json_format
from sqlalchemy import select
from sqlmodel import col
from temporalio.api.common.v1 import Payload
from temporalio.client import Client

from config import Settings
from store.db import make_engine, make_sessionmaker
from store.models import Email
from tests.api.accounts import signup
from workflows.codec import EncryptionCodec
from workflows.email_verification import workflow_id


async def test_round_trip_and_wrong_key() -> None:
    secret = Payload(metadata={"encoding": b"json/plain"}, data=b'{"ssn":"123-45-6789"}')
    sealed = await EncryptionCodec("k1").encode([secret])
    assert b"123-45-6789" not in sealed[0].SerializeToString()
    assert (await EncryptionCodec("k1").decode(sealed))[0] == secret
    assert (await EncryptionCodec("k2", old_secrets=["k1"]).decode(sealed))[0] == secret
    try:
        await EncryptionCodec("k2").decode(sealed)
        raise AssertionError("decoded with the wrong key")
    except ValueError:
        pass


async def test_history_has_no_clear_payloads_and_codec_endpoint_decodes(
        api: httpx.AsyncClient, temporal_client: Client, settings: Settings) -> None:
    user = await signup(api)
    engine = make_engine(settings.database_url, settings.database_tls)
    async with make_sessionmaker(engine)() as db:
        email_id = await db.scalar(select(col(Email.id)).where(col(Email.email) == user["email"]))
    await engine.dispose()
    handle = temporal_client.get_workflow_handle(workflow_id(int(email_id or 0)))
    first = None
    for _ in range(50):  # the history as the server stores it (fetch_history does not decode payloads)
        started = (await handle.fetch_history()).events[0].workflow_execution_started_event_attributes
        if started.input.payloads:
            first = started.input.payloads[0]
            break
    assert first is not None
    assert first.metadata["encoding"] == b"binary/encrypted"
    body = {"payloads": [json_format.MessageToDict(first)]}
    assert (await api.post("/codec/decode", json=body)).status_code == 401
    ops = {"X-Ops-Token": settings.ops_token}
    r = await api.post("/codec/decode", json=body, headers=ops)
    assert r.status_code == 200, r.text
    decoded = r.json()["payloads"][0]
    assert base64.b64decode(decoded["metadata"]["encoding"]) == b"json/plain"
    assert json.loads(base64.b64decode(decoded["data"]))["user_id"] == user["user_id"]
    assert (await api.post("/codec/decode", json={"payloads": "nope"}, headers=ops)).status_code == 422
