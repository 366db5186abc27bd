"""Path parameter types shared by the routes: a database id within PostgreSQL's integer range (an id beyond it is a
422, never a query that fails), an opaque token of URL-safe characters."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path

MAX_ID = 2**31 - 1  # ids are PostgreSQL `integer` columns

Id = Annotated[int, Path(ge=1, le=MAX_ID)]
Token = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


def valid_id(value: int) -> bool:
    return 1 <= value <= MAX_ID
