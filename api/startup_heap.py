"""The api process's heap after startup, kept out of the garbage collector's full collections.

What startup leaves (the imported modules of FastAPI, pydantic, SQLAlchemy, the Temporal SDK, the app's routes: about
200 000 objects) lives as long as the process; a full (generation 2) collection walks all of it, which measured
110-150 ms on the benchmark's machine — a pause in which every request waits, and the catalogue reads' p99 went from
~2 ms to 70-90 ms in the run that met one (bench/catalogue.py). `gc.freeze()` moves those objects to the permanent
generation: collections still run, over what was made after startup only. Their garbage is still freed by reference
counting; only a reference cycle among them would stay (none is made by design)."""

from __future__ import annotations

import gc


def freeze_startup_heap() -> None:
    gc.collect()  # what startup left as garbage is freed first, not frozen
    gc.freeze()
