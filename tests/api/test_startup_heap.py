"""The api's startup heap is frozen (api/startup_heap.py): a full collection during requests walks only what was
made after startup, not the ~200 000 objects of the imported libraries (a 110-150 ms pause measured before)."""

from __future__ import annotations

import gc

from api.app import create_app
from config import Settings
from tests import heap


async def test_startup_leaves_its_heap_out_of_full_collections(settings: Settings) -> None:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    app = create_app(settings)
    try:
        async with app.router.lifespan_context(app):
            frozen = gc.get_freeze_count()
            assert frozen > 50_000, frozen  # the libraries' modules, classes and functions
    finally:
        heap.freeze()  # the worker's heap frozen again, as after the collection (tests/heap.py)
