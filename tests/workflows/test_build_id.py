"""The worker's build id (worker/build.py): named by the project's sources and pinned dependencies, not by the SDK's
walk over every loaded module's bytecode (`load_default_build_id`, paid at each worker process's start)."""

from __future__ import annotations

from pathlib import Path

import pytest
from temporalio.worker import Worker

import worker.build as build


def _tree(root: Path, workflow_source: str) -> None:
    (root / "workflows").mkdir(parents=True, exist_ok=True)
    (root / "workflows" / "flow.py").write_text(workflow_source)
    (root / "config.py").write_text("X = 1\n")
    (root / "uv.lock").write_text("version = 1\n")


def test_the_build_id_follows_the_sources_and_nothing_else(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compute = build.build_id.__wrapped__  # the uncached computation
    first, second = tmp_path / "a", tmp_path / "b"
    _tree(first, "def run() -> int:\n    return 1\n")
    _tree(second, "def run() -> int:\n    return 1\n")
    monkeypatch.setattr(build, "ROOT", first)
    a = compute()
    monkeypatch.setattr(build, "ROOT", second)
    assert compute() == a  # the same code in another checkout: the same id
    (second / "workflows" / "flow.py").write_text("def run() -> int:\n    return 2\n")
    changed = compute()
    (second / "uv.lock").write_text("version = 2\n")
    assert len({a, changed, compute()}) == 3  # a workflow's change, then a dependency's, each a new id


def test_the_product_worker_runs_with_the_project_build_id(worker: Worker) -> None:
    assert worker.config()["build_id"] == build.build_id()
    assert build.build_id() == build.build_id.__wrapped__()  # computed once per process, from the checkout's files
