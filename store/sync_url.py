"""The synchronous twin of the database address: the api and the worker reach PostgreSQL over asyncpg; Alembic, the
test harness's schema reset and other one-shot scripts over psycopg2 (`postgresql+psycopg2://`)."""

from __future__ import annotations


def sync_url(url: str) -> str:
    return url.replace("+asyncpg", "+psycopg2")
