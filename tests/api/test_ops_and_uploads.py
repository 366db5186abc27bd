"""The payload-codec endpoint is closed unless the ops token (or the explicit local-UI setting) opens it; an identity
document's upload address expires."""

from __future__ import annotations

import base64
from datetime import timedelta

import httpx
from sqlalchemy import update
from temporalio.client import Client

from api.purchase.schemas import UploadedOut, UploadTicketOut
from api.state import AppState
from config import Settings
from store.models import Upload
from tests.api.accounts import signup
from tests.api.apps import api_with, client
from tests.api.documented import conforms

PLAIN = {"payloads": [{"metadata": {"encoding": base64.b64encode(b"json/plain").decode()},
                       "data": base64.b64encode(b'{"ssn": "123-45-6789"}').decode()}]}
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


async def test_codec_needs_the_ops_token(api: httpx.AsyncClient, settings: Settings) -> None:
    r = await api.post("/codec/encode", json=PLAIN)
    assert (r.status_code, r.json()["errors"][0]["message"]) == (401, "Decoding payloads is for authorised operators only.")
    for wrong in ("nope", settings.ops_token + "x", settings.ops_token[:-1], ""):
        assert (await api.post("/codec/encode", json=PLAIN, headers={"X-Ops-Token": wrong})).status_code == 403
    ops = {"X-Ops-Token": settings.ops_token}
    encoded = await api.post("/codec/encode", json=PLAIN, headers=ops)
    assert encoded.status_code == 200
    assert (await api.post("/codec/decode", json=encoded.json())).status_code == 401
    decoded = await api.post("/codec/decode", json=encoded.json(), headers=ops)
    assert decoded.status_code == 200 and decoded.json() == PLAIN


async def test_codec_without_an_ops_token_is_closed_unless_opened_for_the_local_ui(
        settings: Settings, temporal_client: Client, app_state: AppState) -> None:
    async with api_with(settings, temporal_client, ops_token="", env="dev") as state, client(state, "127.0.0.1") as c:
        assert (await c.post("/codec/encode", json=PLAIN)).status_code == 401
        assert (await c.post("/codec/encode", json=PLAIN, headers={"X-Ops-Token": ""})).status_code == 403
    async with api_with(settings, temporal_client, ops_token="", codec_open_for_local_ui=True) as state, \
            client(state, "127.0.0.1") as c:
        assert (await c.post("/codec/encode", json=PLAIN)).status_code == 200


async def test_an_expired_upload_address_is_refused(api: httpx.AsyncClient, app_state: AppState,
                                                     settings: Settings) -> None:
    user = await signup(api)
    urls = []
    for _ in range(2):
        r = await api.post("/api/users/files/", json={"file_name": "id.png", "content_type": "image/png",
                                                      "document_type": "license"}, headers=user["headers"])
        assert r.status_code == 201
        conforms(UploadTicketOut, r.json())
        urls.append(r.json())
    async with app_state.sessions() as db:  # the first address was handed out longer ago than it lasts
        await db.execute(update(Upload).where(Upload.token == urls[0]["file_key"])
                         .values(created_at=Upload.created_at - timedelta(seconds=settings.upload_url_ttl_seconds + 1)))
        await db.commit()
    r = await api.put(urls[0]["url"], content=PNG, headers={"content-type": "image/png"})
    assert (r.status_code, r.json()["errors"][0]["message"]) == (
        403, "This upload link has expired. Please choose the file again.")
    stored = await api.put(urls[1]["url"], content=PNG, headers={"content-type": "image/png"})
    assert stored.status_code == 200
    conforms(UploadedOut, stored.json())
    assert stored.json() == {"file_key": urls[1]["file_key"], "size": len(PNG)}
