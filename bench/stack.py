"""A throwaway stack for benchmarks: Temporal (SDK-started dev server, or with temporal="pg" the production shape's
server on PostgreSQL: scripts/temporal_pg.py on fresh databases vitrine_temporal_bench[_visibility]), Redis,
PostgreSQL database vitrine_bench, providers, api(s) and worker(s) as processes (the load generator runs apart from
the worker, as in production)."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

from temporalio.client import Client
from temporalio.testing import WorkflowEnvironment

from bench.cpu import TEMPORAL_PG_DB, children
from clients.temporal import data_converter
from clients.temporal_server import dev_server_args
from config import Settings
from scripts.temporal_pg import TemporalPg
from workflows import search_attributes as sa

ROOT = Path(__file__).resolve().parent.parent
DB = "postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/vitrine_bench"
REDIS_PORT, API_PORT, PROVIDERS_PORT = 6392, 8030, 8130


def wait_port(port: int) -> None:
    for _ in range(2400):  # 2 min: a loaded machine starts the providers (and their ATS) slowly
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit(f"port {port} did not open")


def start_processes(env: dict[str, str], workers: int = 1, apis: int = 1) -> list[subprocess.Popen[bytes]]:
    """Redis, providers, api (`apis` processes behind its one port: uvicorn's workers, as production scales out
    behind its proxy), then `workers` worker processes on the one task queue. uvicorn's supervisor kills a worker
    that does not answer its health check within 5 s by default — on a loaded machine (load 16) the likely end of
    one run: an api request answered "Server disconnected without sending a response" — so 120 s here."""
    py = sys.executable
    scaled = ["--workers", str(apis), "--timeout-worker-healthcheck", "120"] if apis > 1 else []
    subprocess.run([py, "-m", "alembic", "-c", "store/alembic.ini", "upgrade", "head"], cwd=ROOT, env=env, check=True)
    procs = [
        subprocess.Popen(["redis-server", "--port", str(REDIS_PORT), "--save", "", "--bind", "127.0.0.1"],
                         stdout=subprocess.DEVNULL),
        subprocess.Popen([py, "-m", "uvicorn", "providers.app:app", "--port", str(PROVIDERS_PORT), "--log-level",
                          "warning", "--no-access-log"], cwd=ROOT, env=env),
        subprocess.Popen([py, "-m", "uvicorn", "api.app:app", "--port", str(API_PORT), "--log-level", "warning",
                          "--no-access-log", *scaled], cwd=ROOT, env=env),
        *(subprocess.Popen([py, "-m", "worker"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL) for _ in range(workers)),  # as in production
    ]
    try:
        for port in (REDIS_PORT, PROVIDERS_PORT, API_PORT):
            wait_port(port)
    except SystemExit:
        for p in procs:  # nothing left running
            p.terminate()
            p.wait()
        raise
    return procs


class BenchStack:
    api_url = f"http://127.0.0.1:{API_PORT}"
    providers_url = f"http://127.0.0.1:{PROVIDERS_PORT}"

    def __init__(self, env: dict[str, str] | None = None, workers: int = 1, temporal: str = "dev",
                 apis: int = 1) -> None:
        self.extra_env = env or {}  # a benchmark's own settings (e.g. the ATS's) for every process
        self.workers, self.apis = workers, apis
        self.temporal = temporal  # "dev": the CLI's dev server (SQLite in memory); "pg": the server on PostgreSQL
        self.env: WorkflowEnvironment | None = None
        self.pg: TemporalPg | None = None

    async def __aenter__(self) -> BenchStack:
        if self.temporal == "pg":
            self.pg = TemporalPg(TEMPORAL_PG_DB, fresh=True)
            address = await asyncio.to_thread(self.pg.start)
            self.client: Client = await Client.connect(address, namespace="default",
                                                       data_converter=data_converter(Settings()))
        else:
            self.env = await WorkflowEnvironment.start_local(
                data_converter=data_converter(Settings()), dev_server_existing_path=str(ROOT / ".tools/bin/temporal"),
                search_attributes=sa.ALL, dev_server_log_level="error",
                dev_server_extra_args=dev_server_args())
            self.client = self.env.client
        target = self.client.service_client.config.target_host
        self.settings = Settings(database_url=DB, redis_url=f"redis://127.0.0.1:{REDIS_PORT}/0", temporal_address=target,
                                 providers_url=f"http://127.0.0.1:{PROVIDERS_PORT}", task_queue="vitrine-bench",
                                 registration_rate_limit=100_000, login_rate_limit=100_000)
        env = {**os.environ, "VITRINE_DATABASE_URL": DB, "VITRINE_REDIS_URL": self.settings.redis_url,
               "VITRINE_TEMPORAL_ADDRESS": target, "VITRINE_PROVIDERS_URL": self.settings.providers_url,
               "VITRINE_TASK_QUEUE": "vitrine-bench", "VITRINE_REGISTRATION_RATE_LIMIT": "100000",
               "PROVIDERS_DB_PATH": str(ROOT / ".data/providers-bench.sqlite3"),
               "PROVIDERS_WEBHOOK_URL": f"{self.api_url}/api/webhooks/payments/",
               "PROVIDERS_ESIGN_WEBHOOK_URL": f"{self.api_url}/api/webhooks/esign/", **self.extra_env}
        self.procs = start_processes(env, self.workers, self.apis)
        return self

    def processes(self) -> dict[str, list[int]]:
        """The stack's own processes by what they are (bench/cpu.py adds the Temporal server and PostgreSQL)."""
        redis, providers, api, *workers = self.procs
        return {"redis": [redis.pid], "providers (ATS)": [providers.pid], "api": [api.pid, *children(api.pid)],
                "worker": [w.pid for w in workers]}

    async def __aexit__(self, et: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None) -> None:
        redis, providers, api, *workers = self.procs
        for p in (*workers, providers, api, redis):  # the providers stop before the api their webhooks go to
            p.terminate()
            p.wait()
        if self.env is not None:
            await self.env.shutdown()
        if self.pg is not None:
            await asyncio.to_thread(self.pg.stop)
