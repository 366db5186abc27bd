"""docker-compose.yml validates (``docker compose config`` or Debian's ``docker-compose`` 1.29) and wires
every service with the expected ports, dependencies and settings. Needs no Docker engine."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

# PyYAML comes with uvicorn[standard]; imported dynamically since its type stubs are not installed.
yaml: Any = importlib.import_module("yaml")

ROOT = Path(__file__).resolve().parent.parent
SECRETS = {"VITRINE_SECRET_KEY": "test-secret-key", "VITRINE_PII_KEY": "test-pii-key"}
SERVICES = {
    "postgres",
    "redis",
    "temporal",
    "temporal-ui",
    "temporal-search-attributes",
    "migrate",
    "api",
    "worker",
    "providers",
    "frontend",
    "minio",
    "minio-bucket",
}


def compose_command() -> list[str]:
    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True, text=True, timeout=60)
        if probe.returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    reason = "neither `docker compose` (v2 plugin) nor `docker-compose` is installed"
    print(reason)
    pytest.skip(reason)


def run_config(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    empty_env_file = tmp_path / "empty.env"  # ignore a developer's .env
    empty_env_file.write_text("")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("VITRINE_", "POSTGRES_", "PROVIDER"))}
    return subprocess.run(
        [*compose_command(), "--env-file", str(empty_env_file), "-f", str(ROOT / "docker-compose.yml"), "config"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**clean, **env},
        timeout=120,
    )


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    result = run_config(tmp_path_factory.mktemp("compose"), SECRETS)
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = yaml.safe_load(result.stdout)
    return data


def published(service: dict[str, Any]) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for port in service.get("ports", []):
        if isinstance(port, dict):
            out.add((int(port["published"]), int(port["target"])))
        else:
            host, _, container = str(port).rpartition(":")
            out.add((int(host.rpartition(":")[2]), int(container.split("/")[0])))
    return out


def conditions(service: dict[str, Any]) -> dict[str, str]:
    deps = service.get("depends_on", {})
    if isinstance(deps, list):
        return {d: "service_started" for d in deps}
    return {name: spec.get("condition", "service_started") for name, spec in deps.items()}


def test_every_service_is_there(config: dict[str, Any]) -> None:
    assert set(config["services"]) >= SERVICES


def test_ports(config: dict[str, Any]) -> None:
    services = config["services"]
    assert published(services["frontend"]) == {(8080, 80)}
    assert published(services["temporal-ui"]) == {(8233, 8080)}
    assert published(services["providers"]) == {(8100, 8100)}
    for internal in ("postgres", "redis", "api", "worker", "migrate", "minio"):
        assert not published(services[internal]), f"{internal} should not be published"


def test_start_order(config: dict[str, Any]) -> None:
    s = config["services"]
    for app in ("api", "worker"):
        deps = conditions(s[app])
        assert deps["migrate"] == "service_completed_successfully"
        assert deps["temporal-search-attributes"] == "service_completed_successfully"
        assert deps["redis"] == "service_healthy"
        assert deps["minio-bucket"] == "service_completed_successfully"
    assert conditions(s["minio-bucket"])["minio"] == "service_healthy"
    assert conditions(s["migrate"])["postgres"] == "service_healthy"
    assert conditions(s["temporal"])["postgres"] == "service_healthy"
    assert conditions(s["frontend"])["api"] == "service_healthy"
    for name in ("postgres", "redis", "providers", "api", "minio"):
        assert "healthcheck" in s[name], name


def test_settings(config: dict[str, Any]) -> None:
    s = config["services"]
    api = s["api"]["environment"]
    assert api["VITRINE_DATABASE_URL"] == "postgresql+asyncpg://vitrine:vitrine@postgres:5432/vitrine"
    assert api["VITRINE_REDIS_URL"] == "redis://redis:6379/0"
    assert api["VITRINE_TEMPORAL_ADDRESS"] == "temporal:7233"
    assert api["VITRINE_PROVIDERS_URL"] == "http://providers:8100"
    assert api["VITRINE_APP_URL"] == "http://localhost:8080"
    assert api["VITRINE_SECRET_KEY"] == "test-secret-key" and api["VITRINE_PII_KEY"] == "test-pii-key"
    assert s["worker"]["environment"] == api == s["migrate"]["environment"]
    providers = s["providers"]["environment"]
    assert providers["PROVIDERS_WEBHOOK_URL"] == "http://api:8000/api/webhooks/payments/"
    assert providers["PROVIDERS_DB_PATH"] == "/data/providers.sqlite3"
    assert providers["PROVIDERS_API_KEY"] == api["VITRINE_PROVIDER_API_KEY"]
    assert providers["PROVIDERS_WEBHOOK_SECRET"] == api["VITRINE_WEBHOOK_SECRET"]
    assert any("/data" in str(v) for v in s["providers"]["volumes"])
    temporal = s["temporal"]["environment"]
    assert temporal["DB"] == "postgres12" and temporal["POSTGRES_SEEDS"] == "postgres"
    script = " ".join(s["temporal-search-attributes"]["command"])
    for name in ("VitrineUserId", "VitrineFlow", "VitrineStep", "VitrineAssetTicker", "VitrineKind"):
        assert name in script
    assert "already exists" in script


def test_statements_are_stored_in_the_minio_bucket(config: dict[str, Any]) -> None:
    s = config["services"]
    api = s["api"]["environment"]
    assert api["VITRINE_DOCUMENTS_STORE"] == "s3" and api["VITRINE_DOCUMENTS_S3_ENDPOINT"] == "http://minio:9000"
    bucket = s["minio-bucket"]["environment"]
    assert bucket["BUCKET"] == api["VITRINE_DOCUMENTS_BUCKET"]
    assert (bucket["ACCESS_KEY"], bucket["SECRET_KEY"]) == (
        api["VITRINE_DOCUMENTS_S3_ACCESS_KEY"], api["VITRINE_DOCUMENTS_S3_SECRET_KEY"])
    script = " ".join(s["minio-bucket"]["command"])
    assert "mc mb --ignore-existing" in script and "arn:aws:s3:::%s/*" in script  # the app's key: this bucket only
    assert any("documents" in str(v) for v in s["minio"]["volumes"])  # the files outlive the container
    assert "volumes" not in s["api"] and "volumes" not in s["worker"]  # no shared folder any more


def test_commands_and_images(config: dict[str, Any]) -> None:
    s = config["services"]
    commands = {name: " ".join(s[name]["command"]) for name in ("api", "worker", "providers", "migrate")}
    assert commands["api"].startswith("uvicorn api.app:app --host 0.0.0.0 --port 8000")
    assert commands["worker"] == "python -m worker"
    assert commands["providers"] == "uvicorn providers.app:app --host 0.0.0.0 --port 8100"
    assert "alembic -c store/alembic.ini upgrade head" in commands["migrate"]
    assert "python -m store.seed" in commands["migrate"]
    for name in commands:
        assert s[name]["build"]["dockerfile"] == "deploy/python.Dockerfile"
    assert s["frontend"]["build"]["dockerfile"] == "deploy/frontend.Dockerfile"
    for dockerfile in ("deploy/python.Dockerfile", "deploy/frontend.Dockerfile", "deploy/nginx.conf"):
        assert (ROOT / dockerfile).is_file()


def test_secrets_are_required(tmp_path: Path) -> None:
    result = run_config(tmp_path, {})
    assert result.returncode != 0
    assert "VITRINE_SECRET_KEY" in result.stderr or "VITRINE_PII_KEY" in result.stderr


def test_nginx_serves_the_spa_and_proxies_the_api() -> None:
    conf = (ROOT / "deploy/nginx.conf").read_text()
    assert "try_files $uri $uri/ /index.html;" in conf
    assert "location /api/" in conf and "location /media/" in conf
    assert "set $api_upstream http://api:8000;" in conf
    assert "immutable" in conf and "proxy_buffering off;" in conf
    # the client's own X-Forwarded-For never reaches the api: nginx overwrites it with the peer it saw
    assert "$proxy_add_x_forwarded_for" not in conf
    assert conf.count("proxy_set_header X-Forwarded-For $remote_addr;") == conf.count("proxy_pass $api_upstream;")


def test_the_api_trusts_only_nginx_for_client_addresses(config: dict[str, Any]) -> None:
    s = config["services"]
    command = " ".join(s["api"]["command"])
    assert "--no-proxy-headers" in command and "forwarded-allow-ips" not in command
    trusted = json.loads(s["api"]["environment"]["VITRINE_TRUSTED_PROXIES"])
    nginx = s["frontend"]["networks"]["default"]["ipv4_address"]
    assert trusted == [f"{nginx}/32"]
