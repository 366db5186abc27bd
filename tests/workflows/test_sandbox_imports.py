"""The sandbox runs a workflow's module anew for every workflow it starts; what the module imports inside
`workflow.unsafe.imports_passed_through()` is meant to come from the worker's own modules instead, loaded once.
The sandbox passes through a name it is asked for by its full dotted name only: `from workflows import order_types`
asks for `workflows` and then loads `order_types` inside the sandbox again, for every order (the bench's profile:
14% of the worker's time at a window's close went to re-running such modules). So a passed-through module is
imported as `import workflows.trading.order_types as O`; names are imported from a module as before."""

from __future__ import annotations

import ast

from tests.conftest import ROOT


def _is_module(package: str, name: str) -> bool:
    base = ROOT.joinpath(*package.split("."), name)
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def _passed_through_blocks(tree: ast.Module) -> list[ast.With]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.With)
            and any("imports_passed_through" in ast.unparse(item.context_expr) for item in node.items)]


def test_passed_through_modules_are_imported_by_their_full_name() -> None:
    offenders, blocks = [], 0
    for path in sorted((ROOT / "workflows").rglob("*.py")):
        for block in _passed_through_blocks(ast.parse(path.read_text())):
            blocks += 1
            for node in ast.walk(block):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    offenders += [f"{path.name}: from {node.module} import {alias.name}" for alias in node.names
                                  if _is_module(node.module, alias.name)]
    assert blocks > 10  # the check saw the workflow modules' blocks
    assert offenders == [], "import these as `import package.module as alias`:\n" + "\n".join(offenders)
