"""The catalogue search rule (spec doc 1 §5). Mirrored by frontend/src/features/assets/search.ts."""

from __future__ import annotations

SEARCH_MINIMUM = 3


def search_term(raw: str) -> str | None:
    """The usable term, or None when the search must give an empty list."""
    term = raw.lstrip()
    if "  " in term or len(term.strip()) < SEARCH_MINIMUM:
        return None
    return term.strip().lower()


def matches(term: str, *, name: str, ticker: str, status: str) -> bool:
    return any(term in field.lower() for field in (name, ticker, status))
