"""The five asset categories (spec doc 1 §2: key, pathname, title)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CategoryDef:
    key: str
    pathname: str
    title: str
    color: str


CATEGORIES: tuple[CategoryDef, ...] = (
    CategoryDef("history", "history", "History", "#b5651d"),
    CategoryDef("art", "comics-literature", "Comics and Literature", "#c0392b"),
    CategoryDef("cars", "cars", "Cars", "#1f6feb"),
    CategoryDef("watches", "luxury", "Luxury", "#8e44ad"),
    CategoryDef("wine-spirits", "wine-spirits", "Wine and Spirits", "#7b1e3a"),
)
CATEGORY_KEYS = frozenset(c.key for c in CATEGORIES)
