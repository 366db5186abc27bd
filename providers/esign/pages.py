"""The sandbox signing page (no provider key; frameable) and the signer's Sign / Cancel / Decline.

``GET /sandbox/esign/signing/{id}?token=`` shows the agreement of a ``sent`` envelope (403 with a bad or
expired token; a finished envelope's page says so). ``POST /sandbox/esign/envelopes/{id}/{sign|cancel|decline}``
applies the choice (:func:`providers.esign.records.act`) and answers a 303 to the envelope's return URL with
``event=signing_complete|cancel|decline``. Its form field ``token`` is optional, but must be valid when given.
"""

from __future__ import annotations

import sqlite3

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from providers import jobs
from providers.common import ProviderError, SettingsDep, StorageDep
from providers.esign import records, views
from providers.esign.records import Action, Envelope
from providers.pages import TokenQuery, html, read, read_form, redirect, with_query, write
from providers.resources import ResourceId

router = APIRouter(tags=["e-sign page"])

# Shown in the api's iframe: any page may frame it (and no X-Frame-Options is sent).
FRAMEABLE = {"Content-Security-Policy": "frame-ancestors *"}
BAD_LINK = "This signing link has expired or is not valid. Go back and open the document again."


def page(content: str, status_code: int = 200) -> HTMLResponse:
    return html(content, status_code, FRAMEABLE)


def error_page(err: ProviderError) -> HTMLResponse:
    return page(views.problem("This document cannot be signed", err.message), err.status_code)


def forbidden() -> HTMLResponse:
    return page(views.problem("Signing link expired", BAD_LINK), 403)


@router.get("/sandbox/esign/signing/{envelope_id}", response_class=HTMLResponse)
async def signing_page(envelope_id: ResourceId, storage: StorageDep, token: TokenQuery = "") -> Response:
    def load(conn: sqlite3.Connection) -> tuple[Envelope, bool]:
        envelope = records.require(conn, envelope_id)
        return envelope, bool(token) and records.token_valid(conn, envelope_id, token, jobs.now_epoch())

    try:
        envelope, allowed = await read(storage, load)
    except ProviderError as err:
        return error_page(err)
    if not allowed:
        return forbidden()
    if envelope.status != records.SENT:
        return page(views.finished(envelope, token))
    return page(views.signing(envelope, token))


@router.post("/sandbox/esign/envelopes/{envelope_id}/{action}")
async def signer_action(
    envelope_id: ResourceId, action: Action, request: Request, storage: StorageDep, settings: SettingsDep
) -> Response:
    token = (await read_form(request)).get("token", "")

    def apply(conn: sqlite3.Connection) -> Envelope | None:
        at = jobs.now_epoch()
        records.require(conn, envelope_id)
        if token and not records.token_valid(conn, envelope_id, token, at):
            return None
        return records.act(conn, settings, envelope_id, action, at)

    try:
        envelope = await write(storage, apply)
    except ProviderError as err:
        return error_page(err)
    if envelope is None:
        return forbidden()
    return redirect(with_query(envelope.return_url, {"event": records.EVENTS[action]}))
