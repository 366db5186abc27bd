"""Each rule module of domain/ has its own fast test file here (tests/domain/test_<module>.py)."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
DOMAIN = HERE.parent.parent / "domain"


def test_every_domain_module_has_a_test_file() -> None:
    modules = {p.stem for p in DOMAIN.rglob("*.py") if p.stem != "__init__"}
    assert len(modules) > 20
    assert sorted(m for m in modules if not (HERE / f"test_{m}.py").exists()) == []
