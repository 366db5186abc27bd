"""Test harness on the real services: PostgreSQL (database vitrine_test), Redis (its own server on a test port),
the Temporal dev server (started by the SDK from .tools/bin/temporal), the providers over real HTTP, and the worker
in-process. A running `make dev` stack is not disturbed: every port and database differs."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import AsyncIterator, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from scripts.ports import free_port as free_port  # outside the ephemeral range, reserved across processes
from store.sync_url import sync_url
from tests import heap
from tests.waiting import DEADLINE, eventually_sync

# The product (api, worker, providers, Temporal's SDK, SQLAlchemy) is imported where a fixture first needs it, not
# here: pytest-xdist's controller loads this file too, alone on one core before any worker starts, and runs no test.
if TYPE_CHECKING:
    import httpx
    from temporalio.client import Client
    from temporalio.testing import WorkflowEnvironment
    from temporalio.worker import Worker

    from api.state import AppState
    from config import PasswordProfile, Settings
    from providers.settings import ProvidersSettings

# Hypothesis in `make test` replays: the same examples on every run (derandomize, no example database), no deadline
# and no too-slow health check (a machine's speed fails nothing), a failure's reproduction blob printed.
# `make explore` runs `--hypothesis-profile=explore`: new examples every run, more of them.
hypothesis_settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True,
                                     suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.register_profile("explore", deadline=None, print_blob=True, max_examples=1000,
                                     suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
# pytest-xdist's worker ("gw0", "gw1", ...; "" in a plain run): each worker is a session of its own, with a database,
# a Redis, a Temporal server, providers and a task queue of its own, so two workers never see each other's data
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")


def _worker_database(url: str) -> str:
    """The test database of this worker: `vitrine_test` in a plain run, `vitrine_test_gw1` under xdist."""
    if not WORKER:
        return url
    base, _, name = url.rpartition("/")
    return f"{base}/{name}_{WORKER}"



def password_hash_profile() -> PasswordProfile:
    """The settings fixture's argon2id cost (see there)."""
    from store.passwords import RECOMMENDED, TEST_ONLY_CHEAP

    return RECOMMENDED if os.environ.get("VITRINE_TEST_PASSWORD_HASH_PROFILE") == RECOMMENDED else TEST_ONLY_CHEAP

# overridable so two test sessions (e.g. two people on one machine) do not share a database or Redis
TEST_DB = _worker_database(os.environ.get("VITRINE_TEST_DB", "postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/vitrine_test"))
REDIS_PORT = free_port() if WORKER else int(os.environ.get("VITRINE_TEST_REDIS_PORT", "6390"))


API_PORT = free_port()  # the api served over HTTP for the providers' webhooks (see `served_api`)


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


# --- a stack's folder (logs, databases) stays when it failed ------------------------------------------------------
FAILED = pytest.StashKey[set[str]]()  # the ids of this session's tests that failed (in any phase)
KEPT = pytest.StashKey[list[str]]()  # folders kept since the last report, which carries them (to xdist's controller)
kept_lines: list[str] = []  # every kept folder, said again at the end of the run


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed:
        item.session.stash.setdefault(FAILED, set()).add(item.nodeid)
    pending = item.config.stash.setdefault(KEPT, [])
    report.user_properties += [("stack kept", line) for line in pending]
    pending.clear()
    return report


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    kept_lines.extend(str(value) for name, value in report.user_properties if name == "stack kept")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The kept folders, where the CI log shows them (scripts/ci_summary.py repeats these lines)."""
    for line in kept_lines:
        terminalreporter.write_line(line)


@contextmanager
def kept_on_failure(request: pytest.FixtureRequest, folder: Path, holds: str, tests: str) -> Iterator[None]:
    """Around a stack's fixture: its folder stays for the post-mortem when the stack did not start (or stop) or a
    test whose id starts with `tests` failed; it is removed, all of it, when everything passed."""
    try:
        yield
    except BaseException:
        _keep(request, folder, holds)
        raise
    if any(test.startswith(tests) for test in request.session.stash.get(FAILED, set())):
        _keep(request, folder, holds)
    else:
        shutil.rmtree(folder, ignore_errors=True)


def _keep(request: pytest.FixtureRequest, folder: Path, holds: str) -> None:
    request.config.stash.setdefault(KEPT, []).append(f"[stack] kept {folder} ({holds}) for the failure")


@pytest.fixture(scope="session")
def redis_server() -> Iterator[str]:
    proc = None
    if not port_open(REDIS_PORT):
        proc = subprocess.Popen(["redis-server", "--port", str(REDIS_PORT), "--bind", "127.0.0.1", "--save", "",
                                 "--appendonly", "no"], stdout=subprocess.DEVNULL)
        eventually_sync(lambda: port_open(REDIS_PORT), interval=0.05)
    subprocess.run(["redis-cli", "-p", str(REDIS_PORT), "flushall"], check=True, stdout=subprocess.DEVNULL)
    yield f"redis://127.0.0.1:{REDIS_PORT}/0"
    if proc:
        proc.terminate()
        proc.wait()


def create_database(url: str) -> None:
    """Creates the database of ``url`` when it is missing (an xdist worker's), through the server's `postgres`
    database with the same credentials (the vitrine role may create databases: scripts/postgres.sh)."""
    from sqlalchemy import create_engine, text

    base, _, name = sync_url(url).rpartition("/")
    admin = create_engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as c:
            if c.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).scalar() is None:
                c.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()


def pytest_configure(config: pytest.Config) -> None:
    """An xdist worker's database is made here, before any test runs: a module may reach TEST_DB before any fixture
    asks for the `database` (tests/trading/order_harness.py keeps its ATS's schema there), so it is not dropped later.
    It is a copy of the migrated template (scripts/stack_probes.py: Alembic runs once per set of migrations on this
    server, not in every worker of every run)."""
    if WORKER:
        from scripts.stack_probes import migrated_database

        migrated_database(TEST_DB)


# the longest groups, longest first (a gate run's per-worker timeline, docs/testing.md stop 36: seconds of a worker
# each), handed out first under xdist so that the run ends on short modules, none of these alone on one worker
LONGEST_FIRST = [
    "chaos",  # 196 s
    "tests/api/test_schemathesis.py",  # 86
    "tests/flows/test_purchase_faults.py",  # 50
    "tests/test_dev_stack.py",  # 36
    "tests/trading/test_trading_chaos.py",  # 32
    "tests/providers/payments/test_customers.py",  # 29
    "tests/flows/test_funding.py",  # 27
    "tests/api/test_worker_down.py",  # 26
    "tests/flows/test_faults.py",  # 24
    "tests/workflows/test_replay.py",  # 21
    "tests/trading/test_order_paths.py",  # 20
    "tests/flows/test_asset_notices.py",  # 20
    "tests/flows/test_purchase_race.py",  # 19
    "tests/trading/test_order_workflow.py",  # 19
    "tests/flows/test_live_updates.py",  # 17
]


def _group(item: pytest.Item) -> str:
    path = item.nodeid.split("::")[0]
    return "chaos" if path.startswith("tests/chaos/") else path


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    """The garbage collector paused while the suite is imported and collected, the result frozen (tests/heap.py)."""
    with heap.collecting():
        return (yield)


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which turns the groups into the scopes it hands out
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under pytest-xdist (`make test-python`: `-n 3 --dist loadgroup --no-loadscope-reorder`), a module's tests stay on
    one worker (its module fixtures start once), the chaos package's on one worker (one stack of processes; its PII
    scan reads what the others left), and the longest groups go first. A plain run keeps the collection's order."""
    for item in items:
        item.add_marker(pytest.mark.xdist_group(_group(item)))
    if WORKER:
        rank = {group: i for i, group in enumerate(LONGEST_FIRST)}
        items.sort(key=lambda item: rank.get(_group(item), len(rank)))  # stable: a group keeps its own order


@pytest.fixture(scope="session")
def database() -> str:
    """A fresh schema built by the Alembic migrations (the demo data is the `seeded` fixture's): an xdist worker's
    whole database was copied from the migrated template at its start (pytest_configure); a plain run's vitrine_test
    gets a fresh public schema, migrated here."""
    if WORKER:
        return TEST_DB
    from sqlalchemy import create_engine, text

    from tests.ats_schemas import drop_stale

    create_database(TEST_DB)
    engine = create_engine(sync_url(TEST_DB))
    with engine.begin() as c:
        c.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public; GRANT ALL ON SCHEMA public TO vitrine"))
        drop_stale(c)  # the ATS schemas of killed test runs
    engine.dispose()
    subprocess.run([str(ROOT / ".venv/bin/alembic"), "-c", "store/alembic.ini", "-x", f"url={TEST_DB}", "upgrade", "head"],
                   cwd=ROOT, check=True)
    return TEST_DB


@dataclass
class Providers:
    url: str
    settings: ProvidersSettings


def off_hours(url: str, key: str) -> None:
    """Moves the session ATS's clock (market calendar, real time) to the coming weekend when today is a weekday, so no
    window opens during the run: what an order call may do must not depend on the hour the suite runs at (a cancel
    is refused while trading is live, spec doc 3 §4.4). Live trading is tested on the frozen-clock market of
    tests/trading/order_harness.py."""
    import httpx

    from domain.trading.market_calendar import EASTERN

    now = datetime.now(EASTERN)
    if now.weekday() >= 5:
        return
    saturday = (now + timedelta(days=5 - now.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    r = httpx.post(f"{url}/sandbox/ats/clock", json={"advanceSeconds": (saturday - now).total_seconds()},
                   headers={"X-Provider-Key": key}, timeout=DEADLINE)
    assert r.status_code == 200, r.text


@pytest.fixture(scope="session")
def providers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Providers]:
    import uvicorn

    from providers.app import create_app as create_providers_app
    from providers.ats.db import drop as drop_ats_schema
    from providers.settings import ProvidersSettings

    port = free_port()
    asyncio.run(drop_ats_schema(TEST_DB, "ats"))  # the ATS: schema ats of the test database, fresh per session
    ps = ProvidersSettings(db_path=str(tmp_path_factory.mktemp("providers") / "p.sqlite3"),
                           public_url=f"http://127.0.0.1:{port}", webhook_url=f"http://127.0.0.1:{API_PORT}/api/webhooks/payments/",
                           esign_webhook_url=f"http://127.0.0.1:{API_PORT}/api/webhooks/esign/",
                           ats_database_url=TEST_DB, ats_db_schema="ats", ats_market_maker=False,
                           ats_webhook_url=f"http://127.0.0.1:{API_PORT}/api/webhooks/ats/",
                           micro_deposit_delay_seconds=1, transfer_settle_seconds=2, document_review_seconds=1,
                           webhook_delay_seconds=0.1, webhook_retry_base_seconds=0.5, webhook_retry_max_seconds=2)
    server = uvicorn.Server(uvicorn.Config(create_providers_app(ps), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    eventually_sync(lambda: port_open(port), interval=0.05)
    off_hours(f"http://127.0.0.1:{port}", ps.api_key)
    yield Providers(f"http://127.0.0.1:{port}", ps)
    server.should_exit = True
    thread.join(5)


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    """An S3-compatible server over real HTTP (moto's server mode, in a thread of this process) for the S3 document
    store (store/document_files.S3Bucket); each test makes its own bucket (`s3_settings`)."""
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    eventually_sync(lambda: port_open(port), interval=0.05)
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def s3_settings(settings: Settings, s3_endpoint: str) -> Settings:
    """The test settings with statements' files in a fresh bucket of the S3 server."""
    import boto3
    from pydantic import SecretStr

    bucket = f"vitrine-documents-{uuid.uuid4().hex[:8]}"
    s3 = settings.model_copy(update={
        "documents_store": "s3", "documents_bucket": bucket, "documents_s3_endpoint": s3_endpoint,
        "documents_s3_region": "us-east-1", "documents_s3_access_key": "test-key",
        "documents_s3_secret_key": SecretStr("test-secret")})
    boto3.client("s3", endpoint_url=s3_endpoint, region_name="us-east-1", aws_access_key_id="test-key",
                 aws_secret_access_key="test-secret").create_bucket(Bucket=bucket)
    return s3


@pytest.fixture(scope="session")
def settings(database: str, redis_server: str, providers: Providers) -> Settings:
    from config import Settings

    return Settings(
        env="test", database_url=database, redis_url=redis_server, providers_url=providers.url,
        app_url="http://app.test", task_queue=f"vitrine-test-{uuid.uuid4().hex[:6]}",
        login_rate_limit=5, registration_rate_limit=10_000, reset_rate_limit=3, jwt_lifetime_seconds=120,
        mail_rate_limit=3, code_rate_limit=6,  # per account; per client address: every test calls from 127.0.0.1
        login_ip_rate_limit=10_000, reset_ip_rate_limit=10_000, mail_ip_rate_limit=10_000, code_ip_rate_limit=10_000,
        ops_token="test-ops-token", transfer_poll_seconds=1, micro_deposit_poll_seconds=1,
        market_refresh_seconds=0,  # the catalogue keeps its seeded market fields; tests refresh on purpose
        notice_check_seconds=0,  # "Notify me": tests check on purpose (api/notice_trigger.check)
        documents_dir=tempfile.mkdtemp(prefix="vitrine-documents-"),  # statements' PDFs: a folder of this run
        # argon2id at its cheapest cost: thousands of sign-ups and logins, each a quarter of a second of CPU at the
        # product's cost (tests/store/test_passwords.py holds the product's cost and the refusal outside tests);
        # VITRINE_TEST_PASSWORD_HASH_PROFILE=rfc9106-low-memory runs the suite at the product's cost
        password_hash_profile=password_hash_profile(),
    )


@pytest.fixture(scope="session")
async def temporal_env() -> AsyncIterator[WorkflowEnvironment]:
    from temporalio.testing import WorkflowEnvironment

    from clients.temporal import data_converter
    from clients.temporal_server import dev_server_args
    from config import Settings
    from workflows import search_attributes as sa

    env = await WorkflowEnvironment.start_local(
        data_converter=data_converter(Settings()),
        dev_server_existing_path=str(ROOT / ".tools/bin/temporal"), search_attributes=sa.ALL,
        port=free_port(),  # from the reserved pool, not the kernel's ephemeral range (scripts/ports.py)
        dev_server_log_level="error", dev_server_extra_args=dev_server_args(),
    )
    yield env
    await env.shutdown()


@pytest.fixture(scope="session")
async def seeded(settings: Settings) -> None:
    from store.seed import main as seed_main

    await seed_main(settings)


@pytest.fixture(scope="session")
async def worker(temporal_env: WorkflowEnvironment, settings: Settings, seeded: None) -> AsyncIterator[Worker]:
    from worker.build import build_worker, worker_resources

    async with worker_resources(settings) as resources:
        w = build_worker(temporal_env.client, settings, resources)
        async with w:
            yield w


@pytest.fixture(scope="session")
async def app_state(settings: Settings, temporal_env: WorkflowEnvironment, worker: Worker) -> AsyncIterator[AppState]:
    from api.state import AppState

    state = AppState.create(settings)
    state._temporal = temporal_env.client
    yield state
    await state.close()


@pytest.fixture(scope="session")
async def api(app_state: AppState) -> AsyncIterator[httpx.AsyncClient]:
    import httpx

    from api.app import create_app

    app = create_app(app_state.settings)
    app.state.vitrine = app_state
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as client:
        yield client


@pytest.fixture(scope="session")
async def temporal_client(temporal_env: WorkflowEnvironment) -> Client:
    return temporal_env.client


@pytest.fixture
async def sandbox(providers: Providers) -> AsyncIterator[httpx.AsyncClient]:
    import httpx

    from clients.http import tls_context

    async with httpx.AsyncClient(base_url=providers.url, verify=tls_context()) as client:
        yield client


def unique_email(prefix: str = "user") -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}@example.com"


async def wait_for_mail(sandbox: httpx.AsyncClient, to: str, count: int = 1, wait: float = DEADLINE) -> list[dict[str, Any]]:
    deadline = time.monotonic() + wait
    while True:
        mails: list[dict[str, Any]] = (await sandbox.get("/sandbox/mail", params={"to": to})).json()
        if len(mails) >= count or time.monotonic() > deadline:
            return mails
        await asyncio.sleep(0.1)


@contextmanager
def serve_api(settings: Settings, temporal_env: WorkflowEnvironment, port: int) -> Iterator[str]:
    """An api over real HTTP in its own thread and event loop (with its own resources: database pool, Redis,
    Temporal client), so a blocking caller does not stall the test loop where the worker runs."""
    import uvicorn

    from api.app import create_app

    target = temporal_env.client.service_client.config.target_host
    app = create_app(settings.model_copy(update={"temporal_address": target}))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    eventually_sync(lambda: port_open(port), interval=0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(5)


@pytest.fixture(scope="session")
def served_api(settings: Settings, temporal_env: WorkflowEnvironment, worker: Worker) -> Iterator[str]:
    """The api over real HTTP, where the providers' webhooks arrive."""
    with serve_api(settings, temporal_env, API_PORT) as url:
        yield url
