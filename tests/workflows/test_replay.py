"""Replays every recorded history against today's workflow code: a change that breaks determinism fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
from temporalio.client import WorkflowHistory
from temporalio.worker import Replayer

from config import Settings
from tests.workflows.histories import DIR
from worker.build import SANDBOX, WORKFLOWS, build_id
from worker.temporal import data_converter

HISTORIES = sorted(DIR.glob("*.json"))


def test_there_are_histories_for_every_workflow_type() -> None:
    recorded = {p.stem.split("--")[0] for p in HISTORIES}
    assert {w.__temporal_workflow_definition.name for w in WORKFLOWS} <= recorded  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", HISTORIES, ids=[p.stem for p in HISTORIES])
async def test_replay(path: Path) -> None:
    history = WorkflowHistory.from_json(path.stem, path.read_text())
    # debug_mode turns off the SDK's two-second deadlock detector, which is not what a replay checks: on a loaded CI
    # machine a garbage collection inside one activation once took longer than that, and the replay failed with
    # TMPRL1101 although the history was deterministic. A non-deterministic history still fails here.
    replayer = Replayer(workflows=list(WORKFLOWS), data_converter=data_converter(Settings()), debug_mode=True,
                        workflow_runner=SANDBOX, build_id=build_id())  # the worker's sandbox and build id
    await replayer.replay_workflow(history)
