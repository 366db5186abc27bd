"""The per-process ATS sandbox schemas of the tests (the sandbox keeps its book in a PostgreSQL schema of the test
database): `ats_<kind>_<pid>_<hex>`, so two test runs on one database never share one, and a run killed before its
teardown leaves a schema whose process is gone — the next session drops those (`drop_stale`)."""

from __future__ import annotations

import os
import re
import uuid
from pathlib import Path

from sqlalchemy import Connection, text

_NAME = re.compile(r"^ats_(?P<kind>[a-z]+)_(?P<pid>[0-9]+)_[0-9a-f]{6}$")


def schema_for(kind: str) -> str:
    """A fresh schema name for this process; `kind` (lower-case letters) says which tests own it."""
    return f"ats_{kind}_{os.getpid()}_{uuid.uuid4().hex[:6]}"


def drop_stale(conn: Connection) -> list[str]:
    """Drops the per-process schemas whose process is gone (a live session's are kept); answers their names."""
    names = [n for (n,) in conn.execute(text("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'ats\\_%'"))]
    stale = [n for n in names if (m := _NAME.match(n)) and not Path(f"/proc/{m['pid']}").exists()]
    for name in stale:
        conn.execute(text(f'DROP SCHEMA "{name}" CASCADE'))
    return stale
