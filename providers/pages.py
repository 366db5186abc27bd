"""What the hosted browser pages share (bank link, e-sign): responses, redirects, form reading, storage access.

Pages are plain HTML forms without JavaScript: every step POSTs and is answered with a 303. Nothing is cached
and no referrer is sent (tokens travel in URLs).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from html import escape
from typing import Annotated, TypeVar
from urllib.parse import parse_qs, parse_qsl, urlencode, urlsplit, urlunsplit

from fastapi import Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse

from providers.sqlite import Storage

NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
MAX_FORM_BYTES = 8192

T = TypeVar("T")
TokenQuery = Annotated[str, Query(max_length=200)]


def document(title: str, css: str, body: str) -> str:
    """A whole self-contained HTML page (English, responsive, not indexed) with ``css`` inline."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f'<meta name="robots" content="noindex"><title>{escape(title)}</title><style>{css}</style></head>'
        f"<body>{body}</body></html>"
    )


def html(content: str, status_code: int = 200, headers: Mapping[str, str] | None = None) -> HTMLResponse:
    return HTMLResponse(content, status_code=status_code, headers={**NO_STORE, **(headers or {})})


def redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303, headers=NO_STORE)


def with_query(url: str, params: dict[str, str]) -> str:
    """``url`` with ``params`` appended to its query string (its own parameters kept)."""
    parts = urlsplit(url)
    query = [*parse_qsl(parts.query, keep_blank_values=True), *params.items()]
    return urlunsplit(parts._replace(query=urlencode(query)))


async def read_form(request: Request) -> dict[str, str]:
    """The first value of each field of a small url-encoded form (an oversized or broken one reads as empty)."""
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        return {}
    try:
        parsed = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=20)
    except ValueError:
        return {}
    return {k: v[0] for k, v in parsed.items() if v}


async def read(storage: Storage, fn: Callable[[sqlite3.Connection], T]) -> T:
    def run() -> T:
        with storage.reader() as conn:
            return fn(conn)

    return await run_in_threadpool(run)


async def write(storage: Storage, fn: Callable[[sqlite3.Connection], T]) -> T:
    def run() -> T:
        with storage.transaction() as conn:
            return fn(conn)

    return await run_in_threadpool(run)
