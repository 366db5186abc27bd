"""A tiny sqlite3 helper: one connection per unit of work at a time, kept for the next one, WAL mode, tables created once.

Each provider module declares its own ``SCHEMA`` (a sequence of idempotent DDL statements, and
:class:`AddColumn` steps for columns added to tables an older database already has); the app hands their
union to :class:`Storage`. Tables are created on the first connection, so importing the app touches no disk.

A fresh connection reads and parses the whole schema at its first statement (≈ 1.3 ms of CPU with the providers'
tables, against ≈ 0.01 ms for a transaction on an open one), and the background processor opens two every
0.2 s. So a finished unit of work hands its connection back to a few idle ones for the next, unless anything of it
may still hold a snapshot: an open transaction, or a cursor that outlived the work (an unfinished SELECT keeps its
read snapshot on the connection, and the next unit of work would read that old snapshot). Such a connection is
closed, as every connection was before.
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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
IDLE_CONNECTIONS = 4  # kept open for the next units of work; more at once open and close as before


class _Connection(sqlite3.Connection):
    """A connection that remembers the cursors it made, to tell whether one outlived its unit of work."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, timeout=15.0, isolation_level=None, check_same_thread=False)
        self.cursors: weakref.WeakSet[sqlite3.Cursor] = weakref.WeakSet()

    def _cursor(self) -> sqlite3.Cursor:
        cur: sqlite3.Cursor = self.cursor()
        return cur

    def cursor(self, factory: Any = None) -> Any:
        cur = super().cursor() if factory is None else super().cursor(factory)
        self.cursors.add(cur)
        return cur

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        return self._cursor().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> sqlite3.Cursor:
        return self._cursor().executemany(sql, parameters)

    def executescript(self, sql_script: str, /) -> sqlite3.Cursor:
        return self._cursor().executescript(sql_script)

    @property
    def reusable(self) -> bool:
        """Nothing of the last unit of work holds a snapshot: no transaction open, no cursor of it still alive."""
        return not self.in_transaction and not self.cursors


class Storage:
    def __init__(self, path: str | Path, schema: Sequence[SchemaStep] = ()) -> None:
        self.path = Path(path)
        self._schema = tuple(schema)
        self._ready = False
        self._lock = threading.Lock()
        self._idle: list[_Connection] = []
        self._idle_lock = threading.Lock()

    def _open(self) -> _Connection:
        conn = _Connection(self.path)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    def _take(self) -> _Connection:
        self.initialize()
        with self._idle_lock:
            if self._idle:
                return self._idle.pop()
        return self._open()

    def _give_back(self, conn: _Connection) -> None:
        if conn.reusable:
            with self._idle_lock:
                if len(self._idle) < IDLE_CONNECTIONS:
                    self._idle.append(conn)
                    return
        conn.close()

    def close(self) -> None:
        """Close the idle connections (the app's shutdown); the storage still opens new ones when used again."""
        with self._idle_lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

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
        """A connection inside ``BEGIN IMMEDIATE`` … ``COMMIT`` (rolled back on error), then given back."""
        conn = self._take()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        finally:
            self._give_back(conn)

    @contextmanager
    def reader(self) -> Iterator[sqlite3.Connection]:
        """A connection for reads (autocommit; WAL gives each statement a consistent snapshot), then given back."""
        conn = self._take()
        try:
            yield conn
        finally:
            self._give_back(conn)
