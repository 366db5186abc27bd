"""Runs the whole Vitrine stack locally: Temporal dev server, Redis, migrations + demo data, providers, worker, api
and the frontend. PostgreSQL is the system cluster (scripts/postgres.sh starts it).

    python scripts/stack.py dev                  # the dev stack; Ctrl-C stops everything
    python scripts/stack.py e2e -- CMD ARGS...   # a throwaway stack on test ports, runs CMD, stops, exits with CMD's code
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Collection
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from clients.temporal_server import dev_server_args  # noqa: E402
from scripts.ports import free_port  # noqa: E402
from scripts.stack_probes import (  # noqa: E402
    PORT_TAKEN,
    StackStartError,
    answers,
    exit_status,
    failure,
    http_ok,
    log_tail,
    migrate_command,
    migrated_database,
    port_open,
    recreate_database,
    redis_ping,
)
from scripts.stack_profiles import APPS, PROFILES, SERVICE_PORTS, Profile  # noqa: E402
from store.passwords import TEST_ONLY_CHEAP  # noqa: E402
from workflows.search_attributes import cli_args  # noqa: E402

PY = str(ROOT / ".venv/bin/python")
TEMPORAL = str(ROOT / ".tools/bin/temporal")


class Stack:
    def __init__(self, profile: Profile, echo: bool) -> None:
        self.p, self.echo = profile, echo
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.logs = ROOT / ".data/logs" / profile.name
        self.logs.mkdir(parents=True, exist_ok=True)
        self.pumps: dict[str, threading.Thread] = {}  # each process's log writer, by name (its latest launch)
        self.since: dict[str, int] = {}  # where each process's latest launch begins in its log
        self.cwds: dict[str, Path] = {}
        self.awaited: set[str] = set()  # the services that were ready once
        self.moved: set[str] = set()  # the services that moved to fresh ports (once at most)
        self.env = {
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "VITRINE_ENV": profile.name,
            "VITRINE_DATABASE_URL": f"postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/{profile.database}",
            "PROVIDERS_DB_PATH": str(ROOT / f".data/providers-{profile.name}.sqlite3"),
            # the ATS (providers/ats): schema ats of the same database; demo hours (post-only 60 s, open 120 s,
            # confirmation 45 s, repeating) so every phase shows at any hour; a market maker moves the books
            "PROVIDERS_ATS_DATABASE_URL": f"postgresql://vitrine:vitrine@127.0.0.1:5432/{profile.database}",
            "PROVIDERS_ATS_SCHEDULE": "demo",
            "PROVIDERS_ATS_MARKET_MAKER": "true",
            "PROVIDERS_ATS_TOKEN_TTL_SECONDS": "300",
            # seconds, not days: a person (or a browser test) can go through the whole journey in minutes
            "VITRINE_TRANSFER_POLL_SECONDS": "5",
            "VITRINE_MICRO_DEPOSIT_POLL_SECONDS": "5",
            "VITRINE_UPLOADS_DIR": str(ROOT / f".data/uploads-{profile.name}"),
            # the worker makes last month's statements at start when none exist (My Portfolio → Statements)
            "VITRINE_STATEMENTS_CATCH_UP": "true",
        }
        if profile.settings == "dev":  # the local Temporal Web UI decodes payloads through the api without a token
            self.env["VITRINE_CODEC_OPEN_FOR_LOCAL_UI"] = "true"
            self.env["VITRINE_ATS_CARDS"] = "1"  # the demo shows the /app/ats introduction cards (doc 1's default: 0)
        if profile.settings == "e2e":
            self.env["VITRINE_FRONTEND_DIST"] = str(ROOT / "frontend/dist")
            # every browser test comes from 127.0.0.1: the per-address limits must not end the run
            for name in ("LOGIN", "LOGIN_IP", "REGISTRATION", "RESET_IP", "MAIL_IP", "CODE_IP"):
                self.env[f"VITRINE_{name}_RATE_LIMIT"] = "1000"
            self.env["VITRINE_PASSWORD_HASH_PROFILE"] = TEST_ONLY_CHEAP  # argon2id at its cheapest (store/passwords)
            # browser tests: no market maker moving the books under them (the ATS schema is dropped in up())
            self.env["PROVIDERS_ATS_MARKET_MAKER"] = "false"
            # a deposit settles 3 s after it is made (the funding test sees it Pending first); the workflows poll the
            # provider every second (the webhooks come too)
            self.env.update({"PROVIDERS_MICRO_DEPOSIT_DELAY_SECONDS": "1", "PROVIDERS_TRANSFER_SETTLE_SECONDS": "3",
                             "PROVIDERS_DOCUMENT_REVIEW_SECONDS": "2", "VITRINE_TRANSFER_POLL_SECONDS": "1",
                             "VITRINE_MICRO_DEPOSIT_POLL_SECONDS": "1",
                             # the catalogue's Redis copy lives 2 s, not 15: after a test moved the ATS's clock the
                             # first trading test's asset page showed the old phase 14 s (≈ 0 since). A move to the
                             # open was still seen up to 15 s late: the page read the catalogue before the market
                             # refresher's next pass (≤ 2 s) and kept it until its 15 s refresh; a window's webhook
                             # now starts the pass at once (api/trading/market_refresher.due_now)
                             "VITRINE_CATALOGUE_CACHE_SECONDS": "2",
                             # long demo hours (1 h post-only, 1 h open, 30 min CONFIRMATION) that real time never
                             # crosses during a test: the browser tests move the ATS's clock (POST /sandbox/ats/clock,
                             # frontend/e2e/trading-helpers.mjs's DEMO_HOURS mirrors these) from phase to phase; a
                             # sale's proceeds are cash at once (My Portfolio shows them); orders poll the ATS every
                             # 5 s besides the webhooks
                             "PROVIDERS_ATS_DEMO_POST_ONLY_SECONDS": "3600", "PROVIDERS_ATS_DEMO_OPEN_SECONDS": "3600",
                             "PROVIDERS_ATS_DEMO_CONFIRMATION_SECONDS": "1800", "VITRINE_TRADE_PROCEEDS_DELAY_SECONDS": "0",
                             "VITRINE_ORDER_POLL_SECONDS": "5",
                             # an investor in WA may trade but not buy offerings: the trading-approved popup's browser
                             # test (frontend/e2e/app-start.test.mjs) moves its own investor there; no other test does
                             "VITRINE_IO_CLOSED_STATES": '["WA"]'})
        self.env.update(self.port_env())

    def port_env(self) -> dict[str, str]:
        """The environment that names the services' ports (set again when one moves)."""
        p = self.p
        env = {
            "VITRINE_REDIS_URL": f"redis://127.0.0.1:{p.redis}/0",
            "VITRINE_TEMPORAL_ADDRESS": f"127.0.0.1:{p.temporal}",
            "VITRINE_PROVIDERS_URL": f"http://127.0.0.1:{p.providers}",
            "VITRINE_APP_URL": f"http://localhost:{p.frontend or p.api}",
            "PROVIDERS_WEBHOOK_URL": f"http://127.0.0.1:{p.api}/api/webhooks/payments/",
            "PROVIDERS_ESIGN_WEBHOOK_URL": f"http://127.0.0.1:{p.api}/api/webhooks/esign/",
            "PROVIDERS_PUBLIC_URL": f"http://127.0.0.1:{p.providers}",
            "PROVIDERS_ATS_WEBHOOK_URL": f"http://127.0.0.1:{p.api}/api/webhooks/ats/",
        }
        if p.frontend:
            env["VITE_API_URL"] = f"http://127.0.0.1:{p.api}"
        return env

    @property
    def redis_dir(self) -> Path:
        return ROOT / f".data/redis-{self.p.name}"

    def command(self, name: str) -> list[str]:
        """A service's command, from the ports in force."""
        p = self.p
        if name == "redis":
            save = ["--save", "60", "1"] if p.persistent else ["--save", ""]
            return ["redis-server", "--port", str(p.redis), "--bind", "127.0.0.1", "--dir", str(self.redis_dir),
                    "--appendonly", "no", *save]
        if name == "temporal":
            temporal = [TEMPORAL, "server", "start-dev", "--ip", "127.0.0.1", "--port", str(p.temporal),
                        "--ui-port", str(p.temporal_ui), "--log-level", "error", *cli_args(), *dev_server_args()]
            if p.persistent:
                return [*temporal, "--db-filename", str(ROOT / ".data/temporal.db"),
                        "--ui-codec-endpoint", f"http://localhost:{p.api}/codec"]
            return [*temporal, "--headless"]
        if name == "providers":
            return [PY, "-m", "uvicorn", "providers.app:app", "--host", "127.0.0.1", "--port", str(p.providers),
                    "--no-access-log"]
        if name == "worker":
            return [PY, "-m", "worker"]
        if name == "api":
            return [PY, "-m", "uvicorn", "api.app:app", "--host", "0.0.0.0", "--port", str(p.api), "--no-access-log",
                    "--no-proxy-headers"]
        if name == "frontend":
            return ["npm", "run", "dev", "--", "--port", str(p.frontend), "--strictPort"]
        raise KeyError(name)

    def probe(self, name: str) -> Callable[[], object]:
        """What says the service is ready; it reads the ports when called (a service may move meanwhile). Redis
        and the apps must answer: an open port alone may be whoever took it."""
        probes: dict[str, Callable[[], object]] = {
            "redis": lambda: redis_ping(self.p.redis),
            "temporal": lambda: port_open(self.p.temporal),
            "providers": lambda: http_ok(f"http://127.0.0.1:{self.p.providers}/health"),
            "api": lambda: http_ok(f"http://127.0.0.1:{self.p.api}/api/health"),
            "frontend": lambda: port_open(self.p.frontend),
        }
        return probes[name]

    def service_ports(self, name: str) -> list[int]:
        return [getattr(self.p, field) for field in SERVICE_PORTS.get(name, ())]

    def choose_ports(self, name: str) -> None:
        """Fresh ports for the service."""
        fresh: dict[str, Any] = {field: free_port() for field in SERVICE_PORTS[name]}
        self.p = replace(self.p, **fresh)

    def apps(self) -> tuple[str, ...]:
        return APPS

    def start(self, name: str, cmd: list[str], cwd: Path = ROOT) -> None:
        path = self.logs / f"{name}.log"
        self.since[name] = path.stat().st_size if path.exists() else 0
        self.cwds[name] = cwd
        log = open(path, "ab")  # noqa: SIM115 (kept open for the child's life)
        proc = subprocess.Popen(cmd, cwd=cwd, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                start_new_session=True)
        self.procs.append((name, proc))
        self.pumps[name] = threading.Thread(target=self._pump, args=(name, proc, log), daemon=True)
        self.pumps[name].start()

    def relaunch(self, name: str) -> None:
        """Starts the service again, from its command for the ports in force (its previous process is gone)."""
        self.procs = [(n, p) for n, p in self.procs if n != name]
        self.start(name, self.command(name), self.cwds.get(name, ROOT))

    def _pump(self, name: str, proc: subprocess.Popen[bytes], log: object) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            log.write(line)  # type: ignore[attr-defined]
            log.flush()  # type: ignore[attr-defined]
            if self.echo:
                sys.stdout.write(f"{name:>9} | {line.decode(errors='replace')}")
                sys.stdout.flush()

    def stop(self) -> None:
        for _, proc in reversed(self.procs):
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        deadline = time.time() + 10
        for _, proc in self.procs:
            try:
                proc.wait(timeout=max(0.1, deadline - time.time()))
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)

    def halt(self, names: Collection[str]) -> None:
        """Stops these processes (SIGTERM, SIGKILL after 8 s)."""
        live = [proc for name, proc in self.procs if name in names and proc.poll() is None]
        for proc in live:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + 8
        for proc in live:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()

    # --- a start that fails names its cause ---------------------------------------------------------------------
    def exited(self, name: str, proc: subprocess.Popen[bytes]) -> StackStartError:
        """The error for a process that exited: its code, its log and the log's last lines of this launch."""
        pump = self.pumps.get(name)
        if pump is not None:
            pump.join(2)  # the log gets the process's last lines first
        message = failure(name, f"{name} {exit_status(proc.returncode)}", self.logs / f"{name}.log",
                          self.since.get(name, 0))
        return StackStartError(message, process=name)

    def check_alive(self, names: Collection[str] | None = None) -> None:
        """Every process (of `names`, when given) still runs."""
        for name, proc in self.procs:
            if (names is None or name in names) and proc.poll() is not None:
                raise self.exited(name, proc)

    def wait_for(self, what: str, check: Callable[[], object], timeout: float = 90,
                 watch: Collection[str] | None = None) -> None:
        """Polls `check` until it holds. A process of the stack (of `watch`, when given) that exits meanwhile fails
        the wait at once with its exit code and its log's tail; a timeout shows the tail of `what`'s log."""
        deadline = time.monotonic() + timeout
        while True:
            self.check_alive(watch)
            if answers(check):
                return
            if time.monotonic() >= deadline:
                break
            time.sleep(0.1)
        raise StackStartError(failure(what, f"{what} did not come up within {timeout:.0f}s", self.logs / f"{what}.log",
                                      self.since.get(what, 0)), process=None)

    def watched(self, name: str) -> Collection[str] | None:
        """The processes whose exit fails the wait for `name`: all of them, while the stack starts."""
        return None

    def ready(self, name: str, timeout: float = 90) -> None:
        """Waits for the service. A service of chosen ports that exits before it was ever ready because its port was
        taken (between choice and bind) moves to fresh ports and starts once more."""
        while True:
            try:
                self.wait_for(name, self.probe(name), timeout, self.watched(name))
                break
            except StackStartError as e:
                if e.process is None or not self.may_move(e.process):
                    raise
                self.move(e.process)
        self.awaited.add(name)

    def lost_port(self, name: str) -> bool:
        return any(PORT_TAKEN.search(line) for line in log_tail(self.logs / f"{name}.log", self.since.get(name, 0)))

    def may_move(self, name: str) -> bool:
        return (self.p.ports_chosen and bool(self.service_ports(name)) and name not in self.awaited
                and name not in self.moved and self.lost_port(name))

    def move(self, name: str) -> None:
        """`name` lost its port: fresh ports for it and the environment that names them; it starts again, and so do
        the apps that already run (they read the old ports from their environment)."""
        old = self.service_ports(name)
        self.moved.add(name)
        self.choose_ports(name)
        self.env.update(self.port_env())
        stale = [n for n, proc in self.procs if n in self.apps() and n != name and proc.poll() is None]
        print(f"[stack] {name} lost port {old} (taken between choice and bind): moved to {self.service_ports(name)}, "
              f"restarting it{' and ' + ', '.join(stale) if stale else ''}", file=sys.stderr, flush=True)
        self.halt(stale)
        for n in [name, *stale]:
            self.relaunch(n)
        self.ready(name)
        for n in stale:
            if n in self.awaited:
                self.ready(n)

    # --- the whole stack -----------------------------------------------------------------------------------------
    def up(self) -> None:
        p = self.p
        if not p.ports_chosen and port_open(p.api):
            raise StackStartError(f"[stack] port {p.api} is in use: is another '{p.name}' stack running?")
        if not answers(lambda: redis_ping(p.redis)):  # a Redis already there is used (make dev: the machine's)
            self.redis_dir.mkdir(parents=True, exist_ok=True)
            self.start("redis", self.command("redis"))
        self.start("temporal", self.command("temporal"))
        # the database made while Temporal starts (neither needs the other): a throwaway stack's is a copy of the
        # migrated template; make dev's is migrated in place
        if not self.p.persistent:
            self.reset(migrated=True)
        else:
            self.run_once("migrate", [PY, "-m", "alembic", "-c", "store/alembic.ini", "upgrade", "head"])
        # the providers (the ATS keeps its books in this database, its demo instruments its own) and the api (it
        # reads the catalogue per request) start while the demo data is loaded; the worker, which starts the seeded
        # offerings' workflows, once it is
        for name in ("providers", "api"):
            self.start(name, self.command(name))
        self.run_once("seed", [PY, "-m", "store.seed"])
        self.ready("redis")
        self.ready("temporal")
        self.start("worker", self.command("worker"))
        if self.p.frontend:
            self.start("frontend", self.command("frontend"), cwd=ROOT / "frontend")
        self.ready("providers")
        self.ready("api")
        if self.p.frontend:
            self.ready("frontend")
        self.check_alive()

    def reset(self, migrated: bool = False) -> None:
        """A throwaway stack starts from nothing: its Temporal server keeps no workflows between runs, so what an
        earlier run left in the database (orders still open in the order list with no workflow and no ATS order
        behind them, their cash held; the ATS schema lives there too) and in the providers' file would outlive the
        workflows it belongs to. The database is empty, or `migrated`: a copy of the migrations' template (built
        once per set of migrations on this server, its Alembic output in migrate.log)."""
        url = self.env["VITRINE_DATABASE_URL"]
        if migrated:
            migrated_database(url, lambda template: self.run_once("migrate", migrate_command(template)))
        else:
            recreate_database(url)
        Path(self.env["PROVIDERS_DB_PATH"]).unlink(missing_ok=True)
        shutil.rmtree(self.env["VITRINE_UPLOADS_DIR"], ignore_errors=True)

    def run_once(self, name: str, cmd: list[str]) -> None:
        path = self.logs / f"{name}.log"
        since = path.stat().st_size if path.exists() else 0
        with open(path, "ab") as log:
            rc = subprocess.call(cmd, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        if rc != 0:
            raise StackStartError(failure(name, f"{name} failed: it {exit_status(rc)}", path, since), process=None)


def banner(p: Profile) -> str:
    return f"""
  Vitrine is running.
    App              http://localhost:{p.frontend}   (special-access mode: http://early.localhost:{p.frontend})
    API docs         http://localhost:{p.api}/docs
    Temporal Web UI  http://localhost:{p.temporal_ui}
    Sandbox mail     http://localhost:{p.providers}/sandbox/mail/inbox?to=you@example.com
  Demo logins (password Vitrine2026!): demo@vitrine.test, early@vitrine.test (special access)
  Demo traders (shares to sell, cash to bid): demo@, trader1@, trader2@vitrine.test
  Logs: .data/logs/dev/   Ctrl-C stops everything.
"""


def build_frontend() -> None:
    dist, frontend = ROOT / "frontend/dist/index.html", ROOT / "frontend"
    # the sources, the files copied as they are (public/: the manifest, the icons, the service worker) and the page
    inputs = [*(frontend / "src").rglob("*"), *(frontend / "public").rglob("*"), frontend / "index.html"]
    newest = max((f.stat().st_mtime for f in inputs if f.is_file()), default=0)
    if not dist.exists() or dist.stat().st_mtime < newest:
        subprocess.check_call(["npm", "run", "build"], cwd=ROOT / "frontend", stdout=subprocess.DEVNULL)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("profile", choices=sorted(PROFILES))
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    p = PROFILES[args.profile]
    if shutil.which("redis-server") is None or not Path(TEMPORAL).exists():
        raise SystemExit("[stack] run scripts/setup.sh first (make dev / make test do)")
    if p.name == "e2e":
        build_frontend()
    stack = Stack(p, echo=p.name == "dev")
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        stack.up()  # a failure raises StackStartError: its message (the cause, the log's tail) is printed, exit 1
        p = stack.p
        if p.name == "dev":
            print(banner(p), flush=True)
            while True:
                time.sleep(1)
                stack.check_alive()
        cmd = [c for c in args.cmd if c != "--"]
        env = {**os.environ, "BASE_URL": f"http://127.0.0.1:{p.api}", "PROVIDERS_URL": f"http://127.0.0.1:{p.providers}",
               "API_URL": f"http://127.0.0.1:{p.api}"}
        return subprocess.call(cmd, cwd=ROOT, env=env) if cmd else 0
    except StackStartError as e:  # the cause and the log's tail, without a traceback
        print(e, file=sys.stderr, flush=True)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        stack.stop()


if __name__ == "__main__":
    sys.exit(main())
