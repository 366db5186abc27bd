"""The step engine: applicable steps, next and previous, and how each step shows."""

from __future__ import annotations

from domain.flow import InvalidStep, Step, applicable, by_id, first_step, next_step, previous_step, step_views

STEPS = (Step("a", lambda f: not f.get("skip_a")), Step("b", lambda f: bool(f.get("b"))), Step("c"), Step("d"))


def test_next_and_previous_skip_the_steps_that_do_not_apply() -> None:
    assert next_step(STEPS, "a", {}) == "c"
    assert next_step(STEPS, "a", {"b": True}) == "b"
    assert next_step(STEPS, "d", {}) is None
    assert previous_step(STEPS, "c", {}) == "a"
    assert previous_step(STEPS, "c", {"skip_a": True}) is None


def test_the_first_applicable_step() -> None:
    assert first_step(STEPS, {}) == "a"
    assert first_step(STEPS, {"skip_a": True}) == "c"
    assert [s.id for s in applicable(STEPS, {"b": True})] == ["a", "b", "c", "d"]


def test_step_views() -> None:
    assert step_views(STEPS, "c", {}, {"a"}) == [{"id": "a", "state": "done"}, {"id": "b", "state": "skipped"},
                                                 {"id": "c", "state": "current"}, {"id": "d", "state": "todo"}]


def test_lookup_and_defaults() -> None:
    step = by_id(STEPS, "c")
    assert step is not None and step.validate({"x": 1}, {}) == {} and step.fields == ()
    assert by_id(STEPS, "zz") is None


def test_an_invalid_step_carries_its_field_errors() -> None:
    err = InvalidStep({"shares": "Please choose at least 1 share"})
    assert err.errors == {"shares": "Please choose at least 1 share"}
    assert err.message == str(err) == "Please correct the highlighted fields."
