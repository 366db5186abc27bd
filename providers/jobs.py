"""Durable scheduled events (``scheduled_events``): what the background processor applies when due.

State changes insert their follow-ups (micro-deposit arrival, transfer settlement, document review,
webhook delivery) in the same transaction, so a restart loses nothing. Times are epoch seconds; a job
applied at its due time uses that due time as its logical "now", so a processor that was down applies
events with the timestamps they should have had.
"""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime
from typing import NamedTuple

SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS scheduled_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        ref TEXT NOT NULL,
        due_at REAL NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        last_error TEXT,
        created TEXT NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS scheduled_events_due ON scheduled_events (state, due_at)",
)

MICRO_DEPOSITS_ARRIVE = "microdeposits_arrive"
TRANSFER_SETTLE = "transfer_settle"
DOCUMENT_REVIEW = "document_review"
WEBHOOK = "webhook"


class Job(NamedTuple):
    id: int
    kind: str
    ref: str
    due_at: float


def now_epoch() -> float:
    return time.time()


def iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).isoformat()


def schedule(conn: sqlite3.Connection, kind: str, ref: str, due_at: float) -> int:
    cur = conn.execute(
        "INSERT INTO scheduled_events (kind, ref, due_at, created) VALUES (?, ?, ?, ?)",
        (kind, ref, due_at, iso(now_epoch())),
    )
    return int(cur.lastrowid or 0)


def due_jobs(conn: sqlite3.Connection, now: float, *, webhooks: bool, limit: int = 100) -> list[Job]:
    op = "=" if webhooks else "<>"
    rows = conn.execute(
        f"SELECT id, kind, ref, due_at FROM scheduled_events WHERE state = 'pending' AND kind {op} ? AND due_at <= ?"
        " ORDER BY due_at, id LIMIT ?",
        (WEBHOOK, now, limit),
    ).fetchall()
    return [Job(int(r["id"]), str(r["kind"]), str(r["ref"]), float(r["due_at"])) for r in rows]


def claim(conn: sqlite3.Connection, job: Job, now: float, *, lease_until: float | None = None) -> bool:
    """Take ``job`` (mark it done, or push it to ``lease_until`` while a webhook is in flight)."""
    if lease_until is None:
        cur = conn.execute("UPDATE scheduled_events SET state = 'done' WHERE id = ? AND state = 'pending'", (job.id,))
    else:
        cur = conn.execute(
            "UPDATE scheduled_events SET due_at = ? WHERE id = ? AND state = 'pending' AND due_at <= ?",
            (lease_until, job.id, now),
        )
    return cur.rowcount == 1


def finish(conn: sqlite3.Connection, job_id: int, *, state: str = "done", error: str | None = None) -> None:
    conn.execute("UPDATE scheduled_events SET state = ?, last_error = ? WHERE id = ?", (state, error, job_id))


def reschedule(conn: sqlite3.Connection, job_id: int, due_at: float, error: str | None) -> None:
    conn.execute(
        "UPDATE scheduled_events SET due_at = ?, last_error = ?, state = 'pending' WHERE id = ?",
        (due_at, error, job_id),
    )
