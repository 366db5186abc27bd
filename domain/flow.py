"""The step engine every flow shares (pure): which steps apply, which comes next or before, how they show."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Facts = Mapping[str, Any]
Errors = dict[str, str]


def always(_: Facts) -> bool:
    return True


def no_fields(_: Mapping[str, Any], __: Facts) -> Errors:
    return {}


@dataclass(frozen=True)
class Step:
    id: str
    applies: Callable[[Facts], bool] = always
    validate: Callable[[Mapping[str, Any], Facts], Errors] = no_fields
    fields: tuple[str, ...] = field(default=())


class InvalidStep(Exception):
    """A submission that does not pass the step's rules: field → message, plus a message for the whole form."""

    def __init__(self, errors: Errors, message: str = "Please correct the highlighted fields.") -> None:
        super().__init__(message)
        self.errors, self.message = errors, message


def applicable(steps: Sequence[Step], facts: Facts) -> list[Step]:
    return [s for s in steps if s.applies(facts)]


def next_step(steps: Sequence[Step], current: str, facts: Facts) -> str | None:
    ids = [s.id for s in steps]
    for s in steps[ids.index(current) + 1:]:
        if s.applies(facts):
            return s.id
    return None


def previous_step(steps: Sequence[Step], current: str, facts: Facts) -> str | None:
    ids = [s.id for s in steps]
    for s in reversed(steps[: ids.index(current)]):
        if s.applies(facts):
            return s.id
    return None


def first_step(steps: Sequence[Step], facts: Facts) -> str:
    return next(s.id for s in steps if s.applies(facts))


def step_views(steps: Sequence[Step], current: str | None, facts: Facts, done: set[str]) -> list[dict[str, str]]:
    out = []
    for s in steps:
        if not s.applies(facts):
            state = "skipped"
        elif s.id == current:
            state = "current"
        else:
            state = "done" if s.id in done else "todo"
        out.append({"id": s.id, "state": state})
    return out


def by_id(steps: Sequence[Step], step_id: str) -> Step | None:
    return next((s for s in steps if s.id == step_id), None)
