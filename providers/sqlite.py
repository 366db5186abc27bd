"""A tiny sqlite3 helper: one short-lived connection per unit of work, WAL mode, tables created once.

Each provider module declares its own ``SCHEMA`` (a sequence of idempotent DDL statements, and
:class:`AddColumn` steps for columns added to tables an older database already has); the app hands their
union to :class:`Storage`. Tables are created on the first connection, so importing the app touches no disk.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class AddColumn:
    """A schema step: add ``column`` (``definition``: its type and default) to ``table`` when it is missing."""

    table: str
    column: str
    definition: str

    def apply(self, conn: sqlite3.Connection) -> None:
        columns = {row["name"] for row in conn.execute(f"PRAGMA table_info({self.table})")}
        if self.column not in columns:
            conn.execute(f"ALTER TABLE {self.table} ADD COLUMN {self.column} {self.definition}")


SchemaStep = str | AddColumn


class Storage:
    def __init__(self, path: str | Path, schema: Sequence[SchemaStep] = ()) -> None:
        self.path = Path(path)
        self._schema = tuple(schema)
        self._ready = False
        self._lock = threading.Lock()

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=15.0, isolation_level=None, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    def initialize(self) -> None:
        """Create the database file, switch it to WAL and create the tables (idempotent)."""
        with self._lock:
            if self._ready:
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = self._open()
            try:
                conn.execute("PRAGMA journal_mode = WAL")
                conn.execute("BEGIN IMMEDIATE")
                for step in self._schema:
                    if isinstance(step, AddColumn):
                        step.apply(conn)
                    else:
                        conn.execute(step)
                conn.execute("COMMIT")
            finally:
                conn.close()
            self._ready = True

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A connection inside ``BEGIN IMMEDIATE`` … ``COMMIT`` (rolled back on error), then closed."""
        self.initialize()
        conn = self._open()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        finally:
            conn.close()

    @contextmanager
    def reader(self) -> Iterator[sqlite3.Connection]:
        """A connection for reads (autocommit; WAL gives each statement a consistent snapshot)."""
        self.initialize()
        conn = self._open()
        try:
            yield conn
        finally:
            conn.close()
