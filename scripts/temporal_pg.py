"""A Temporal server on PostgreSQL, the production shape (docker-compose.yml's `temporal`), as a process: the server
built from its Go module (scripts/temporal_pg.sh prepares it: binaries, databases, schemas), a config written here
with free ports (persistence and visibility on PostgreSQL, four history shards as the compose image's default, the
dynamic config of deploy/temporal/dynamicconfig.yaml), then namespace `default` and the worker's search attributes
registered with the CLI as the compose file's one-shot service does.

    make temporal-pg                       the server in the foreground (Ctrl-C stops it); prints its address
    TemporalPg(db, fresh=True).start()     a benchmark's or a chaos test's server (bench/stack.py), .stop() ends it"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import FrameType
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from scripts.ports import free_port  # noqa: E402
from workflows.search_attributes import ALL  # noqa: E402

SERVER = ROOT / ".tools/bin/temporal-server"
CLI = ROOT / ".tools/bin/temporal"
DYNAMIC_CONFIG = ROOT / "deploy/temporal/dynamicconfig.yaml"
SHARDS = 4  # temporalio/auto-setup's NUM_HISTORY_SHARDS default
SERVICES = ("frontend", "history", "matching", "worker")


def datastore(database: str) -> str:
    """One SQL datastore as the auto-setup image's template writes it (SQL_MAX_CONNS and idle defaults: 20)."""
    return f"""      sql:
        pluginName: postgres12
        databaseName: {database}
        connectAddr: "127.0.0.1:5432"
        connectProtocol: tcp
        user: vitrine
        password: vitrine
        maxConns: 20
        maxIdleConns: 20
        maxConnLifetime: 1h
"""


def server_config(db: str, ports: dict[str, int], log_level: str) -> str:
    """The server's YAML: no metrics or pprof listeners (their default ports are the project's)."""
    services = ""
    for name in SERVICES:
        http = f"\n      httpPort: {ports['frontend-http']}" if name == "frontend" else ""
        services += f"""  {name}:
    rpc:
      grpcPort: {ports[name]}
      membershipPort: {ports[name + '-membership']}
      bindOnLocalHost: true{http}
"""
    return f"""log:
  stdout: true
  level: {log_level}
persistence:
  numHistoryShards: {SHARDS}
  defaultStore: default
  visibilityStore: visibility
  datastores:
    default:
{datastore(db)}    visibility:
{datastore(db + '_visibility')}global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
services:
{services}clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: "127.0.0.1:{ports['frontend']}"
dcRedirectionPolicy:
  policy: noop
dynamicConfigClient:
  filepath: "{DYNAMIC_CONFIG}"
  pollInterval: 60s
"""


class TemporalPg:
    """`db`: the databases' name (and <db>_visibility); `fresh`: dropped and made again first (a benchmark's clean
    start: no workflows of an earlier run waking on the server)."""

    def __init__(self, db: str = "vitrine_temporal", fresh: bool = False, log_level: str = "warn") -> None:
        self.db, self.fresh, self.log_level = db, fresh, log_level
        self.root = ROOT / ".data/temporal-pg" / db
        self.proc: subprocess.Popen[bytes] | None = None
        self.ports: dict[str, int] = {}
        self.log: IO[bytes] | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.ports['frontend']}"

    def prepare(self) -> None:
        subprocess.run(["bash", str(ROOT / "scripts/temporal_pg.sh"), "--prepare", *(["--fresh"] if self.fresh else [])],
                       check=True, env={**os.environ, "TEMPORAL_PG_DB": self.db})

    def command(self, port: int | None = None, http_port: int | None = None) -> list[str]:
        """Writes the config on free ports (the frontend's gRPC and HTTP ports as given) and answers the server's
        command line (a supervisor that starts it itself: tests/chaos/stack.py)."""
        names = [*SERVICES, *(f"{s}-membership" for s in SERVICES), "frontend-http"]
        self.ports = {name: free_port() for name in names}
        if port is not None:
            self.ports["frontend"] = port
        if http_port is not None:
            self.ports["frontend-http"] = http_port
        config = self.root / "config"
        config.mkdir(parents=True, exist_ok=True)
        (config / "vitrine.yaml").write_text(server_config(self.db, self.ports, self.log_level))
        return [str(SERVER), "--root", str(self.root), "--config", "config", "--env", "vitrine", "--allow-no-auth",
                "start"]

    @property
    def system_info(self) -> str:
        """The frontend's HTTP API: it answers once the frontend serves."""
        return f"http://127.0.0.1:{self.ports['frontend-http']}/api/v1/system-info"

    def start(self, prepare: bool = True, port: int | None = None, output: IO[bytes] | None = None) -> str:
        """Prepares (unless told not to), starts the server, registers the namespace and the search attributes;
        its frontend's address. The server's output goes to `output`, else to <root>/server.log."""
        if prepare:
            self.prepare()
        cmd = self.command(port)
        if output is None:
            self.log = open(self.root / "server.log", "ab")  # noqa: SIM115 - the server's output until stop()
        self.proc = subprocess.Popen(cmd, stdout=output or self.log, stderr=subprocess.STDOUT)
        try:
            self._wait_ready()
            self.register()
        except BaseException:
            self.stop()
            raise
        return self.address

    def _alive(self) -> None:
        if self.proc is not None and self.proc.poll() is not None:
            raise SystemExit(f"the Temporal server exited ({self.proc.returncode}); see {self.root / 'server.log'}")

    def _wait_ready(self) -> None:
        for _ in range(480):  # 2 min: a loaded machine starts four services and their shards slowly
            self._alive()
            try:
                with urllib.request.urlopen(self.system_info, timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.25)
        raise SystemExit("the Temporal server did not answer within 2 minutes")

    def _cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(CLI), *args, "--address", self.address], capture_output=True, text=True)

    def register(self) -> None:
        """Namespace `default` and the search attributes (idempotent: "already exists" is fine), then until a list
        of the namespace's workflows answers (the frontend's namespace cache has it)."""
        r = self._cli("operator", "namespace", "create", "--namespace", "default", "--retention", "72h")
        if r.returncode and "already" not in (r.stdout + r.stderr).lower():
            raise SystemExit(f"namespace default: {r.stdout}{r.stderr}")
        deadline = time.monotonic() + 60
        while self._cli("workflow", "count", "--namespace", "default").returncode:
            self._alive()
            if time.monotonic() > deadline:
                raise SystemExit("namespace default was not usable within a minute")
            time.sleep(0.5)
        for key in ALL:
            r = self._cli("operator", "search-attribute", "create", "--namespace", "default", "--name", key.name,
                          "--type", "Keyword")
            if r.returncode and "already" not in (r.stdout + r.stderr).lower():
                raise SystemExit(f"search attribute {key.name}: {r.stdout}{r.stderr}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        if self.log is not None:
            self.log.close()
            self.log = None


def main() -> None:
    ap = argparse.ArgumentParser(description="The Temporal server on PostgreSQL in the foreground (Ctrl-C stops it).")
    ap.add_argument("--db", default="vitrine_temporal")
    ap.add_argument("--port", type=int, help="the frontend's gRPC port (default: a free one)")
    ap.add_argument("--log-level", default="warn")
    args = ap.parse_args()
    server = TemporalPg(args.db, log_level=args.log_level)

    stopping: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:  # the server stops, then the wait below returns
        stopping.append(signum)
        if server.proc is not None:
            server.proc.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    address = server.start(prepare=False, port=args.port, output=sys.stdout.buffer)
    print(f"Temporal on PostgreSQL ({args.db}, {args.db}_visibility) at {address}, namespace default; "
          f"VITRINE_TEMPORAL_ADDRESS={address}", flush=True)
    assert server.proc is not None
    rc = server.proc.wait()
    server.stop()
    sys.exit(0 if stopping else rc)

if __name__ == "__main__":
    main()
