"""The whole stack as separate OS processes, as in production — its own PostgreSQL cluster, Redis and Temporal dev
server (file database), the providers, two apis and the worker(s) — any of which a test may kill, pause or restart.
Process supervision, logs and the environment are scripts/stack.py's; only the ports, the folders and the
infrastructure's own instances differ. Nothing here touches the machine's PostgreSQL cluster or Redis."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Collection
from pathlib import Path

from clients.temporal_server import dev_server_args
from config import Settings
from scripts.ports import free_port
from scripts.stack import PY, ROOT, TEMPORAL, Stack
from scripts.stack_probes import http_ok, redis_ping
from scripts.stack_profiles import Profile
from scripts.temporal_pg import TemporalPg
from store.passwords import TEST_ONLY_CHEAP
from workflows.search_attributes import cli_args

PG_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"))[-1] if Path("/usr/lib/postgresql").exists() else Path("/")
QUEUE = "vitrine-chaos"
# the activities' start-to-close here (the product's 30 s and 60 s): a killed or paused worker's activity goes to
# another worker after seconds
ACTIVITY_TIMEOUT, INVEST_TIMEOUT = 8.0, 12.0
# the server's default workflow-task timeout (10 s; nothing here sets a workflow's own): a workflow task a killed
# worker had started, or one handed to a paused worker's open poll, goes to another worker after 5 s. A healthy task
# takes milliseconds (the SDK's deadlock detector fails one that runs 2 s); one that times out is simply retried.
# 5 s, not the 3 s measured first: the chaos package runs beside the gate's other pytest workers on a saturated machine
WORKFLOW_TASK_TIMEOUT = "5s"
APIS, WORKERS = ("api-a", "api-b"), ("worker-a", "worker-b")
# each service's ports (keys of ChaosStack.ports)
PORTS = {"postgres": ("postgres",), "redis": ("redis",), "temporal": ("temporal", "temporal-http"),
         "providers": ("providers",), **{name: (name,) for name in APIS}}
# VITRINE_CHAOS_TEMPORAL=pg (make chaos-temporal-pg): the Temporal server of the production shape on PostgreSQL
# (scripts/temporal_pg.py: the machine's cluster, fresh databases of its own) instead of the dev server on a file
TEMPORAL_PG = os.environ.get("VITRINE_CHAOS_TEMPORAL") == "pg"
TEMPORAL_PG_DB = "vitrine_temporal_chaos"
# how each process is asked to stop: PostgreSQL's fast shutdown is SIGINT (SIGTERM waits for every client)
STOP_SIGNAL = {"postgres": signal.SIGINT}


class ChaosStack(Stack):
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="vitrine-chaos-"))
        self.root.chmod(0o755)  # the postgres user reaches its data folder through it
        self.ports = {port: free_port() for ports in PORTS.values() for port in ports}
        super().__init__(self._profile(), echo=False)
        self.logs = self.root / "logs"
        self.logs.mkdir()
        self.hook = self.root / "hook"
        self.hook.mkdir()
        self.starting = False
        self.temporal_pg = TemporalPg(TEMPORAL_PG_DB, fresh=True) if TEMPORAL_PG else None
        self.env.update({
            "VITRINE_TASK_QUEUE": QUEUE, "VITRINE_FRONTEND_DIST": "",
            "VITRINE_FAULT_HOOK_DIR": str(self.hook), "VITRINE_UPLOADS_DIR": str(self.root / "uploads"),
            "PROVIDERS_DB_PATH": str(self.root / "providers.sqlite3"),
            "PROVIDERS_MICRO_DEPOSIT_DELAY_SECONDS": "1", "PROVIDERS_TRANSFER_SETTLE_SECONDS": "1.5",
            "PROVIDERS_WEBHOOK_DELAY_SECONDS": "0.1", "PROVIDERS_WEBHOOK_RETRY_BASE_SECONDS": "0.5",
            "PROVIDERS_WEBHOOK_RETRY_MAX_SECONDS": "2", "VITRINE_TRANSFER_POLL_SECONDS": "1",
            "VITRINE_MICRO_DEPOSIT_POLL_SECONDS": "1", "VITRINE_LOGIN_RATE_LIMIT": "100000",
            "VITRINE_REGISTRATION_RATE_LIMIT": "100000", "VITRINE_PASSWORD_HASH_PROFILE": TEST_ONLY_CHEAP,
            # the order tests' demo hours (tests/trading/order_harness.py), moved by the clock admin call; the order
            # workflow polls every second, sale proceeds at once
            "PROVIDERS_ATS_DEMO_POST_ONLY_SECONDS": "100", "PROVIDERS_ATS_DEMO_OPEN_SECONDS": "100",
            "PROVIDERS_ATS_DEMO_CONFIRMATION_SECONDS": "50", "PROVIDERS_ATS_DEMO_MARKET": "false",
            "VITRINE_ORDER_POLL_SECONDS": "1", "VITRINE_TRADE_PROCEEDS_DELAY_SECONDS": "0",
            "VITRINE_ACTIVITY_TIMEOUT_SECONDS": str(ACTIVITY_TIMEOUT), "VITRINE_INVEST_TIMEOUT_SECONDS": str(INVEST_TIMEOUT),
            # a task for a workflow the killed (or paused) worker had cached goes to the other worker 1 s later, not
            # 10 s (as the fault tests' WorkerProcess): the recovery the tests prove is the same, sooner
            "VITRINE_WORKER_STICKY_TIMEOUT_SECONDS": "1",
            # one activity poll open a worker, not the SDK's five: a paused worker takes at most one activity task,
            # which goes to the other worker after its start-to-close, instead of up to five in a row
            "VITRINE_WORKER_ACTIVITY_POLLS": "1",
            # no statements of last month at each worker start (make dev's and the browser stack's catch-up, the
            # product's default off): the chaos tests make none, and every restarted worker would start them again
            "VITRINE_STATEMENTS_CATCH_UP": "false"})

    def _profile(self) -> Profile:
        p = self.ports
        return Profile("chaos", p["api-a"], p["providers"], p["temporal"], 0, p["redis"], 0, "vitrine",
                       persistent=False, ports_chosen=True)

    @property
    def database_url(self) -> str:
        return f"postgresql+asyncpg://vitrine:vitrine@127.0.0.1:{self.ports['postgres']}/vitrine"

    @property
    def settings(self) -> Settings:
        return Settings(
            env="chaos", database_url=self.database_url, redis_url=self.env["VITRINE_REDIS_URL"],
            temporal_address=self.env["VITRINE_TEMPORAL_ADDRESS"], providers_url=self.env["VITRINE_PROVIDERS_URL"],
            task_queue=QUEUE, password_hash_profile=TEST_ONLY_CHEAP)

    def port_env(self) -> dict[str, str]:
        p = self.ports
        return {
            **super().port_env(),
            "VITRINE_DATABASE_URL": self.database_url,
            # the webhooks go to api B, the browser starts on api A: neither may hold state of its own
            "PROVIDERS_WEBHOOK_URL": f"http://127.0.0.1:{p['api-b']}/api/webhooks/payments/",
            "PROVIDERS_ESIGN_WEBHOOK_URL": f"http://127.0.0.1:{p['api-b']}/api/webhooks/esign/",
            # the ATS on this stack's own PostgreSQL
            "PROVIDERS_ATS_DATABASE_URL": f"postgresql://vitrine:vitrine@127.0.0.1:{p['postgres']}/vitrine",
        }

    def command(self, name: str) -> list[str]:
        p, pg = self.ports, self.root / "pg"
        if name == "postgres":
            # setpriv execs postgres itself (initdb and postgres refuse root), so its pid is the postmaster's
            return ["setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups", str(PG_BIN / "postgres"),
                    "-D", str(pg / "data"), "-p", str(p["postgres"]), "-k", str(pg), "-c", "listen_addresses=127.0.0.1",
                    "-c", "fsync=off", "-c", "max_connections=300"]
        if name == "redis":
            # as in production (docker-compose.yml): an append-only file, so a restart keeps revoked tokens
            return ["redis-server", "--port", str(p["redis"]), "--bind", "127.0.0.1", "--dir", str(self.root),
                    "--appendonly", "yes", "--save", ""]
        if name == "temporal" and self.temporal_pg is not None:  # the same ports and databases on a restart
            return self.temporal_pg.command(p["temporal"], p["temporal-http"])
        if name == "temporal":
            return [TEMPORAL, "server", "start-dev", "--ip", "127.0.0.1", "--port", str(p["temporal"]),
                    "--http-port", str(p["temporal-http"]), "--headless", "--log-level", "warn",
                    "--db-filename", str(self.root / "temporal.db"), *cli_args(), *dev_server_args(),
                    "--dynamic-config-value", f'history.defaultWorkflowTaskTimeout="{WORKFLOW_TASK_TIMEOUT}"']
        if name == "providers":
            return [PY, "-m", "uvicorn", "providers.app:app", "--host", "127.0.0.1", "--port", str(p["providers"]),
                    "--no-access-log"]
        if name in APIS:
            return [PY, "-m", "uvicorn", "api.app:app", "--host", "127.0.0.1", "--port", str(p[name]), "--no-access-log"]
        if name in WORKERS:
            return [PY, "-m", "worker"]
        raise KeyError(name)

    def probe(self, name: str) -> Callable[[], object]:
        if name == "postgres":
            return lambda: subprocess.call([str(PG_BIN / "pg_isready"), "-q", "-U", "postgres", "-h", "127.0.0.1",
                                            "-p", str(self.ports["postgres"])]) == 0
        if name in ("providers", *APIS):
            return lambda: http_ok(f"{self.url(name)}/{'health' if name == 'providers' else 'api/health'}")
        if name == "redis":
            return lambda: redis_ping(self.ports["redis"])
        if name == "temporal":  # its HTTP API answers once the frontend serves (its gRPC port alone may be another's)
            return lambda: http_ok(f"http://127.0.0.1:{self.ports['temporal-http']}/api/v1/system-info")
        if name in WORKERS:
            log, mark = self.logs / f"{name}.log", f"worker polling task queue {QUEUE}"
            return lambda: log.exists() and log.read_text().count(mark) >= self._starts(name)
        raise KeyError(name)

    def service_ports(self, name: str) -> list[int]:
        return [self.ports[port] for port in PORTS.get(name, ())]

    def choose_ports(self, name: str) -> None:
        self.ports.update({port: free_port() for port in PORTS[name]})
        self.p = self._profile()

    def apps(self) -> tuple[str, ...]:
        return ("providers", *APIS, *WORKERS)

    def watched(self, name: str) -> Collection[str] | None:
        return None if self.starting else (name,)  # once up, a test may have stopped another on purpose

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.ports[name]}"

    # --- processes by name -------------------------------------------------------------------------------------
    def proc(self, name: str) -> subprocess.Popen[bytes]:
        return next(p for n, p in self.procs if n == name)

    def running(self, name: str) -> bool:
        return any(n == name and p.poll() is None for n, p in self.procs)

    def launch(self, *names: str, wait: bool = True) -> None:
        """Starts these processes together and waits until each is ready."""
        for name in names:
            self.relaunch(name)
        for name in names if wait else ():
            self.ready(name)

    def _starts(self, name: str) -> int:
        return sum(1 for line in (self.logs / "launches.log").read_text().splitlines() if line == name)

    def start(self, name: str, cmd: list[str], cwd: Path = ROOT) -> None:
        with open(self.logs / "launches.log", "a") as f:
            f.write(f"{name}\n")
        super().start(name, cmd, cwd)

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        proc = self.proc(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        proc.wait(30)

    def signal(self, name: str, sig: int) -> None:
        os.killpg(self.proc(name).pid, sig)

    def restart(self, name: str, sig: int, down_seconds: float = 0.0) -> float:
        """Stops `name` with `sig`, keeps it down `down_seconds`, starts it again; returns the downtime (s)."""
        t = time.monotonic()
        self.kill(name, sig)
        time.sleep(down_seconds)
        self.launch(name)
        return time.monotonic() - t

    # --- the whole stack ---------------------------------------------------------------------------------------
    def up(self) -> None:
        """Everything that does not need the database starts while PostgreSQL is made, migrated and seeded (the
        providers, whose ATS keeps its books there, right after PostgreSQL)."""
        self.starting = True
        try:
            self._up()
        finally:
            self.starting = False

    def _up(self) -> None:
        if self.temporal_pg is not None:
            self.run_once("temporal-pg-prepare", ["env", f"TEMPORAL_PG_DB={TEMPORAL_PG_DB}", "bash",
                                                 str(ROOT / "scripts/temporal_pg.sh"), "--prepare", "--fresh"])
        self.launch("redis", "temporal", wait=False)
        pg = self.root / "pg"
        pg.mkdir()
        shutil.chown(pg, "postgres", "postgres")
        self.run_once("initdb", ["setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups",
                                 str(PG_BIN / "initdb"), "-D", str(pg / "data"), "-U", "postgres", "--auth=trust",
                                 "-E", "UTF8"])
        self.launch("postgres")
        self.run_once("psql", ["psql", "-q", "-h", "127.0.0.1", "-p", str(self.ports["postgres"]), "-U", "postgres",
                               "-c", "CREATE ROLE vitrine LOGIN PASSWORD 'vitrine'", "-c",
                               "CREATE DATABASE vitrine OWNER vitrine"])
        self.launch("providers", wait=False)
        self.run_once("migrate", [PY, "-m", "alembic", "-c", "store/alembic.ini", "upgrade", "head"])
        # the apis read and write per request: they start while the categories are loaded (not the demo data: every
        # chaos test makes its own assets and investors, and the worker then starts no demo offering's workflow)
        self.launch(*APIS, wait=False)
        self.run_once("seed", [PY, "-m", "store.seed", "--categories"])
        self.ready("redis")
        self.ready("temporal")
        if self.temporal_pg is not None:
            self.temporal_pg.register()  # namespace default and the search attributes (the dev server's flags)
        self.launch("worker-a", wait=False)
        for name in ("providers", *APIS, "worker-a"):
            self.ready(name)

    def stop(self) -> None:
        """The apps first, then the services they use; whatever does not stop within 8 s is killed."""
        for group in (["providers", *WORKERS, *APIS], ["temporal", "redis", "postgres"]):
            live = [(name, self.proc(name)) for name in group if self.running(name)]
            for name, proc in live:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGCONT)  # a paused process could not stop
                    os.killpg(proc.pid, STOP_SIGNAL.get(name, signal.SIGTERM))
            deadline = time.monotonic() + 8
            for _, proc in live:
                try:
                    proc.wait(max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()

    def remove(self) -> None:
        """All of it (logs, databases): the run passed. A failed one keeps it (tests/chaos/conftest.py)."""
        shutil.rmtree(self.root, ignore_errors=True)
