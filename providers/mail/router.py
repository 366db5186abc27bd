"""Sandbox mail provider: an outbox that stores every e-mail instead of delivering it.

``POST /mail/messages`` is the provider API (provider key + ``Idempotency-Key``, like a real mail API);
``GET /sandbox/mail?to=`` (JSON) and ``GET /sandbox/mail/inbox?to=`` (HTML) are what tests and a person
trying the product read: confirmation links, reset links and keys are inside ``text``.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import sqlite3
import uuid
from datetime import UTC, datetime
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Header, Query
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from providers.common import ProviderError, ProviderKey, StorageDep
from providers.sqlite import Storage

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS mail_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        idempotency_key TEXT NOT NULL UNIQUE,
        request_hash TEXT NOT NULL,
        to_addr TEXT NOT NULL,
        to_norm TEXT NOT NULL,
        subject TEXT NOT NULL,
        text TEXT NOT NULL,
        created TEXT NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS mail_messages_to ON mail_messages (to_norm, seq)",
)

ADDRESS = r"^[^@\s]+@[^@\s]+$"

router = APIRouter(tags=["mail"])


class MailIn(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    to: str = Field(min_length=3, max_length=320, pattern=ADDRESS)
    subject: str = Field(min_length=1, max_length=998)
    text: str = Field(max_length=200_000)


class MailCreated(BaseModel):
    id: str


class MailOut(BaseModel):
    to: str
    subject: str
    text: str
    created: str


def _request_hash(mail: MailIn) -> str:
    raw = json.dumps(mail.model_dump(), sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(raw).hexdigest()


def store_message(storage: Storage, mail: MailIn, idempotency_key: str) -> tuple[str, bool]:
    """Store ``mail`` once per idempotency key; return (message id, created now)."""
    digest = _request_hash(mail)
    with storage.transaction() as conn:
        row = conn.execute("SELECT id, request_hash FROM mail_messages WHERE idempotency_key = ?", (idempotency_key,)).fetchone()
        if row is not None:
            if row["request_hash"] != digest:
                raise ProviderError(
                    409,
                    "Idempotency-Key was already used with a different message",
                    error_type="idempotency_conflict",
                )
            return str(row["id"]), False
        message_id = f"msg_{uuid.uuid4().hex}"
        conn.execute(
            "INSERT INTO mail_messages (id, idempotency_key, request_hash, to_addr, to_norm, subject, text,"
            " created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                message_id,
                idempotency_key,
                digest,
                mail.to,
                mail.to.lower(),
                mail.subject,
                mail.text,
                datetime.now(UTC).isoformat(),
            ),
        )
        return message_id, True


def list_messages(storage: Storage, to: str) -> list[MailOut]:
    with storage.reader() as conn:
        rows: list[sqlite3.Row] = conn.execute(
            "SELECT to_addr, subject, text, created FROM mail_messages WHERE to_norm = ? ORDER BY seq",
            (to.strip().lower(),),
        ).fetchall()
    return [MailOut(to=r["to_addr"], subject=r["subject"], text=r["text"], created=r["created"]) for r in rows]


def recent_recipients(storage: Storage, limit: int = 30) -> list[str]:
    with storage.reader() as conn:
        rows = conn.execute(
            "SELECT to_norm, MAX(seq) AS last FROM mail_messages GROUP BY to_norm ORDER BY last DESC LIMIT ?",
            (limit,),
        ).fetchall()
    return [str(r["to_norm"]) for r in rows]


@router.post("/mail/messages", status_code=201, dependencies=[ProviderKey])
async def send_message(
    mail: MailIn,
    storage: StorageDep,
    idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key")] = None,
) -> MailCreated:
    key = (idempotency_key or "").strip()
    if not key:
        raise ProviderError(400, "Idempotency-Key header is required")
    if len(key) > 255:
        raise ProviderError(400, "Idempotency-Key must be at most 255 characters")
    message_id, _ = await run_in_threadpool(store_message, storage, mail, key)
    return MailCreated(id=message_id)


@router.get("/sandbox/mail")
async def sandbox_mail(storage: StorageDep, to: Annotated[str, Query(min_length=1, max_length=320)]) -> list[MailOut]:
    return await run_in_threadpool(list_messages, storage, to)


_URL = re.compile(r"https?://[^\s<>\"']+")


def _linkify(text: str) -> str:
    out: list[str] = []
    pos = 0
    for match in _URL.finditer(text):
        url = match.group(0).rstrip(".,;:)!?")
        out.append(html.escape(text[pos : match.start()]))
        out.append(f'<a href="{html.escape(url)}">{html.escape(url)}</a>')
        pos = match.start() + len(url)
    out.append(html.escape(text[pos:]))
    return "".join(out)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title>
<style>
body{{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;
background:#f4f5f7;color:#1d2330}}
header{{background:#1d2330;color:#fff;padding:14px 24px}} header b{{letter-spacing:.04em}}
main{{max-width:820px;margin:24px auto;padding:0 16px}}
form{{display:flex;gap:8px;margin-bottom:20px}}
input{{flex:1;padding:8px 10px;border:1px solid #c9ced8;border-radius:6px}}
button{{padding:8px 16px;border:0;border-radius:6px;background:#2f6fed;color:#fff;cursor:pointer}}
article{{background:#fff;border-radius:10px;padding:16px 20px;margin-bottom:14px;
box-shadow:0 1px 3px #0001}}
article h2{{font-size:17px;margin:0 0 4px}} .meta{{color:#6b7385;font-size:13px;margin-bottom:10px}}
pre{{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}} a{{color:#2f6fed}}
.empty{{color:#6b7385}}
</style></head><body><header><b>Vitrine sandbox</b> &middot; mail outbox</header><main>
<form method="get" action="/sandbox/mail/inbox"><input name="to" type="text" placeholder="address@example.com"
 value="{to}" aria-label="E-mail address"><button type="submit">Show mail</button></form>
{body}
</main></body></html>"""


def render_inbox(to: str | None, mails: list[MailOut], recipients: list[str]) -> str:
    parts: list[str] = []
    if to:
        parts.append(f"<h1>Mail for {html.escape(to)} ({len(mails)})</h1>")
        if not mails:
            parts.append('<p class="empty">No mail yet. This page does not refresh by itself.</p>')
        for mail in reversed(mails):  # newest first for a person reading
            parts.append(
                f"<article><h2>{html.escape(mail.subject)}</h2>"
                f'<div class="meta">to {html.escape(mail.to)} &middot; {html.escape(mail.created)}</div>'
                f"<pre>{_linkify(mail.text)}</pre></article>"
            )
    else:
        parts.append("<h1>Recent recipients</h1>")
        if not recipients:
            parts.append('<p class="empty">No mail has been sent yet.</p>')
        links = (f'<li><a href="/sandbox/mail/inbox?to={quote(r)}">{html.escape(r)}</a></li>' for r in recipients)
        parts.append("<ul>" + "".join(links) + "</ul>")
    title = f"Mail for {to}" if to else "Sandbox mail"
    return _PAGE.format(title=html.escape(title), to=html.escape(to or ""), body="\n".join(parts))


@router.get("/sandbox/mail/inbox", response_class=HTMLResponse)
async def sandbox_inbox(storage: StorageDep, to: Annotated[str | None, Query(max_length=320)] = None) -> str:
    address = (to or "").strip() or None

    def load() -> tuple[list[MailOut], list[str]]:
        if address:
            return list_messages(storage, address), []
        return [], recent_recipients(storage)

    mails, recipients = await run_in_threadpool(load)
    return render_inbox(address, mails, recipients)
