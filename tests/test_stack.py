"""The throwaway (e2e) stack starts from nothing. Its Temporal dev server keeps no workflows between runs; the
database used to be kept, so an order an earlier browser run left open stayed SUBMITTED in the order list with no
workflow behind it — /app/orders showed it for good, and the browser test's cancel seemed not to remove the order
(the row it then saw was the earlier run's).

A stack that does not start says why: the process that exited, its code and its log's last lines, at once rather than
after the wait's timeout. Its ports come from outside the kernel's ephemeral range (scripts/ports.py), and a service
whose port was taken between the choice and its bind moves to a fresh one."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from alembic.script import ScriptDirectory
from psycopg2 import sql

from scripts import ports
from scripts.stack import Stack
from scripts.stack_probes import StackStartError, migrated_database, pg_cursor, recreate_database, redis_ping
from scripts.stack_profiles import Profile
from tests.chaos.stack import ChaosStack
from tests.conftest import ROOT, TEST_DB, free_port


@pytest.fixture
def scratch_url() -> Iterator[str]:
    """A database of its own next to the test database (dropped afterwards)."""
    parts = urlsplit(TEST_DB)
    url = urlunsplit(parts._replace(path=parts.path + "_stack"))
    yield url
    admin = urlunsplit(parts._replace(path="/postgres"))
    with pg_cursor(admin) as cur:
        cur.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
            sql.Identifier(urlsplit(url).path.lstrip("/"))))


def _leftover_order(url: str) -> None:
    with pg_cursor(url) as cur:
        cur.execute("CREATE TABLE trading_orders (id text primary key, status text)")
        cur.execute("INSERT INTO trading_orders VALUES ('from-an-earlier-run', 'SUBMITTED')")


def _tables(url: str) -> list[str]:
    with pg_cursor(url) as cur:
        cur.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        return [r[0] for r in cur.fetchall()]


def test_recreate_database_leaves_nothing_of_an_earlier_run(scratch_url: str) -> None:
    recreate_database(scratch_url)  # created when missing
    _leftover_order(scratch_url)
    with pg_cursor(scratch_url):  # a session still open (an api left running) does not stop it
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


def test_a_throwaway_stack_starts_from_a_copy_of_the_migrated_schema(scratch_url: str, tmp_path: Path) -> None:
    stack = Stack(Profile("stack-test", 1, 2, 3, 4, 5, 0, "unused", persistent=False), echo=False)
    stack.logs = tmp_path
    stack.env.update({"VITRINE_DATABASE_URL": scratch_url, "PROVIDERS_DB_PATH": str(tmp_path / "providers.sqlite3"),
                      "VITRINE_UPLOADS_DIR": str(tmp_path / "uploads")})
    recreate_database(scratch_url)
    _leftover_order(scratch_url)
    with pg_cursor(scratch_url):  # a session still open does not stop it
        template = migrated_database(scratch_url)  # the template exists (built now if it did not)
        stack.reset(migrated=True)
    with pg_cursor(scratch_url) as cur:
        cur.execute("SELECT count(*) FROM trading_orders")
        assert cur.fetchone() == (0,)  # the migrations' table, empty: nothing of the earlier run
        cur.execute("SELECT version_num FROM alembic_version")
        version = cur.fetchone()
    assert version == (ScriptDirectory(str(ROOT / "store/migrations")).get_current_head(),)
    assert template.startswith("vitrine_tpl_")  # never connected to here: another run may be copying it


# --- a failed start names its cause ---------------------------------------------------------------------------------
def _within(seconds: float, call: Callable[[], object]) -> BaseException | None:
    """What `call` raised (None if nothing), failing the test if it still runs after `seconds`."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            outcome.append(None)
        except BaseException as e:  # handed to the test
            outcome.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still waiting after {seconds}s"
    return outcome[0]


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    """A stack of no services of its own: the test starts its processes, logged in tmp_path."""
    stack = Stack(Profile("stack-test", 1, 2, 3, 4, 5, 0, "unused", persistent=False, ports_chosen=True), echo=False)
    stack.logs = tmp_path
    yield stack
    stack.stop()


def test_a_process_that_exits_fails_the_wait_at_once_with_its_code_and_log(stack: Stack) -> None:
    stack.start("boom", ["sh", "-c", "echo starting; echo boom-marker; exit 3"])

    error = _within(30, lambda: stack.wait_for("boom", lambda: False, timeout=600))  # not the timeout: the exit

    assert isinstance(error, StackStartError), error
    message = str(error)
    assert message.startswith("[stack] boom exited with code 3"), message
    assert str(stack.logs / "boom.log") in message
    assert "     boom | boom-marker" in message.splitlines()
    assert error.process == "boom"


def test_a_timeout_and_a_failed_step_show_their_logs_tail(stack: Stack) -> None:
    stack.start("slow", ["sh", "-c", "for i in $(seq 1 60); do echo line-$i; done; sleep 30"])
    time.sleep(0.5)
    with pytest.raises(StackStartError) as timeout:
        stack.wait_for("slow", lambda: False, timeout=0.5)
    lines = str(timeout.value).splitlines()
    assert lines[0].startswith("[stack] slow did not come up within 0s"), lines[0]
    assert lines[1:] == [f"     slow | line-{i}" for i in range(21, 61)]  # the last 40

    with pytest.raises(StackStartError) as failed:
        stack.run_once("migrate", ["sh", "-c", "echo relation-missing; exit 2"])
    assert str(failed.value).splitlines() == [
        f"[stack] migrate failed: it exited with code 2 (log: {stack.logs / 'migrate.log'}); its last 1 lines:",
        "  migrate | relation-missing"]


# --- ports that cannot be taken ---------------------------------------------------------------------------------------
@pytest.fixture
def locks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(ports, "LOCKS", tmp_path / "locks")
    return tmp_path / "locks"


def _listening(port: int) -> socket.socket:
    s = socket.socket()
    s.bind(("127.0.0.1", port))
    s.listen()
    return s


def test_the_allocator_skips_a_bound_port_and_a_live_owners_and_takes_a_dead_owners(
        locks: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    low, high = ports.pool()
    assert high < ports.ephemeral_range()[0] or low > ports.ephemeral_range()[1]
    bound = next(p for p in range(low, high) if ports.wanted(p) and ports.bindable(p))
    other = next(p for p in range(bound + 1, high) if ports.wanted(p) and ports.bindable(p))
    dead = next(p for p in range(other + 1, high) if ports.wanted(p) and ports.bindable(p))
    gone = subprocess.Popen(["true"])
    gone.wait()
    locks.mkdir()
    (locks / f"{other}.lock").write_text(str(os.getppid()))  # a live process reserved it
    (locks / f"{dead}.lock").write_text(str(gone.pid))  # a process that died reserved it
    candidates = iter([bound, other, dead])
    monkeypatch.setattr(ports, "choose", lambda low, high: next(candidates))

    with _listening(bound):
        port = ports.free_port()

    assert port == dead
    assert (locks / f"{dead}.lock").read_text() == str(os.getpid())
    ports.release([dead])
    assert not (locks / f"{dead}.lock").exists() and dead not in ports.held


def test_a_service_whose_port_was_taken_before_it_bound_moves_to_a_fresh_one(stack: Stack) -> None:
    taken = free_port()
    stack.p = replace(stack.p, redis=taken)
    stack.env.update(stack.port_env())
    stack.redis_dir.mkdir(parents=True, exist_ok=True)
    try:
        with _listening(taken):  # whoever took it between the choice and redis-server's bind
            stack.start("redis", stack.command("redis"))
            error = _within(30, lambda: stack.ready("redis", timeout=20))
        assert error is None, error
        assert stack.p.redis != taken
        assert redis_ping(stack.p.redis)
        assert stack.env["VITRINE_REDIS_URL"] == f"redis://127.0.0.1:{stack.p.redis}/0"
        assert "ddress already in use" in (stack.logs / "redis.log").read_text()
    finally:
        shutil.rmtree(stack.redis_dir, ignore_errors=True)


def test_the_chaos_stack_moves_a_service_with_everything_that_names_its_port() -> None:
    chaos = ChaosStack()
    try:
        before = dict(chaos.ports)
        chaos.choose_ports("api-b")
        chaos.choose_ports("postgres")
        env = chaos.port_env()
        assert chaos.ports["api-b"] != before["api-b"] and chaos.ports["postgres"] != before["postgres"]
        assert str(chaos.ports["api-b"]) in chaos.command("api-b")
        assert env["PROVIDERS_WEBHOOK_URL"] == f"http://127.0.0.1:{chaos.ports['api-b']}/api/webhooks/payments/"
        assert str(chaos.ports["postgres"]) in chaos.command("postgres")
        assert chaos.settings.database_url == env["VITRINE_DATABASE_URL"] == chaos.database_url
        assert f":{chaos.ports['postgres']}/" in env["PROVIDERS_ATS_DATABASE_URL"]
        chaos.choose_ports("redis")
        assert chaos.p.redis == chaos.ports["redis"] and str(chaos.p.redis) in chaos.command("redis")
    finally:
        chaos.remove()
