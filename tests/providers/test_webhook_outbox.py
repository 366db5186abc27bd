"""The shared webhook outbox: a database from before the e-sign provider keeps its payment events."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from providers.app import SCHEMA
from providers.sqlite import Storage
from providers.webhook_outbox import PAYMENTS, load_event, stored_events

OLD_TABLE = """
CREATE TABLE webhook_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, topic TEXT NOT NULL, resource_id TEXT NOT NULL,
    customer_id TEXT NOT NULL, created TEXT NOT NULL, body TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0, last_status INTEGER, last_error TEXT, delivered_at TEXT
)
"""


def test_an_older_database_gets_the_source_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(OLD_TABLE)
        conn.execute(
            "INSERT INTO webhook_events (id, topic, resource_id, customer_id, created, body) VALUES (?, ?, ?, ?, ?, ?)",
            ("evt_old", "customer_created", "c1", "c1", "2026-01-01T00:00:00+00:00", '{"id": "evt_old"}'),
        )
    storage = Storage(path, SCHEMA)
    storage.initialize()
    [row] = stored_events(storage, PAYMENTS)
    assert (row["id"], row["source"]) == ("evt_old", PAYMENTS)
    event = load_event(storage, "evt_old")
    assert event is not None and event.source == PAYMENTS
    Storage(path, SCHEMA).initialize()  # a second start adds nothing twice
    with storage.reader() as conn:
        columns = [r["name"] for r in conn.execute("PRAGMA table_info(webhook_events)")]
    assert columns.count("source") == 1
