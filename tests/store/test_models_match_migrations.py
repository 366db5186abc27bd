"""The SQLModel tables are the schema the Alembic migrations build: on a fresh schema migrated to head, Alembic's
autogenerate comparison finds nothing to change (no table, column, type, nullability, server default, index,
unique constraint or foreign key differs). Only our schema (the connection's default, `public`) is compared: the ATS
sandbox's schemas in the same database (`ats`, and the per-process ones of tests/ats_schemas.py, which a killed test
run leaves behind) are the provider's own, not ours."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Column, MetaData, create_engine
from sqlmodel import SQLModel

import store.app_models  # noqa: F401 - the tables in SQLModel's metadata
import store.content_models  # noqa: F401
import store.home_models  # noqa: F401
import store.models  # noqa: F401
import store.trading.models  # noqa: F401
from store.sync_url import sync_url

if TYPE_CHECKING:
    from alembic.migration import MigrationContext


def json_default_differs(context: MigrationContext, inspected_column: Any, metadata_column: Column[Any],
                         inspected_default: str | None, metadata_default: Any, rendered_metadata_default: str | None
                         ) -> bool | None:
    """PostgreSQL cannot compare two JSON values with `=` (Alembic's own check): their texts are compared instead.
    Any other column: None, Alembic's comparison."""
    if not isinstance(metadata_column.type, JSON):
        return None
    return inspected_default != (None if rendered_metadata_default is None else f"'{rendered_metadata_default}'::json")


def differences(url: str, metadata: MetaData) -> list[Any]:
    from alembic.autogenerate import compare_metadata  # by the worker that runs this, not at collection
    from alembic.migration import MigrationContext

    engine = create_engine(sync_url(url))
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={
                "compare_type": True, "compare_server_default": json_default_differs,
                "include_schemas": False})
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def test_models_match_the_migrated_schema(database: str) -> None:
    # 25, financial_documents, the asset page's 8, the home sections' 4, notices, trading_hold_executions,
    # device_tokens, analytics_events
    assert len(SQLModel.metadata.tables) == 42
    assert differences(database, SQLModel.metadata) == []
