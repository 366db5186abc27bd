"""The providers' storage keeps a finished unit of work's connection for the next (providers/sqlite.py), and never
one that could still hold an old snapshot or a transaction."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from providers.sqlite import Storage

SCHEMA = ("CREATE TABLE IF NOT EXISTS t (x INTEGER NOT NULL)",)


def count(storage: Storage) -> int:
    with storage.reader() as conn:
        return int(conn.execute("SELECT count(*) FROM t").fetchone()[0])


def test_a_finished_unit_of_work_hands_its_connection_to_the_next(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "p.sqlite3", SCHEMA)
    with storage.transaction() as conn:
        conn.execute("INSERT INTO t VALUES (1)")
        first = conn
    with storage.reader() as conn:
        assert conn is first
        assert [tuple(r) for r in conn.execute("SELECT x FROM t")] == [(1,)]


def test_a_cursor_left_unfinished_never_makes_a_later_read_stale(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "p.sqlite3", SCHEMA)
    with storage.transaction() as conn:
        conn.executemany("INSERT INTO t VALUES (?)", [(1,), (2,), (3,)])
    kept = []
    with storage.reader() as conn:
        cursor = conn.execute("SELECT x FROM t")
        cursor.fetchone()  # the SELECT is unfinished: its read snapshot stays on this connection
        kept.append(cursor)
        leaky = conn
    other = sqlite3.connect(storage.path)  # another process's write
    with other:
        other.execute("INSERT INTO t VALUES (4)")
    other.close()
    with storage.reader() as conn:
        assert conn is not leaky
        assert conn.execute("SELECT count(*) FROM t").fetchone()[0] == 4  # the write is seen
    assert kept


def test_a_failed_transaction_is_rolled_back_and_the_next_starts_clean(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "p.sqlite3", SCHEMA)
    with pytest.raises(ValueError), storage.transaction() as conn:
        conn.execute("INSERT INTO t VALUES (1)")
        raise ValueError("refused")
    with storage.transaction() as conn:
        assert conn.execute("SELECT count(*) FROM t").fetchone()[0] == 0  # nothing of the failed one
        conn.execute("INSERT INTO t VALUES (2)")
    assert count(storage) == 1
    storage.close()
    assert count(storage) == 1  # closed idle connections: the storage opens a new one
