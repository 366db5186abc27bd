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
from pathlib import Path

from clients.temporal_server import dev_server_args
from config import Settings
from scripts.stack import PY, TEMPORAL, Profile, Stack, http_ok, port_open, wait_for
from tests.conftest import free_port
from workflows.search_attributes import cli_args

PG_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"))[-1] if Path("/usr/lib/postgresql").exists() else Path("/")
QUEUE = "vitrine-chaos"
APIS, WORKERS = ("api-a", "api-b"), ("worker-a", "worker-b")
# how each process is asked to stop: PostgreSQL's fast shutdown is SIGINT (SIGTERM waits for every client)
STOP_SIGNAL = {"postgres": signal.SIGINT}


class ChaosStack(Stack):
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="vitrine-chaos-"))
        self.root.chmod(0o755)  # the postgres user reaches its data folder through it
        self.ports = {name: free_port() for name in ("postgres", "redis", "temporal", "temporal-http", "providers",
                                                     *APIS)}
        p = self.ports
        super().__init__(Profile("chaos", p["api-a"], p["providers"], p["temporal"], 0, p["redis"], 0, "vitrine",
                                 persistent=False), echo=False)
        self.logs = self.root / "logs"
        self.logs.mkdir()
        self.hook = self.root / "hook"
        self.hook.mkdir()
        self.database_url = f"postgresql+asyncpg://vitrine:vitrine@127.0.0.1:{p['postgres']}/vitrine"
        self.env.update({
            "VITRINE_DATABASE_URL": self.database_url, "VITRINE_TASK_QUEUE": QUEUE, "VITRINE_FRONTEND_DIST": "",
            "VITRINE_FAULT_HOOK_DIR": str(self.hook), "VITRINE_UPLOADS_DIR": str(self.root / "uploads"),
            "PROVIDERS_DB_PATH": str(self.root / "providers.sqlite3"),
            # the webhooks go to api B, the browser starts on api A: neither may hold state of its own
            "PROVIDERS_WEBHOOK_URL": f"http://127.0.0.1:{p['api-b']}/api/webhooks/payments/",
            "PROVIDERS_ESIGN_WEBHOOK_URL": f"http://127.0.0.1:{p['api-b']}/api/webhooks/esign/",
            "PROVIDERS_MICRO_DEPOSIT_DELAY_SECONDS": "1", "PROVIDERS_TRANSFER_SETTLE_SECONDS": "1.5",
            "PROVIDERS_WEBHOOK_DELAY_SECONDS": "0.1", "PROVIDERS_WEBHOOK_RETRY_BASE_SECONDS": "0.5",
            "PROVIDERS_WEBHOOK_RETRY_MAX_SECONDS": "2", "VITRINE_TRANSFER_POLL_SECONDS": "1",
            "VITRINE_MICRO_DEPOSIT_POLL_SECONDS": "1", "VITRINE_LOGIN_RATE_LIMIT": "100000",
            "VITRINE_REGISTRATION_RATE_LIMIT": "100000",
            # the ATS on this stack's own PostgreSQL; the order tests' demo hours (tests/trading/order_harness.py),
            # moved by the clock admin call; the order workflow polls every second, sale proceeds at once
            "PROVIDERS_ATS_DATABASE_URL": f"postgresql://vitrine:vitrine@127.0.0.1:{p['postgres']}/vitrine",
            "PROVIDERS_ATS_DEMO_POST_ONLY_SECONDS": "100", "PROVIDERS_ATS_DEMO_OPEN_SECONDS": "100",
            "PROVIDERS_ATS_DEMO_CONFIRMATION_SECONDS": "50", "PROVIDERS_ATS_DEMO_MARKET": "false",
            "VITRINE_ORDER_POLL_SECONDS": "1", "VITRINE_TRADE_PROCEEDS_DELAY_SECONDS": "0"})
        self.settings = Settings(
            env="chaos", database_url=self.database_url, redis_url=self.env["VITRINE_REDIS_URL"],
            temporal_address=self.env["VITRINE_TEMPORAL_ADDRESS"], providers_url=self.env["VITRINE_PROVIDERS_URL"],
            task_queue=QUEUE)
        pg = self.root / "pg"
        self.commands: dict[str, list[str]] = {
            # setpriv execs postgres itself (initdb and postgres refuse root), so its pid is the postmaster's
            "postgres": ["setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups", str(PG_BIN / "postgres"),
                         "-D", str(pg / "data"), "-p", str(p["postgres"]), "-k", str(pg), "-c", "listen_addresses=127.0.0.1",
                         "-c", "fsync=off", "-c", "max_connections=300"],
            # as in production (docker-compose.yml): an append-only file, so a restart keeps revoked tokens
            "redis": ["redis-server", "--port", str(p["redis"]), "--bind", "127.0.0.1", "--dir", str(self.root),
                      "--appendonly", "yes", "--save", ""],
            "temporal": [TEMPORAL, "server", "start-dev", "--ip", "127.0.0.1", "--port", str(p["temporal"]),
                         "--http-port", str(p["temporal-http"]), "--headless", "--log-level", "warn",
                         "--db-filename", str(self.root / "temporal.db"), *cli_args(),
                         *dev_server_args()],
            "providers": [PY, "-m", "uvicorn", "providers.app:app", "--host", "127.0.0.1", "--port", str(p["providers"]),
                          "--no-access-log"],
            **{name: [PY, "-m", "uvicorn", "api.app:app", "--host", "127.0.0.1", "--port", str(p[name]),
                      "--no-access-log"] for name in APIS},
            **{name: [PY, "-m", "worker"] for name in WORKERS},
        }

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
            self.procs = [(n, p) for n, p in self.procs if n != name]
            self.start(name, self.commands[name])
        for name in names if wait else ():
            self.ready(name)

    def ready(self, name: str) -> None:
        port = self.ports.get(name)
        if name == "postgres":
            ready = [str(PG_BIN / "pg_isready"), "-q", "-U", "postgres", "-h", "127.0.0.1", "-p", str(port)]
            wait_for(name, lambda: subprocess.call(ready) == 0)
        elif name in APIS:
            wait_for(name, lambda: http_ok(f"{self.url(name)}/api/health"))
        elif name == "providers":
            wait_for(name, lambda: http_ok(f"{self.url(name)}/health"))
        elif port is not None:
            wait_for(name, lambda: port_open(port))
        elif name in WORKERS:
            log = self.logs / f"{name}.log"
            mark = f"worker polling task queue {QUEUE}"
            wait_for(name, lambda: log.exists() and log.read_text().count(mark) >= self._starts(name))

    def _starts(self, name: str) -> int:
        return sum(1 for line in (self.logs / "launches.log").read_text().splitlines() if line == name)

    def start(self, name: str, cmd: list[str], cwd: Path | None = None) -> None:
        with open(self.logs / "launches.log", "a") as f:
            f.write(f"{name}\n")
        super().start(name, cmd) if cwd is None else super().start(name, cmd, cwd)

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
        self.launch("redis", "temporal", wait=False)
        pg = self.root / "pg"
        pg.mkdir()
        shutil.chown(pg, "postgres", "postgres")
        subprocess.run(["setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups", str(PG_BIN / "initdb"),
                        "-D", str(pg / "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8"],
                       check=True, stdout=subprocess.DEVNULL)
        self.launch("postgres")
        sql = "CREATE ROLE vitrine LOGIN PASSWORD 'vitrine'; CREATE DATABASE vitrine OWNER vitrine;"
        for statement in sql.split(";")[:2]:
            subprocess.run(["psql", "-q", "-h", "127.0.0.1", "-p", str(self.ports["postgres"]), "-U", "postgres",
                            "-c", statement], check=True)
        self.launch("providers", wait=False)
        self.run_once("migrate", [PY, "-m", "alembic", "-c", "store/alembic.ini", "upgrade", "head"])
        self.run_once("seed", [PY, "-m", "store.seed"])
        self.ready("redis")
        self.ready("temporal")
        self.launch(*APIS, "worker-a", wait=False)
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
        """Everything but the logs (kept for a failure's post-mortem; /tmp is cleared at boot)."""
        for item in self.root.iterdir():
            if item != self.logs:
                shutil.rmtree(item, ignore_errors=True) if item.is_dir() else item.unlink()
