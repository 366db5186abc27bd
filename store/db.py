"""Engine and session factory for PostgreSQL (async SQLAlchemy over asyncpg)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine


def make_engine(url: str, tls: bool = False) -> AsyncEngine:
    # asyncpg would otherwise negotiate TLS whenever the server offers it, even over loopback, paying for it on
    # every query; a database on another host sets VITRINE_DATABASE_TLS=true.
    return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True, connect_args={"ssl": tls})


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)
