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
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from clients.temporal_server import dev_server_args  # noqa: E402
from workflows.search_attributes import cli_args  # noqa: E402

PY = str(ROOT / ".venv/bin/python")
TEMPORAL = str(ROOT / ".tools/bin/temporal")


@dataclass(frozen=True)
class Profile:
    name: str
    api: int
    providers: int
    temporal: int
    temporal_ui: int
    redis: int
    frontend: int
    database: str
    persistent: bool
    # whose settings the stack runs with: make dev's ("dev": the market maker on, the ATS's demo hours) or the
    # browser tests' ("e2e": no market maker, shorter hours, faster providers); by default the profile's own name
    settings_of: str = ""

    @property
    def settings(self) -> str:
        return self.settings_of or ("dev" if self.persistent else "e2e")


PROFILES = {
    "dev": Profile("dev", 8000, 8100, 7233, 8233, 6379, 5173, "vitrine", True),
    "e2e": Profile("e2e", 8010, 8110, 7243, 8243, 6381, 0, "vitrine_e2e", False),
}


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def wait_for(what: str, check: object, timeout: float = 90) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if check():  # type: ignore[operator]
                return
        except OSError:
            pass
        time.sleep(0.25)
    raise SystemExit(f"[stack] {what} did not come up within {timeout:.0f}s (see .data/logs/)")


def recreate_database(url: str) -> None:
    """Drops the database of ``url`` (ending its sessions) and creates it empty, through the server's `postgres`
    database with the same credentials."""
    import psycopg
    from psycopg import sql

    parts = urlsplit(url.replace("+asyncpg", ""))
    name = parts.path.lstrip("/")
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def http_ok(url: str) -> bool:
    with urllib.request.urlopen(url, timeout=2) as r:  # noqa: S310 (loopback only)
        return bool(r.status == 200)


class Stack:
    def __init__(self, profile: Profile, echo: bool) -> None:
        self.p, self.echo = profile, echo
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.logs = ROOT / ".data/logs" / profile.name
        self.logs.mkdir(parents=True, exist_ok=True)
        self.env = {
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "VITRINE_ENV": profile.name,
            "VITRINE_DATABASE_URL": f"postgresql+asyncpg://vitrine:vitrine@127.0.0.1:5432/{profile.database}",
            "VITRINE_REDIS_URL": f"redis://127.0.0.1:{profile.redis}/0",
            "VITRINE_TEMPORAL_ADDRESS": f"127.0.0.1:{profile.temporal}",
            "VITRINE_PROVIDERS_URL": f"http://127.0.0.1:{profile.providers}",
            "VITRINE_APP_URL": f"http://localhost:{profile.frontend or profile.api}",
            "PROVIDERS_DB_PATH": str(ROOT / f".data/providers-{profile.name}.sqlite3"),
            "PROVIDERS_WEBHOOK_URL": f"http://127.0.0.1:{profile.api}/api/webhooks/payments/",
            "PROVIDERS_ESIGN_WEBHOOK_URL": f"http://127.0.0.1:{profile.api}/api/webhooks/esign/",
            "PROVIDERS_PUBLIC_URL": f"http://127.0.0.1:{profile.providers}",
            # the ATS (providers/ats): schema ats of the same database; demo hours (post-only 60 s, open 120 s,
            # confirmation 45 s, repeating) so every phase shows at any hour; a market maker moves the books
            "PROVIDERS_ATS_DATABASE_URL": f"postgresql://vitrine:vitrine@127.0.0.1:5432/{profile.database}",
            "PROVIDERS_ATS_WEBHOOK_URL": f"http://127.0.0.1:{profile.api}/api/webhooks/ats/",
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
            # browser tests: no market maker moving the books under them (the ATS schema is dropped in up())
            self.env["PROVIDERS_ATS_MARKET_MAKER"] = "false"
            self.env.update({"PROVIDERS_MICRO_DEPOSIT_DELAY_SECONDS": "2", "PROVIDERS_TRANSFER_SETTLE_SECONDS": "3",
                             "PROVIDERS_DOCUMENT_REVIEW_SECONDS": "2", "VITRINE_TRANSFER_POLL_SECONDS": "2",
                             "VITRINE_MICRO_DEPOSIT_POLL_SECONDS": "2",
                             # long demo hours (1 h post-only, 1 h open, 30 min CONFIRMATION) that real time never
                             # crosses during a test: the browser tests move the ATS's clock (POST /sandbox/ats/clock,
                             # frontend/e2e/trading-helpers.mjs's DEMO_HOURS mirrors these) from phase to phase; a
                             # sale's proceeds are cash at once (My Portfolio shows them); orders poll the ATS every
                             # 5 s besides the webhooks
                             "PROVIDERS_ATS_DEMO_POST_ONLY_SECONDS": "3600", "PROVIDERS_ATS_DEMO_OPEN_SECONDS": "3600",
                             "PROVIDERS_ATS_DEMO_CONFIRMATION_SECONDS": "1800", "VITRINE_TRADE_PROCEEDS_DELAY_SECONDS": "0",
                             "VITRINE_ORDER_POLL_SECONDS": "5"})

    def start(self, name: str, cmd: list[str], cwd: Path = ROOT) -> None:
        log = open(self.logs / f"{name}.log", "ab")  # noqa: SIM115 (kept open for the child's life)
        proc = subprocess.Popen(cmd, cwd=cwd, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                start_new_session=True)
        self.procs.append((name, proc))
        threading.Thread(target=self._pump, args=(name, proc, log), daemon=True).start()

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

    def check_alive(self) -> None:
        for name, proc in self.procs:
            if proc.poll() is not None:
                raise SystemExit(f"[stack] {name} exited with {proc.returncode}; see {self.logs / (name + '.log')}")

    def up(self) -> None:
        p = self.p
        if port_open(p.api):
            raise SystemExit(f"[stack] port {p.api} is in use: is another '{p.name}' stack running?")
        if not port_open(p.redis):
            rdir = ROOT / f".data/redis-{p.name}"
            rdir.mkdir(parents=True, exist_ok=True)
            save = ["--save", "60", "1"] if p.persistent else ["--save", ""]
            self.start("redis", ["redis-server", "--port", str(p.redis), "--bind", "127.0.0.1", "--dir", str(rdir),
                                 "--appendonly", "no", *save])
        temporal = [TEMPORAL, "server", "start-dev", "--ip", "127.0.0.1", "--port", str(p.temporal),
                    "--ui-port", str(p.temporal_ui), "--log-level", "error", *cli_args(),
                    *dev_server_args()]
        if p.persistent:
            temporal += ["--db-filename", str(ROOT / ".data/temporal.db"),
                         "--ui-codec-endpoint", f"http://localhost:{p.api}/codec"]
        else:
            temporal += ["--headless"]
        self.start("temporal", temporal)
        wait_for("redis", lambda: port_open(p.redis))
        wait_for("temporal", lambda: port_open(p.temporal))
        if not p.persistent:
            self.reset()
        self.run_once("migrate", [PY, "-m", "alembic", "-c", "store/alembic.ini", "upgrade", "head"])
        self.run_once("seed", [PY, "-m", "store.seed"])
        self.start("providers", [PY, "-m", "uvicorn", "providers.app:app", "--host", "127.0.0.1",
                                 "--port", str(p.providers), "--no-access-log"])
        self.start("worker", [PY, "-m", "worker"])
        self.start("api", [PY, "-m", "uvicorn", "api.app:app", "--host", "0.0.0.0", "--port", str(p.api),
                           "--no-access-log", "--no-proxy-headers"])
        if p.frontend:
            self.env["VITE_API_URL"] = f"http://127.0.0.1:{p.api}"
            self.start("frontend", ["npm", "run", "dev", "--", "--port", str(p.frontend), "--strictPort"],
                       cwd=ROOT / "frontend")
        wait_for("providers", lambda: http_ok(f"http://127.0.0.1:{p.providers}/health"))
        wait_for("api", lambda: http_ok(f"http://127.0.0.1:{p.api}/api/health"))
        if p.frontend:
            wait_for("frontend", lambda: port_open(p.frontend))
        self.check_alive()

    def reset(self) -> None:
        """A throwaway stack starts from nothing: its Temporal server keeps no workflows between runs, so what an
        earlier run left in the database (orders still open in the order list with no workflow and no ATS order
        behind them, their cash held; the ATS schema lives there too) and in the providers' file would outlive the
        workflows it belongs to."""
        recreate_database(self.env["VITRINE_DATABASE_URL"])
        Path(self.env["PROVIDERS_DB_PATH"]).unlink(missing_ok=True)
        shutil.rmtree(self.env["VITRINE_UPLOADS_DIR"], ignore_errors=True)

    def run_once(self, name: str, cmd: list[str]) -> None:
        with open(self.logs / f"{name}.log", "ab") as log:
            rc = subprocess.call(cmd, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        if rc != 0:
            raise SystemExit(f"[stack] {name} failed ({rc}); see {self.logs / (name + '.log')}")


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
    dist, src = ROOT / "frontend/dist/index.html", ROOT / "frontend/src"
    newest = max((f.stat().st_mtime for f in src.rglob("*") if f.is_file()), default=0)
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
        stack.up()
        if p.name == "dev":
            print(banner(p), flush=True)
            while True:
                time.sleep(1)
                stack.check_alive()
        cmd = [c for c in args.cmd if c != "--"]
        env = {**os.environ, "BASE_URL": f"http://127.0.0.1:{p.api}", "PROVIDERS_URL": f"http://127.0.0.1:{p.providers}",
               "API_URL": f"http://127.0.0.1:{p.api}"}
        return subprocess.call(cmd, cwd=ROOT, env=env) if cmd else 0
    except KeyboardInterrupt:
        return 0
    finally:
        stack.stop()


if __name__ == "__main__":
    sys.exit(main())
