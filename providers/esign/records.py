"""E-sign state: envelopes made from a template, signing-page tokens, and what the signer's choice does.

An envelope is ``sent`` when created, then ``completed`` (signed), ``declined`` or ``voided`` (by the api); those
three are final. Signing and declining emit the signed webhooks ``envelope_completed`` / ``envelope_declined``
(outbox source ``esign``) in the same transaction; repeating the choice already made changes nothing and emits
nothing. A recipient view gives the browser a signing-page URL with a random token, valid
``esign_view_ttl_seconds``; every view makes a new token.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import quote, urlencode

from providers import jobs, webhook_outbox
from providers.common import ProviderError
from providers.resources import new_id
from providers.settings import ProvidersSettings

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS esign_envelopes (
        id TEXT PRIMARY KEY,
        template_id TEXT NOT NULL,
        signer_name TEXT NOT NULL,
        signer_email TEXT NOT NULL,
        client_user_id TEXT NOT NULL,
        return_url TEXT NOT NULL,
        fields TEXT NOT NULL,
        status TEXT NOT NULL,
        created TEXT NOT NULL,
        completed_at TEXT,
        declined_at TEXT,
        voided_at TEXT
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS esign_view_tokens (
        token TEXT PRIMARY KEY,
        envelope_id TEXT NOT NULL REFERENCES esign_envelopes (id),
        created TEXT NOT NULL,
        expires_at REAL NOT NULL
    )
    """,
)

SENT, COMPLETED, DECLINED, VOIDED = "sent", "completed", "declined", "voided"
BROKEN_TEMPLATE = "tpl-broken"  # a template id the sandbox refuses, to try that path

Action = Literal["sign", "cancel", "decline"]
# action -> the ``event`` query value of the redirect to the return URL
EVENTS: dict[str, str] = {"sign": "signing_complete", "cancel": "cancel", "decline": "decline"}
# action -> (the status it leads to, the webhook topic it emits)
OUTCOMES: dict[str, tuple[str, str]] = {"sign": (COMPLETED, "envelope_completed"), "decline": (DECLINED, "envelope_declined")}


@dataclass(frozen=True)
class Envelope:
    id: str
    template_id: str
    signer_name: str
    signer_email: str
    client_user_id: str
    return_url: str
    fields: dict[str, Any]
    status: str
    created: str
    completed_at: str | None
    declined_at: str | None
    voided_at: str | None

    def out(self) -> dict[str, Any]:
        keys = ("status", "template_id", "created", "completed_at", "declined_at", "voided_at", "return_url")
        return {"envelope_id": self.id, **{k: getattr(self, k) for k in keys}}


def known_template(template_id: str) -> bool:
    return template_id.startswith("tpl-") and template_id != BROKEN_TEMPLATE


def create(
    conn: sqlite3.Connection,
    *,
    template_id: str,
    signer: dict[str, str],
    return_url: str,
    fields: dict[str, Any],
    at: float,
) -> Envelope:
    """A ``sent`` envelope from ``template_id`` for ``signer`` (``name``, ``email``, ``client_user_id``)."""
    if not known_template(template_id):
        raise ProviderError(400, "Unknown template", error_type="unknown_template")
    envelope_id = new_id("env")
    conn.execute(
        "INSERT INTO esign_envelopes (id, template_id, signer_name, signer_email, client_user_id, return_url, fields,"
        " status, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (envelope_id, template_id, signer["name"], signer["email"], signer["client_user_id"], return_url,
         json.dumps(fields), SENT, jobs.iso(at)),
    )
    return require(conn, envelope_id)


def find(conn: sqlite3.Connection, envelope_id: str) -> Envelope | None:
    row = conn.execute("SELECT * FROM esign_envelopes WHERE id = ?", (envelope_id,)).fetchone()
    if row is None:
        return None
    values = dict(row)
    return Envelope(**{**values, "fields": dict(json.loads(values["fields"]))})


def require(conn: sqlite3.Connection, envelope_id: str) -> Envelope:
    envelope = find(conn, envelope_id)
    if envelope is None:
        raise ProviderError(404, "Unknown envelope", error_type="not_found")
    return envelope


def recipient_view(
    conn: sqlite3.Connection, settings: ProvidersSettings, envelope_id: str, return_url: str | None, at: float
) -> str:
    """The signing-page URL with a new token; a given ``return_url`` replaces the envelope's."""
    require(conn, envelope_id)
    if return_url:
        conn.execute("UPDATE esign_envelopes SET return_url = ? WHERE id = ?", (return_url, envelope_id))
    token = secrets.token_urlsafe(24)
    conn.execute(
        "INSERT INTO esign_view_tokens (token, envelope_id, created, expires_at) VALUES (?, ?, ?, ?)",
        (token, envelope_id, jobs.iso(at), at + settings.esign_view_ttl_seconds),
    )
    path = f"/sandbox/esign/signing/{quote(envelope_id, safe='')}"
    return f"{settings.public_url.rstrip('/')}{path}?{urlencode({'token': token})}"


def token_valid(conn: sqlite3.Connection, envelope_id: str, token: str, at: float) -> bool:
    row = conn.execute(
        "SELECT expires_at FROM esign_view_tokens WHERE token = ? AND envelope_id = ?", (token, envelope_id)
    ).fetchone()
    return row is not None and float(row["expires_at"]) > at


def void(conn: sqlite3.Connection, envelope_id: str, at: float) -> Envelope:
    """Void a ``sent`` envelope; a declined or voided one is left as it is; a completed one cannot be voided (409)."""
    envelope = require(conn, envelope_id)
    if envelope.status == COMPLETED:
        raise ProviderError(409, "A completed envelope cannot be voided", error_type="envelope_completed")
    if envelope.status == SENT:
        conn.execute("UPDATE esign_envelopes SET status = ?, voided_at = ? WHERE id = ?", (VOIDED, jobs.iso(at), envelope_id))
    return require(conn, envelope_id)


def act(conn: sqlite3.Connection, settings: ProvidersSettings, envelope_id: str, action: Action, at: float) -> Envelope:
    """Apply the signer's ``action``: sign → completed, decline → declined (each with its webhook), cancel → nothing.

    Repeating the choice already made answers the envelope unchanged; signing or declining a finished envelope
    otherwise is a 409.
    """
    envelope = require(conn, envelope_id)
    if action not in OUTCOMES:
        return envelope
    status, topic = OUTCOMES[action]
    if envelope.status == status:
        return envelope
    if envelope.status != SENT:
        raise ProviderError(409, f"This envelope is {envelope.status} and can no longer be changed.")
    stamp = "completed_at" if status == COMPLETED else "declined_at"
    conn.execute(f"UPDATE esign_envelopes SET status = ?, {stamp} = ? WHERE id = ?", (status, jobs.iso(at), envelope_id))
    refs = {"resource_id": envelope_id, "customer_id": envelope.client_user_id}
    fields = {"envelope_id": envelope_id, "status": status}
    webhook_outbox.emit(conn, settings, webhook_outbox.ESIGN, topic, at, **refs, fields=fields)
    return require(conn, envelope_id)
