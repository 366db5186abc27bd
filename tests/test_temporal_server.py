"""Every Temporal server Vitrine starts runs with the same dynamic config (clients/temporal_server.py): the compose
deployment's file sets each value, and the dev servers get them as arguments."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from clients.temporal_server import DYNAMIC_CONFIG, dev_server_args

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
