"""Alembic environment: migrates the database named by VITRINE_DATABASE_URL (or -x url=...)."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import create_engine, pool
from sqlmodel import SQLModel

import store.app_models  # noqa: F401 - the tables in SQLModel's metadata
import store.content_models  # noqa: F401
import store.home_models  # noqa: F401
import store.models  # noqa: F401
import store.trading.models  # noqa: F401
from config import get_settings
from store.sync_url import sync_url as to_sync

config = context.config
if config.config_file_name is not None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def sync_url() -> str:
    url = context.get_x_argument(as_dictionary=True).get("url") or get_settings().database_url
    return to_sync(url)


def run_migrations_offline() -> None:
    context.configure(url=sync_url(), target_metadata=SQLModel.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = create_engine(sync_url(), poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=SQLModel.metadata)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
