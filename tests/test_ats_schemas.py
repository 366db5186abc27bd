"""The tests' per-process ATS schemas: a name per process and kind, and only those of dead processes dropped."""

from __future__ import annotations

import os

from sqlalchemy import create_engine, text

from store.sync_url import sync_url
from tests.ats_schemas import drop_stale, schema_for
from tests.conftest import TEST_DB

DEAD_PID = 4_194_999  # above Linux's largest pid (2^22): never a live process


def test_names_are_per_process_and_fresh() -> None:
    a, b = schema_for("unit"), schema_for("unit")
    assert a != b and a.startswith(f"ats_unit_{os.getpid()}_")


def test_drops_only_the_schemas_of_dead_processes() -> None:
    live, dead = schema_for("orders"), f"ats_orders_{DEAD_PID}_abc123"
    engine = create_engine(sync_url(TEST_DB))
    try:
        with engine.begin() as c:
            for name in (live, dead, "ats"):
                c.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{name}"'))
            assert dead in drop_stale(c)
            left = {n for (n,) in c.execute(text("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'ats%'"))}
            assert live in left and "ats" in left and dead not in left
            c.execute(text(f'DROP SCHEMA "{live}"'))
    finally:
        engine.dispose()
