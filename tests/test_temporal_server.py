"""Every Temporal server Vitrine starts runs with the same dynamic config (clients/temporal_server.py): the compose
deployment's file sets each value, and the dev servers get them as arguments."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

from clients.temporal_server import DYNAMIC_CONFIG, dev_server_args
from scripts.temporal_pg import SERVICES, server_config

yaml: Any = importlib.import_module("yaml")  # PyYAML comes with uvicorn[standard]; no type stubs installed
ROOT = Path(__file__).resolve().parent.parent


def test_the_compose_file_sets_every_value() -> None:
    loaded = yaml.safe_load((ROOT / "deploy/temporal/dynamicconfig.yaml").read_text())
    for key, value in DYNAMIC_CONFIG.items():
        assert loaded[key] == [{"value": value, "constraints": {}}], key


def test_compose_mounts_the_file_and_points_the_server_at_it() -> None:
    temporal = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]["temporal"]
    mount = "./deploy/temporal/dynamicconfig.yaml:/etc/temporal/config/dynamicconfig/vitrine.yaml:ro"
    assert mount in temporal["volumes"]
    assert temporal["environment"]["DYNAMIC_CONFIG_FILE_PATH"].endswith(":-config/dynamicconfig/vitrine.yaml}")


def test_dev_server_arguments() -> None:
    assert dev_server_args() == ["--dynamic-config-value", "history.transferProcessorMaxPollRPS=1000"]


def test_the_postgresql_server_is_the_compose_files() -> None:
    """make temporal-pg (scripts/temporal_pg.sh, scripts/temporal_pg.py): the compose image's version, its dynamic
    config file, PostgreSQL for persistence and visibility, every listener on a port of its own."""
    image = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]["temporal"]["image"]
    version = re.search(r"^VERSION=v([\d.]+)", (ROOT / "scripts/temporal_pg.sh").read_text(), re.M)
    assert version is not None and image == f"temporalio/auto-setup:{version[1]}"
    names = [*SERVICES, *(f"{s}-membership" for s in SERVICES), "frontend-http"]
    ports = {name: 20000 + i for i, name in enumerate(names)}
    config = yaml.safe_load(server_config("temporal_x", ports, "warn"))
    assert config["dynamicConfigClient"]["filepath"] == str(ROOT / "deploy/temporal/dynamicconfig.yaml")
    persistence = config["persistence"]
    stores = [persistence["datastores"][persistence[k]]["sql"] for k in ("defaultStore", "visibilityStore")]
    assert [(s["pluginName"], s["databaseName"]) for s in stores] == [("postgres12", "temporal_x"),
                                                                     ("postgres12", "temporal_x_visibility")]
    rpc = [config["services"][s]["rpc"] for s in SERVICES]
    used = [r[k] for r in rpc for k in ("grpcPort", "membershipPort")] + [config["services"]["frontend"]["rpc"]["httpPort"]]
    assert sorted(used) == sorted(ports.values())
    assert config["clusterMetadata"]["clusterInformation"]["active"]["rpcAddress"] == f"127.0.0.1:{ports['frontend']}"
