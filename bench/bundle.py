"""The JavaScript the browser loads before the first screen (issue 12: ≤ 250 KB gzip): the entry script of
`frontend/dist/index.html` and every chunk it preloads, each gzipped at level 9, against a budget.

    .venv/bin/python -m bench.bundle [--no-build] [--budget 250]

Builds the app first (`npm run build`) unless --no-build; exits 1 over the budget. `make test-frontend` runs it."""

from __future__ import annotations

import argparse
import gzip
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"
BUDGET_KB = 250.0
_INITIAL = re.compile(r'<script[^>]+src="(/assets/[^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="(/assets/[^"]+\.js)"')


@dataclass(frozen=True)
class Chunk:
    path: str
    raw: int
    gzipped: int


def initial_chunks(dist: Path) -> list[Chunk]:
    """The entry and its modulepreloads, in the order index.html names them."""
    html = (dist / "index.html").read_text()
    chunks = []
    for match in _INITIAL.finditer(html):
        path = match.group(1) or match.group(2)
        body = (dist / path.lstrip("/")).read_bytes()
        chunks.append(Chunk(path, len(body), len(gzip.compress(body, 9))))
    return chunks


def report(chunks: list[Chunk], budget_kb: float) -> bool:
    print(f"{'chunk':<48} {'raw KB':>9} {'gzip KB':>9}")
    for c in sorted(chunks, key=lambda c: -c.gzipped):
        print(f"{c.path:<48} {c.raw / 1000:>9.1f} {c.gzipped / 1000:>9.1f}")
    total = sum(c.gzipped for c in chunks) / 1000
    fits = total <= budget_kb
    print(f"initial JavaScript: {total:.1f} KB gzip in {len(chunks)} files (budget {budget_kb:.0f} KB): "
          f"{'within' if fits else 'OVER'}")
    return fits


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--no-build", action="store_true", help="measure the existing frontend/dist")
    ap.add_argument("--budget", type=float, default=BUDGET_KB, help="KB gzip (default 250)")
    args = ap.parse_args(argv)
    if not args.no_build:
        subprocess.check_call(["npm", "run", "-s", "build"], cwd=FRONTEND, stdout=subprocess.DEVNULL)
    chunks = initial_chunks(FRONTEND / "dist")
    if not chunks:
        print("no entry script in frontend/dist/index.html", file=sys.stderr)
        return 1
    return 0 if report(chunks, args.budget) else 1


if __name__ == "__main__":
    raise SystemExit(main())
