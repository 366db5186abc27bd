"""What a stack's start checks and says (scripts/stack.py, tests/chaos/stack.py): whether a service answers on its
port, a process's exit and its log's last lines in one `[stack] ...` message (scripts/ci_summary.py shows it), and
the PostgreSQL helpers that reset a stack's database (empty, or migrated: a copy of a template database the
migrations built once)."""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import os
import re
import signal
import socket
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

TAIL_LINES = 40
# what Redis, Temporal, PostgreSQL and uvicorn log when their port is taken
PORT_TAKEN = re.compile(r"address already in use", re.IGNORECASE)


class StackStartError(RuntimeError):
    """A stack that did not come up. The message starts with `[stack] ` (scripts/ci_summary.py shows it from a CI
    log: keep the words exited / did not come up / failed / in use in it) and holds the cause: the process, its exit
    code, its log and the log's last lines. Not a SystemExit: pytest caches a fixture's Exception, so a package's
    stack that failed is not started again for each of its tests; `main` prints it and exits 1."""

    def __init__(self, message: str, process: str | None = None) -> None:
        super().__init__(message)
        self.process = process  # the service that exited, if one did


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def redis_ping(port: int) -> bool:
    """A Redis answers on the port (an open port alone may be whoever took it); one asking for a password too."""
    with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
        s.sendall(b"PING\r\n")
        return s.recv(16).startswith((b"+PONG", b"-NOAUTH"))


def answers(probe: Callable[[], object]) -> bool:
    try:
        return bool(probe())
    except (OSError, http.client.HTTPException):
        return False


def log_tail(log: Path, since: int = 0, lines: int = TAIL_LINES) -> list[str]:
    """The log's last lines after byte `since` (one launch's), none when there is no log."""
    try:
        with open(log, "rb") as f:
            f.seek(max(since, f.seek(0, os.SEEK_END) - 64 * 1024))
            data = f.read()
    except OSError:
        return []
    return data.decode(errors="replace").splitlines()[-lines:]


def failure(name: str, headline: str, log: Path, since: int = 0) -> str:
    """`[stack] <headline> (log: ...)` and the log's last lines, each as `  <name> | line` (make dev's echo)."""
    tail = log_tail(log, since)
    head = f"[stack] {headline} (log: {log})"
    if not tail:
        return f"{head}; the log is empty"
    return "\n".join([f"{head}; its last {len(tail)} lines:", *(f"{name:>9} | {line}" for line in tail)])


def exit_status(returncode: int) -> str:
    if returncode < 0:
        return f"was killed by {signal.Signals(-returncode).name}"
    return f"exited with code {returncode}"


@contextlib.contextmanager
def pg_cursor(url: str) -> Iterator[Any]:
    """A cursor on ``url`` (the asyncpg URL accepted) over psycopg2, the project's one sync driver, in autocommit;
    the connection closed at the end."""
    import psycopg2

    conn = psycopg2.connect(url.replace("+asyncpg", ""))
    conn.autocommit = True
    try:
        with conn.cursor() as cur:
            yield cur
    finally:
        conn.close()


def recreate_database(url: str) -> None:
    """Drops the database of ``url`` (ending its sessions) and creates it empty, through the server's `postgres`
    database with the same credentials."""
    from psycopg2 import sql

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    with pg_cursor(urlunsplit(parts._replace(path="/postgres"))) as cur:
        cur.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        cur.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


ROOT = Path(__file__).resolve().parent.parent
# what the migrated schema is made of: a change to any of these makes a new template
SCHEMA_SOURCES = ("store/alembic.ini", "store/migrations")
TEMPLATE_PREFIX = "vitrine_tpl_"
TEMPLATES_KEPT = 8  # the newest templates of this server (other clones' migrations) stay; older ones are dropped
TEMPLATE_LOCK = 0x76697472  # the advisory lock that makes one process build a template while others wait


def schema_key() -> str:
    """A hash of the migrations and Alembic's configuration: the migrated schema they build."""
    digest = hashlib.sha256()
    for source in SCHEMA_SOURCES:
        path = ROOT / source
        for f in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(f.relative_to(ROOT).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def migrate_command(url: str) -> list[str]:
    """Alembic's `upgrade head` on the database of `url`, in a process of its own (as `make migrate`)."""
    return [str(ROOT / ".venv/bin/python"), "-m", "alembic", "-c", "store/alembic.ini", "-x", f"url={url}", "upgrade", "head"]


def migrate(url: str) -> None:
    import subprocess

    done = subprocess.run(migrate_command(url), cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"alembic upgrade head failed: it {exit_status(done.returncode)}\n"
                           + "\n".join((done.stdout + done.stderr).splitlines()[-TAIL_LINES:]))


def migrated_database(url: str, build: Callable[[str], None] = migrate) -> str:
    """Drops the database of ``url`` (ending its sessions) and creates it as a copy of the migrated schema: the
    template database `vitrine_tpl_<schema_key()>`, which `build(template_url)` migrated once on this server (the
    first caller builds it while the others wait on an advisory lock; it is renamed into place only once migrated).
    A copy takes a fraction of a second where Alembic's process takes seconds. Answers the template's name."""
    from psycopg2 import sql

    parts = urlsplit(url)
    name, template = parts.path.lstrip("/"), TEMPLATE_PREFIX + schema_key()
    with pg_cursor(urlunsplit(parts._replace(path="/postgres"))) as cur:
        cur.execute("SELECT pg_advisory_lock(%s)", (TEMPLATE_LOCK,))  # released when the connection closes
        cur.execute("SELECT 1 FROM pg_database WHERE datname = %s", (template,))
        if cur.fetchone() is None:
            building = sql.Identifier(f"{template}_new")
            cur.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(building))
            cur.execute(sql.SQL("CREATE DATABASE {}").format(building))
            build(urlunsplit(parts._replace(path=f"/{template}_new")))
            cur.execute(sql.SQL("ALTER DATABASE {} RENAME TO {}").format(building, sql.Identifier(template)))
            cur.execute("SELECT datname FROM pg_database WHERE datname ~ %s AND datname <> %s ORDER BY oid DESC OFFSET %s",
                        (f"^{TEMPLATE_PREFIX}[0-9a-f]{{16}}$", template, TEMPLATES_KEPT - 1))
            for (old,) in cur.fetchall():
                with contextlib.suppress(Exception):  # a template another run copies at this moment stays
                    cur.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(old)))
        cur.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        cur.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template)))
    return template


def http_ok(url: str) -> bool:
    with urllib.request.urlopen(url, timeout=2) as r:  # noqa: S310 (loopback only)
        return bool(r.status == 200)
