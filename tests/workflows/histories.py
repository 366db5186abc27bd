"""Recorded workflow histories for replay tests. Set VITRINE_RECORD_HISTORIES=1 to (re)write them from a test run."""

from __future__ import annotations

import os
from pathlib import Path

from temporalio.client import WorkflowHandle

DIR = Path(__file__).parent / "histories"


async def record(handle: WorkflowHandle, name: str) -> None:  # type: ignore[type-arg]
    """Saves the finished workflow's history as `histories/{name}.json` when recording is switched on."""
    if not os.environ.get("VITRINE_RECORD_HISTORIES"):
        return
    history = await handle.fetch_history()
    DIR.mkdir(exist_ok=True)
    (DIR / f"{name}.json").write_text(history.to_json())
