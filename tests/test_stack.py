"""The throwaway (e2e) stack starts from nothing. Its Temporal dev server keeps no workflows between runs; the
database used to be kept, so an order an earlier browser run left open stayed SUBMITTED in the order list with no
workflow behind it — /app/orders showed it for good, and the browser test's cancel seemed not to remove the order
(the row it then saw was the earlier run's)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from psycopg import sql

from scripts.stack import Profile, Stack, recreate_database
from tests.conftest import TEST_DB


@pytest.fixture
def scratch_url() -> Iterator[str]:
    """A database of its own next to the test database (dropped afterwards)."""
    parts = urlsplit(TEST_DB)
    url = urlunsplit(parts._replace(path=parts.path + "_stack"))
    yield url
    admin = urlunsplit(parts._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(urlsplit(url).path.lstrip("/"))))


def _plain(url: str) -> str:
    return url.replace("+asyncpg", "")


def _leftover_order(url: str) -> None:
    with psycopg.connect(_plain(url), autocommit=True) as conn:
        conn.execute("CREATE TABLE trading_orders (id text primary key, status text)")
        conn.execute("INSERT INTO trading_orders VALUES ('from-an-earlier-run', 'SUBMITTED')")


def _tables(url: str) -> list[str]:
    with psycopg.connect(_plain(url)) as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
    return [r[0] for r in rows]


def test_recreate_database_leaves_nothing_of_an_earlier_run(scratch_url: str) -> None:
    recreate_database(scratch_url)  # created when missing
    _leftover_order(scratch_url)
    with psycopg.connect(_plain(scratch_url)):  # a session still open (an api left running) does not stop it
        recreate_database(scratch_url)
    assert _tables(scratch_url) == []


def test_a_throwaway_stack_resets_its_database_and_files(scratch_url: str, tmp_path: Path) -> None:
    stack = Stack(Profile("stack-test", 1, 2, 3, 4, 5, 0, "unused", persistent=False), echo=False)
    providers_db, uploads = tmp_path / "providers.sqlite3", tmp_path / "uploads"
    stack.env.update({"VITRINE_DATABASE_URL": scratch_url, "PROVIDERS_DB_PATH": str(providers_db),
                      "VITRINE_UPLOADS_DIR": str(uploads)})
    recreate_database(scratch_url)
    _leftover_order(scratch_url)
    providers_db.write_text("an earlier run's customers")
    uploads.mkdir()
    (uploads / "id.png").write_bytes(b"x")

    stack.reset()

    assert _tables(scratch_url) == []
    assert not providers_db.exists()
    assert not uploads.exists()
