"""Idempotent POSTs: the same ``Idempotency-Key`` with the same request answers the stored answer.

The lookup, the work and the stored answer share one ``BEGIN IMMEDIATE`` transaction, so concurrent retries
create nothing twice. A key is bound to its request (route + path parameters + normalized body): reusing
it for another request is a 409. Work that raises :class:`ProviderError` rolls back and stores nothing;
an :class:`Outcome` with a 4xx status (e.g. a wrong micro-deposit attempt) is committed and replayed.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Depends, Header
from fastapi.responses import JSONResponse, Response

from providers.common import ProviderError
from providers.sqlite import Storage

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS idempotency_keys (
        key TEXT PRIMARY KEY,
        request_hash TEXT NOT NULL,
        status_code INTEGER NOT NULL,
        body TEXT NOT NULL,
        created TEXT NOT NULL
    )
    """,
)


@dataclass(frozen=True)
class Outcome:
    status_code: int
    body: Any

    def response(self) -> Response:
        if self.status_code == 204:
            return Response(status_code=204)
        return JSONResponse(self.body, status_code=self.status_code)


def error_outcome(status_code: int, message: str, error_type: str) -> Outcome:
    return Outcome(status_code, {"errors": [{"message": message}], "error_type": error_type})


def _check(key: str | None, required: bool) -> str | None:
    value = (key or "").strip()
    if not value:
        if required:
            raise ProviderError(400, "Idempotency-Key header is required")
        return None
    if len(value) > 255:
        raise ProviderError(400, "Idempotency-Key must be at most 255 characters")
    return value


def _required_key(idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key")] = None) -> str | None:
    return _check(idempotency_key, required=True)


def _optional_key(idempotency_key: Annotated[str | None, Header(alias="Idempotency-Key")] = None) -> str | None:
    return _check(idempotency_key, required=False)


IdempotencyKey = Annotated[str | None, Depends(_required_key)]
OptionalIdempotencyKey = Annotated[str | None, Depends(_optional_key)]


def request_hash(scope: str, payload: Any) -> str:
    raw = json.dumps([scope, payload], sort_keys=True, ensure_ascii=False, default=str).encode()
    return hashlib.sha256(raw).hexdigest()


def run_once(
    storage: Storage,
    key: str | None,
    scope: str,
    payload: Any,
    work: Callable[[sqlite3.Connection], Outcome],
) -> Outcome:
    """Run ``work`` in a transaction once per idempotency key (or every time when ``key`` is None)."""
    digest = request_hash(scope, payload)
    with storage.transaction() as conn:
        if key is not None:
            row = conn.execute("SELECT request_hash, status_code, body FROM idempotency_keys WHERE key = ?", (key,)).fetchone()
            if row is not None:
                if row["request_hash"] != digest:
                    raise ProviderError(
                        409,
                        "Idempotency-Key was already used with a different request",
                        error_type="idempotency_conflict",
                    )
                return Outcome(int(row["status_code"]), json.loads(row["body"]))
        outcome = work(conn)
        if key is not None:
            conn.execute(
                "INSERT INTO idempotency_keys (key, request_hash, status_code, body, created) VALUES (?, ?, ?, ?, ?)",
                (key, digest, outcome.status_code, json.dumps(outcome.body), datetime.now(UTC).isoformat()),
            )
        return outcome
