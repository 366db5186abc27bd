"""A recorded command stream replays to exactly the recorded events (fixtures/engine_stream.jsonl: one line per
command, `{"command": ..., "events": [...]}`). A change to the engine that alters any outcome of a stored stream
fails here; a deliberate one re-records with `python -m tests.providers.ats.test_engine_replay` and says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from providers.ats.engine import Book, Command, Event, Fill, Open, from_dict
from tests.providers.ats.engine_model import ReferenceBook, mixed_stream

FIXTURE = Path(__file__).parent / "fixtures" / "engine_stream.jsonl"
SEED, COUNT, ACCOUNTS, OPEN_EVERY, CLOSED_FOR, REACH = 20261123, 400, 12, 100, 30, 8


def load() -> list[tuple[Command, list[Event], list[dict[str, Any]]]]:
    out = []
    for line in FIXTURE.read_text().splitlines():
        entry = json.loads(line)
        out.append((from_dict(entry["command"]), [from_dict(e) for e in entry["events"]], entry["events"]))
    return out


def test_replaying_the_recorded_stream_gives_the_recorded_events() -> None:
    recorded = load()
    book, model = Book("FIXTURE"), ReferenceBook()
    for n, (command, events, raw) in enumerate(recorded):
        produced = book.apply(command)
        assert produced == events, f"command {n}: {command}"
        assert [e.to_dict() for e in produced] == raw
        assert model.apply(command) == events
    assert Book.replay([c for c, _, _ in recorded], "FIXTURE").snapshot() == book.snapshot()


def test_the_recorded_stream_exercises_every_outcome() -> None:
    seen = {(e["type"], e.get("code") or e.get("reason") or e.get("aggressor") or "") for _, _, raw in load() for e in raw}
    kinds = {kind for kind, _ in seen}
    assert kinds >= {"Accepted", "Rejected", "Fill", "Canceled", "CancelRejected", "Replaced", "ReplaceRejected", "ModeChanged"}
    assert {("Fill", "BID"), ("Fill", "ASK"), ("Canceled", "USER"), ("Canceled", "IOC_REMAINDER"),
            ("Rejected", "CROSS_TRADING_PROHIBITED"), ("Rejected", "WINDOW_CLOSED_FOR_IOC"),
            ("CancelRejected", "TOO_LATE_FILLED")} <= seen
    assert any(isinstance(c, Open) and any(isinstance(e, Fill) for e in events) for c, events, _ in load()), "no uncross"


def record() -> None:
    book = Book("FIXTURE")
    lines = [
        json.dumps({"command": c.to_dict(), "events": [e.to_dict() for e in book.apply(c)]}, separators=(",", ":"))
        for c in mixed_stream(SEED, COUNT, ACCOUNTS, OPEN_EVERY, CLOSED_FOR, REACH)
    ]
    FIXTURE.parent.mkdir(exist_ok=True)
    FIXTURE.write_text("\n".join(lines) + "\n")
    print(f"recorded {len(lines)} commands to {FIXTURE}")


if __name__ == "__main__":
    record()
