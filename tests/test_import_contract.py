"""The import contract (pyproject's [tool.importlinter], run by `make lint`) names every activity implementation and
interface, and each interface matches what the worker runs: same activity names, same signatures."""

from __future__ import annotations

import importlib
import inspect
import tomllib
import typing
from pathlib import Path
from typing import Any, cast

from temporalio import activity

from config import Settings
from worker.build import Resources, activities

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted(p.stem for p in (ROOT / "activities").glob("*.py") if p.stem != "__init__")
INTERFACES = [m for m in MODULES if m.endswith("_types")]
IMPLEMENTATIONS = [m for m in MODULES if not m.endswith("_types")]


def _contracts() -> dict[str, dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    return {c["name"]: c for c in config}


def _name(fn: Any) -> str:
    defn = activity._Definition.must_from_callable(fn)
    assert defn.name is not None
    return defn.name


def _stubs(module: str) -> dict[str, Any]:
    """activity name → stub, for every interface class of activities/<module>.py."""
    mod = importlib.import_module(f"activities.{module}")
    return {_name(fn): fn for _, cls in inspect.getmembers(mod, inspect.isclass) if cls.__module__ == mod.__name__
            for _, fn in inspect.getmembers(cls, inspect.isfunction)
            if fn.__module__ == mod.__name__ and hasattr(fn, "__temporal_activity_definition")}


def _declared(module: str) -> set[str]:
    """The activity names activities/<module>.py declares: its stubs', and its string constants (the names-only form:
    `HOLD = "trading.hold"`, called with `workflow.execute_activity(HOLD, arg, result_type=...)`)."""
    mod = importlib.import_module(f"activities.{module}")
    return set(_stubs(module)) | {v for v in vars(mod).values() if isinstance(v, str)}


def test_every_activity_implementation_is_forbidden_where_the_contract_says() -> None:
    impls = {f"activities.{m}" for m in IMPLEMENTATIONS}
    guarded = [c for c in _contracts().values() if "activities.profile" in c["forbidden_modules"]]
    assert len(guarded) == 3  # api, workflows, the interfaces
    for contract in guarded:
        missing = sorted(impls - set(contract["forbidden_modules"]))
        assert not missing, f"pyproject.toml: add {missing} to the ACTIVITY IMPLEMENTATIONS of {contract['name']!r}"


def test_every_activity_interface_is_held_light() -> None:
    interfaces = {f"activities.{m}" for m in INTERFACES}
    sources = [set(c["source_modules"]) for c in _contracts().values() if "activities.profile_types" in c["source_modules"]]
    assert len(sources) == 1
    missing = sorted(interfaces - sources[0])
    assert not missing, f"pyproject.toml: add {missing} to the sources of the activity interfaces' contract"


def test_every_implementation_has_an_interface_module() -> None:
    missing = sorted(f"activities/{m}_types.py" for m in IMPLEMENTATIONS if f"{m}_types" not in INTERFACES)
    assert not missing, f"each activities/X.py needs its interface activities/X_types.py: {missing}"
    assert {f"{m}_types" for m in IMPLEMENTATIONS} == set(INTERFACES)


def test_each_implementation_keeps_its_interface_s_names_and_signatures() -> None:
    for module in IMPLEMENTATIONS:
        stubs, impl = _stubs(f"{module}_types"), _stubs(module)
        undeclared = sorted(impl.keys() - _declared(f"{module}_types"))
        assert not undeclared, f"activities/{module}.py implements {undeclared}, which activities/{module}_types.py does not name"
        assert stubs.keys() <= impl.keys(), f"activities/{module}.py leaves {sorted(stubs.keys() - impl.keys())} unimplemented"
        for name, stub in stubs.items():
            assert impl[name].__name__ == stub.__name__, name
            assert typing.get_type_hints(impl[name]) == typing.get_type_hints(stub), name


def test_the_worker_registers_exactly_the_interfaces_activities() -> None:
    none = cast(Any, None)
    registered = {_name(fn) for fn in activities(Settings(), Resources(none, none, none))}
    stubs = {name for m in INTERFACES for name in _stubs(m)}
    declared = set().union(*(_declared(m) for m in INTERFACES))
    assert stubs <= registered, f"stubs no worker runs: {sorted(stubs - registered)}"
    assert registered <= declared, f"activities no interface names: {sorted(registered - declared)}"
