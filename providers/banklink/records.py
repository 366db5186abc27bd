"""Bank-link state: link tokens, hosted-page sessions, items with accounts, public/access/processor tokens.

The flow, like a real bank-linking provider: the api creates a *link token* and sends the browser to the
hosted page; after the user signs in and picks an account, an *item* (a bank login) with its accounts and a
single-use *public token* (expires after ``public_token_ttl_seconds``) are created; the api exchanges the
public token for a long-lived *access token*, then asks for a *processor token* for one account, which it
hands to the payment provider (:func:`resolve_processor_token`) to create a verified funding source.
"""

from __future__ import annotations

import secrets
import sqlite3
import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from providers import jobs
from providers.banklink.banks import BY_ID, Institution
from providers.common import ProviderError
from providers.settings import ProvidersSettings

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS banklink_link_tokens (
        token TEXT PRIMARY KEY, external_id TEXT NOT NULL, return_url TEXT NOT NULL,
        created TEXT NOT NULL, expires_at REAL NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS banklink_sessions (
        id TEXT PRIMARY KEY, link_token TEXT NOT NULL REFERENCES banklink_link_tokens (token),
        institution_id TEXT NOT NULL, created TEXT NOT NULL, expires_at REAL NOT NULL,
        public_token TEXT, account_id TEXT
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS banklink_items (
        id TEXT PRIMARY KEY, access_token TEXT UNIQUE, external_id TEXT NOT NULL,
        institution_id TEXT NOT NULL, created TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS banklink_accounts (
        id TEXT PRIMARY KEY, item_id TEXT NOT NULL REFERENCES banklink_items (id), kind TEXT NOT NULL,
        name TEXT NOT NULL, mask TEXT NOT NULL, type TEXT NOT NULL,
        routing_number TEXT NOT NULL, account_number TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS banklink_public_tokens (
        token TEXT PRIMARY KEY, item_id TEXT NOT NULL REFERENCES banklink_items (id),
        created TEXT NOT NULL, expires_at REAL NOT NULL, used_at TEXT
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS banklink_processor_tokens (
        token TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES banklink_accounts (id), created TEXT NOT NULL
    )
    """,
)

SANDBOX_USERNAME, SANDBOX_PASSWORD = "user_good", "pass_good"
SESSION_TTL_SECONDS = 30 * 60.0


@dataclass(frozen=True)
class AccountKind:
    kind: str
    name: str
    mask: str
    type: str
    balance: str  # shown on the hosted page only


ACCOUNT_KINDS: dict[str, AccountKind] = {
    "checking": AccountKind("checking", "Checking", "0000", "checking", "$2,450.00"),
    "savings": AccountKind("savings", "Savings", "1111", "savings", "$12,800.00"),
}


@dataclass(frozen=True)
class LinkedAccount:
    account_id: str
    name: str
    mask: str
    type: str
    routing_number: str
    account_number: str
    institution: Institution

    def out(self) -> dict[str, Any]:
        keys = ("name", "mask", "type", "routing_number", "account_number")
        return {k: getattr(self, k) for k in keys}


def _token(kind: str) -> str:
    return f"{kind}-sandbox-{uuid.uuid4()}"


def create_link_token(
    conn: sqlite3.Connection, settings: ProvidersSettings, external_id: str, return_url: str, at: float
) -> dict[str, str]:
    token, expires = _token("link"), at + settings.link_token_ttl_seconds
    conn.execute(
        "INSERT INTO banklink_link_tokens (token, external_id, return_url, created, expires_at) VALUES (?, ?, ?, ?, ?)",
        (token, external_id, return_url, jobs.iso(at), expires),
    )
    url = f"{settings.public_url.rstrip('/')}/banklink/link?{urlencode({'token': token})}"
    return {"link_token": token, "url": url, "expiration": jobs.iso(expires)}


def link_token(conn: sqlite3.Connection, token: str, at: float) -> sqlite3.Row | None:
    row: sqlite3.Row | None = conn.execute("SELECT * FROM banklink_link_tokens WHERE token = ?", (token,)).fetchone()
    return row if row is not None and row["expires_at"] > at else None


def open_session(conn: sqlite3.Connection, token: str, institution_id: str, at: float) -> str:
    """After a successful sandbox sign-in: a short-lived session in which the user picks an account."""
    session_id = secrets.token_urlsafe(24)
    conn.execute(
        "INSERT INTO banklink_sessions (id, link_token, institution_id, created, expires_at) VALUES (?, ?, ?, ?, ?)",
        (session_id, token, institution_id, jobs.iso(at), at + SESSION_TTL_SECONDS),
    )
    return session_id


def session(conn: sqlite3.Connection, session_id: str, at: float) -> sqlite3.Row | None:
    row: sqlite3.Row | None = conn.execute(
        "SELECT s.*, t.external_id, t.return_url FROM banklink_sessions s JOIN banklink_link_tokens t"
        " ON t.token = s.link_token WHERE s.id = ?",
        (session_id,),
    ).fetchone()
    return row if row is not None and row["expires_at"] > at else None


def complete_session(
    conn: sqlite3.Connection, settings: ProvidersSettings, row: sqlite3.Row, kind: str, at: float
) -> dict[str, str]:
    """Create the item, its accounts and a public token (once per session); the redirect's query values."""
    institution = BY_ID[row["institution_id"]]
    result = {"institution": institution.id, "institution_name": institution.name}
    if row["public_token"]:  # a double submit: the same answer again
        return {"public_token": row["public_token"], "account_id": row["account_id"], **result}
    item_id, public_token = uuid.uuid4().hex, _token("public")
    conn.execute(
        "INSERT INTO banklink_items (id, external_id, institution_id, created) VALUES (?, ?, ?, ?)",
        (item_id, row["external_id"], institution.id, jobs.iso(at)),
    )
    chosen = ""
    for account in ACCOUNT_KINDS.values():
        account_id = uuid.uuid4().hex
        number = f"{secrets.randbelow(10**8):08d}{account.mask}"
        conn.execute(
            "INSERT INTO banklink_accounts (id, item_id, kind, name, mask, type, routing_number, account_number)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (account_id, item_id, account.kind, account.name, account.mask, account.type, institution.routing_number, number),
        )
        chosen = account_id if account.kind == kind else chosen
    conn.execute(
        "INSERT INTO banklink_public_tokens (token, item_id, created, expires_at) VALUES (?, ?, ?, ?)",
        (public_token, item_id, jobs.iso(at), at + settings.public_token_ttl_seconds),
    )
    conn.execute("UPDATE banklink_sessions SET public_token = ?, account_id = ? WHERE id = ?", (public_token, chosen, row["id"]))
    return {"public_token": public_token, "account_id": chosen, **result}


def exchange(conn: sqlite3.Connection, public_token: str, at: float) -> dict[str, str]:
    row = conn.execute("SELECT * FROM banklink_public_tokens WHERE token = ?", (public_token,)).fetchone()
    if row is None:
        raise ProviderError(400, "Invalid public token.", error_type="invalid_public_token")
    if row["used_at"]:
        raise ProviderError(400, "This public token was already exchanged.", error_type="invalid_public_token")
    if row["expires_at"] <= at:
        raise ProviderError(400, "This public token has expired.", error_type="invalid_public_token")
    access_token = _token("access")
    conn.execute("UPDATE banklink_public_tokens SET used_at = ? WHERE token = ?", (jobs.iso(at), public_token))
    conn.execute("UPDATE banklink_items SET access_token = ? WHERE id = ?", (access_token, row["item_id"]))
    return {"access_token": access_token, "item_id": row["item_id"]}


def _linked(row: sqlite3.Row) -> LinkedAccount:
    return LinkedAccount(
        account_id=row["id"],
        name=row["name"],
        mask=row["mask"],
        type=row["type"],
        routing_number=row["routing_number"],
        account_number=row["account_number"],
        institution=BY_ID[row["institution_id"]],
    )


def processor_token(conn: sqlite3.Connection, access_token: str, account_id: str, at: float) -> dict[str, Any]:
    item = conn.execute("SELECT id FROM banklink_items WHERE access_token = ?", (access_token,)).fetchone()
    if item is None:
        raise ProviderError(400, "Invalid access token.", error_type="invalid_access_token")
    row = conn.execute(
        "SELECT a.*, i.institution_id FROM banklink_accounts a JOIN banklink_items i ON i.id = a.item_id"
        " WHERE a.id = ? AND a.item_id = ?",
        (account_id, item["id"]),
    ).fetchone()
    if row is None:
        raise ProviderError(400, "This account does not belong to this item.", error_type="invalid_account_id")
    token, account = _token("processor"), _linked(row)
    conn.execute(
        "INSERT INTO banklink_processor_tokens (token, account_id, created) VALUES (?, ?, ?)", (token, account_id, jobs.iso(at))
    )
    return {
        "processor_token": token,
        "account": account.out(),
        "institution": {"id": account.institution.id, "name": account.institution.name},
    }


def resolve_processor_token(conn: sqlite3.Connection, token: str) -> LinkedAccount | None:
    """What the payment provider reads when given a processor token (the same service in the sandbox)."""
    row = conn.execute(
        "SELECT a.*, i.institution_id FROM banklink_processor_tokens p JOIN banklink_accounts a ON a.id = p.account_id"
        " JOIN banklink_items i ON i.id = a.item_id WHERE p.token = ?",
        (token,),
    ).fetchone()
    return None if row is None else _linked(row)
