"""The ATS's PostgreSQL schema (``ats`` by default, apart from Vitrine's tables) and its connection pool.

Tables are created at startup, idempotently (a sandbox: no migrations). Prices are integer ticks of $0.05,
units integers, times epoch seconds (double precision) so the injectable clock of the tests is the only clock.
One providers process owns the ATS: the books live in its memory and are rebuilt from ``orders`` at startup.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import asyncpg

DDL = """
CREATE SCHEMA IF NOT EXISTS {s};
CREATE TABLE IF NOT EXISTS {s}.instruments (
    id text PRIMARY KEY,
    symbol text NOT NULL UNIQUE,
    name text NOT NULL,
    status text NOT NULL,
    issue_price_ticks bigint NOT NULL,
    units_outstanding bigint NOT NULL,
    created double precision NOT NULL
);
CREATE TABLE IF NOT EXISTS {s}.price_history (
    instrument_id text NOT NULL REFERENCES {s}.instruments (id),
    day date NOT NULL,
    close_ticks bigint NOT NULL,
    PRIMARY KEY (instrument_id, day)
);
CREATE TABLE IF NOT EXISTS {s}.windows (
    id text PRIMARY KEY,
    instrument_id text NOT NULL REFERENCES {s}.instruments (id),
    schedule text NOT NULL,
    opens_at double precision NOT NULL,
    closes_at double precision NOT NULL,
    confirm_until double precision NOT NULL,
    status text NOT NULL,
    closing_price_ticks bigint,
    matched_bids integer NOT NULL DEFAULT 0,
    matched_asks integer NOT NULL DEFAULT 0,
    closing_time double precision,
    modified double precision NOT NULL
);
CREATE INDEX IF NOT EXISTS windows_instrument ON {s}.windows (instrument_id, opens_at);
CREATE INDEX IF NOT EXISTS windows_status ON {s}.windows (status);
CREATE TABLE IF NOT EXISTS {s}.orders (
    id text PRIMARY KEY,
    client_id text NOT NULL,
    account_id text NOT NULL,
    instrument_id text NOT NULL REFERENCES {s}.instruments (id),
    side text NOT NULL,
    term text NOT NULL,
    price_ticks bigint NOT NULL,
    units bigint NOT NULL,
    filled bigint NOT NULL DEFAULT 0,
    status text NOT NULL,
    priority bigint NOT NULL,
    idempotency_key text NOT NULL,
    request_hash text NOT NULL,
    created double precision NOT NULL,
    modified double precision NOT NULL,
    UNIQUE (client_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS orders_account ON {s}.orders (client_id, account_id, created);
CREATE INDEX IF NOT EXISTS orders_instrument ON {s}.orders (instrument_id, priority);
CREATE TABLE IF NOT EXISTS {s}.executions (
    seq bigserial UNIQUE,
    id text PRIMARY KEY,
    instrument_id text NOT NULL REFERENCES {s}.instruments (id),
    window_id text NOT NULL REFERENCES {s}.windows (id),
    bid_order_id text NOT NULL REFERENCES {s}.orders (id),
    ask_order_id text NOT NULL REFERENCES {s}.orders (id),
    buyer_client text NOT NULL,
    buyer_account text NOT NULL,
    seller_client text NOT NULL,
    seller_account text NOT NULL,
    price_ticks bigint NOT NULL,
    units bigint NOT NULL,
    aggressor text NOT NULL,
    status text NOT NULL,
    buyer_confirmed boolean NOT NULL DEFAULT false,
    seller_confirmed boolean NOT NULL DEFAULT false,
    void_reason text,
    created double precision NOT NULL,
    modified double precision NOT NULL
);
CREATE INDEX IF NOT EXISTS executions_window ON {s}.executions (window_id, seq);
CREATE INDEX IF NOT EXISTS executions_instrument ON {s}.executions (instrument_id, seq);
CREATE TABLE IF NOT EXISTS {s}.commands (
    seq bigserial PRIMARY KEY,
    instrument_id text NOT NULL,
    client_id text,
    body jsonb NOT NULL,
    at double precision NOT NULL
);
CREATE TABLE IF NOT EXISTS {s}.tokens (
    token_hash text PRIMARY KEY,
    client_id text NOT NULL,
    expires_at double precision NOT NULL,
    revoked boolean NOT NULL DEFAULT false,
    created double precision NOT NULL
);
CREATE TABLE IF NOT EXISTS {s}.webhook_events (
    seq bigserial PRIMARY KEY,
    id text NOT NULL UNIQUE,
    topic text NOT NULL,
    client_id text,
    resource_id text NOT NULL,
    body text NOT NULL,
    status text NOT NULL DEFAULT 'pending',
    due_at double precision NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    last_status integer,
    last_error text,
    delivered_at double precision
);
CREATE INDEX IF NOT EXISTS webhook_events_due ON {s}.webhook_events (due_at) WHERE status = 'pending';
"""

_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def dsn(url: str) -> str:
    """An asyncpg DSN from a SQLAlchemy-style URL (``postgresql+asyncpg://`` works too)."""
    return re.sub(r"^postgresql\+\w+://", "postgresql://", url)


def _ssl(url: str) -> bool | None:
    """No TLS to a database on this machine (asyncpg would negotiate it: ~1 ms per statement); else the URL's."""
    host = urlsplit(dsn(url)).hostname or ""
    return False if host in ("127.0.0.1", "localhost", "::1") and "sslmode" not in url else None


def ddl(schema: str) -> str:
    if not _SCHEMA_NAME.match(schema):
        raise ValueError(f"invalid schema name {schema!r}")
    return DDL.format(s=schema)


async def _keep(conn: asyncpg.Connection) -> None:
    """No reset between uses (the default costs a round trip per release): the ATS sets no session state."""


async def connect(url: str, schema: str, *, synchronous_commit: bool = False, min_size: int = 2,
                  max_size: int = 10) -> asyncpg.Pool:
    """A pool whose connections resolve unqualified names in ``schema``; the schema and tables exist after it.

    ``synchronous_commit`` off (the default): a commit does not wait for its WAL flush. A crash of the providers
    process loses nothing committed; a crash of the PostgreSQL server itself may lose the last fraction of a
    second of commits (never half a command). On, every commit waits for the disk.
    """
    conn = await asyncpg.connect(dsn(url), ssl=_ssl(url))
    try:
        await conn.execute("SELECT pg_advisory_lock(hashtext($1))", f"ats-ddl-{schema}")
        try:
            await conn.execute(ddl(schema))
        finally:
            await conn.execute("SELECT pg_advisory_unlock(hashtext($1))", f"ats-ddl-{schema}")
    finally:
        await conn.close()
    settings = {"search_path": schema, "synchronous_commit": "on" if synchronous_commit else "off"}
    pool = await asyncpg.create_pool(dsn(url), min_size=min_size, max_size=max_size, server_settings=settings,
                                     ssl=_ssl(url), reset=_keep)
    assert pool is not None
    return pool


async def drop(url: str, schema: str) -> None:
    """Drop the whole schema (tests: a fresh ATS per session)."""
    ddl(schema)  # validates the name
    conn = await asyncpg.connect(dsn(url), ssl=_ssl(url))
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()
