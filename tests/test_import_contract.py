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
INTERFACES = sorted(f"activities.interfaces.{p.stem}" for p in (ROOT / "activities" / "interfaces").glob("*.py")
                    if p.stem != "__init__")
IMPLEMENTATIONS = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts) for p in (ROOT / "activities").rglob("*.py")
    if p.stem != "__init__" and "interfaces" not in p.relative_to(ROOT / "activities").parts)


def _contracts() -> dict[str, dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    return {c["name"]: c for c in config}


def _name(fn: Any) -> str:
    defn = activity._Definition.must_from_callable(fn)
    assert defn.name is not None
    return defn.name


def _stubs(module: str) -> dict[str, Any]:
    """activity name → stub or implementation, for every activity class defined in `module`."""
    mod = importlib.import_module(module)
    return {_name(fn): fn for _, cls in inspect.getmembers(mod, inspect.isclass) if cls.__module__ == mod.__name__
            for _, fn in inspect.getmembers(cls, inspect.isfunction)
            if fn.__module__ == mod.__name__ and hasattr(fn, "__temporal_activity_definition")}


def _declared(module: str) -> set[str]:
    """The activity names an interface declares: its stubs', and its string constants (the names-only form:
    `HOLD = "trading.hold"`, called with `workflow.execute_activity(HOLD, arg, result_type=...)`)."""
    mod = importlib.import_module(module)
    return set(_stubs(module)) | {v for v in vars(mod).values() if isinstance(v, str)}


def test_the_contracts_forbid_every_implementation_by_package_not_by_list() -> None:
    """A new activity module is forbidden to api and workflows the moment it exists: the contracts name the package
    `activities` and let through only `activities.interfaces`, and the interfaces may import no activity module."""
    contracts = list(_contracts().values())
    for layer in ("api", "workflows"):
        (contract,) = [c for c in contracts if c["source_modules"] == [layer]]
        assert "activities" in contract["forbidden_modules"], contract["name"]
        assert f"{layer}.** -> activities.interfaces.**" in contract["ignore_imports"], contract["name"]
        assert all(i.endswith("-> activities.interfaces.**") for i in contract["ignore_imports"]), contract["name"]
    (interfaces,) = [c for c in contracts if c["source_modules"] == ["activities.interfaces"]]
    assert {"activities.*", "workflows", "store", "clients", "config"} <= set(interfaces["forbidden_modules"])


def test_every_implementation_is_declared_by_one_interface_with_the_same_signatures() -> None:
    declared_by = {name: m for m in INTERFACES for name in _declared(m)}
    stubs = {name: stub for m in INTERFACES for name, stub in _stubs(m).items()}
    implemented: set[str] = set()
    for module in IMPLEMENTATIONS:
        impl = _stubs(module)
        undeclared = sorted(impl.keys() - declared_by.keys())
        assert not undeclared, f"{module} implements {undeclared}, which no activities/interfaces/ module names"
        implemented |= impl.keys()
        for name, fn in impl.items():
            if name in stubs:
                assert fn.__name__ == stubs[name].__name__, name
                assert typing.get_type_hints(fn) == typing.get_type_hints(stubs[name]), name
    assert stubs.keys() <= implemented, f"stubs nothing implements: {sorted(stubs.keys() - implemented)}"


def test_the_worker_registers_exactly_the_interfaces_activities() -> None:
    none = cast(Any, None)
    registered = {_name(fn) for fn in activities(Settings(), Resources(none, none, none))}
    stubs = {name for m in INTERFACES for name in _stubs(m)}
    declared = set().union(*(_declared(m) for m in INTERFACES))
    assert stubs <= registered, f"stubs no worker runs: {sorted(stubs - registered)}"
    assert registered <= declared, f"activities no interface names: {sorted(registered - declared)}"
