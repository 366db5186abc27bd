"""Writes the api's OpenAPI document (the source of the frontend's generated TS client), or checks that the committed
one and the TypeScript generated from it are current (`--check`, in `make lint`).

    .venv/bin/python scripts/export_openapi.py [frontend/openapi.json]
    .venv/bin/python scripts/export_openapi.py --check"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from api.app import create_app  # noqa: E402

SPEC = ROOT / "frontend/openapi.json"
GENERATED = ROOT / "frontend/src/api/schema.gen.ts"


def document() -> str:
    return json.dumps(create_app().openapi(), indent=2, sort_keys=True) + "\n"


def generated_from(spec: Path) -> str:
    """The TypeScript that `npm run gen:api` makes of this spec."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "schema.gen.ts"
        subprocess.check_call(["npx", "--no-install", "openapi-typescript", str(spec), "-o", str(out)],
                              cwd=ROOT / "frontend", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return out.read_text()


def check() -> int:
    stale = []
    if not SPEC.exists() or SPEC.read_text() != document():
        stale.append(f"{SPEC.relative_to(ROOT)} differs from the api's OpenAPI")
    elif not GENERATED.exists() or GENERATED.read_text() != generated_from(SPEC):
        stale.append(f"{GENERATED.relative_to(ROOT)} was not generated from {SPEC.relative_to(ROOT)}")
    for line in stale:
        print(f"stale: {line}; run `make openapi` and commit both files", file=sys.stderr)
    return 1 if stale else 0


def main() -> int:
    if sys.argv[1:] == ["--check"]:
        return check()
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else SPEC
    target.write_text(document())
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
