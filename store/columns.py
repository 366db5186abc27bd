"""The column kinds the SQLModel tables share, declared once: money NUMERIC(14, 2), timestamps WITH TIME ZONE (the
database's clock for the creation time), free-form JSON, unbounded text. Each returns a `Field` (typed Any, as
SQLModel's own), so a table reads `amount: Decimal = money()`."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, DateTime, Text, func
from sqlmodel import Field


def money(**kw: Any) -> Any:
    return Field(max_digits=14, decimal_places=2, **kw)


def stamp(*, index: bool = False) -> Any:
    """A moment that may not have happened yet (nullable)."""
    return Field(default=None, sa_type=DateTime(timezone=True), index=index)


def created() -> Any:
    """When the row was written, by the database's clock."""
    return Field(default=None, sa_type=DateTime(timezone=True), nullable=False,
                 sa_column_kwargs={"server_default": func.now()})


def touched(*, nullable: bool = True, index: bool = False) -> Any:
    """When the row was written or last updated (the ORM's updates set it again)."""
    return Field(default=None, sa_type=DateTime(timezone=True), nullable=nullable, index=index,
                 sa_column_kwargs={"server_default": func.now(), "onupdate": func.now()})


def json_dict(*, server_default: str | None = None) -> Any:
    return Field(default_factory=dict, sa_type=JSON, sa_column_kwargs=_server(server_default))


def text(*, server_default: str | None = None) -> Any:
    return Field(default="", sa_type=Text, sa_column_kwargs=_server(server_default))


def blank(max_length: int) -> Any:
    """A string column added to a table that had rows: empty by default in the database too."""
    return Field(default="", max_length=max_length, sa_column_kwargs=_server(""))


def _server(default: str | None) -> dict[str, Any]:
    return {} if default is None else {"server_default": default}
