"""The five asset categories: keys, paths and titles the catalogue shows."""

from __future__ import annotations

from domain.categories import CATEGORIES, CATEGORY_KEYS


def test_five_categories_with_unique_keys_and_paths() -> None:
    assert len(CATEGORIES) == 5
    assert len(CATEGORY_KEYS) == 5
    assert len({c.pathname for c in CATEGORIES}) == 5


def test_the_spec_s_titles_and_paths() -> None:
    by_key = {c.key: c for c in CATEGORIES}
    assert (by_key["art"].pathname, by_key["art"].title) == ("comics-literature", "Comics and Literature")
    assert (by_key["watches"].pathname, by_key["watches"].title) == ("luxury", "Luxury")
    assert all(c.color.startswith("#") and len(c.color) == 7 for c in CATEGORIES)
