"""The screens' catalogue reads as rules over the snapshot's items (the list by category and search, one asset,
special access), and their keys in the snapshot's prepared reads: the route and the edge answer the same bytes."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from datetime import UTC, datetime
from typing import Any

from api.catalogue.snapshot import Catalogue, Prepared, Snapshot
from domain.access import Access, special_access_assets
from domain.categories import CATEGORY_KEYS
from domain.search import matches, search_term

Items = list[dict[str, Any]]
AccessKey = tuple[tuple[int, str], ...]  # the caller's unexpired access: (asset id, access type), sorted
MAX_QUERY, MAX_CATEGORY = 100, 32  # the list's query parameters' lengths


class _Row:
    """Adapts a catalogue dict to the access rules' Listed protocol."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.id: int = data["id"]
        self.asset_status: str = data["asset_status"]
        self.order: int = data["order"]


def access_key(groups: Iterable[Access], now: datetime) -> AccessKey:
    """What of a caller's access decides what they see now: the active groups' assets and types."""
    return tuple(sorted({(g.asset_id, g.access_type) for g in groups if g.active(now)}))


def special_items(items: Items, key: AccessKey) -> Items:
    groups = [Access(asset_id, access_type, None, {}) for asset_id, access_type in key]
    return [r.data for r in special_access_assets([_Row(a) for a in items], groups, datetime.now(UTC))]


def visible(items: Items, key: AccessKey | None) -> Items:
    """Everything in default mode (`key` None), the caller's access in special mode."""
    return items if key is None else special_items(items, key)


def known_category(category: str | None) -> bool:
    return category is None or category in CATEGORY_KEYS


def prepared_read(snap: Snapshot, access: AccessKey | None, read: str, query: Hashable,
                  build: Callable[[Items], Any | None]) -> Prepared | None:
    """A screen read's answer from the snapshot: built once per snapshot, access set and query from the assets the
    caller may see (`build` gets those); None when `build` finds nothing to answer."""
    return snap.read((read, access, query), lambda items: build(visible(items, access)))


def listing(category: str | None, query: str | None) -> Callable[[Items], Any]:
    """The list read (a known category or none, a search or none)."""

    def build(items: Items) -> dict[str, Any]:
        found = items
        if category is not None:
            found = [a for a in found if a["category"] == category]
        if query is not None:
            term = search_term(query)
            found = [] if term is None else [
                a for a in found if matches(term, name=a["display_name"], ticker=a["ticker"], status=a["asset_status"])]
        return {"items": found}

    return build


async def detail_read(catalogue: Catalogue, snap: Snapshot, access: AccessKey | None,
                      asset_id: int) -> Prepared | None:
    """One asset with its page content, prepared per snapshot, access set and content version; None (the 404) when
    the caller may not see it or it does not exist."""
    if asset_id not in snap.ids:
        return None
    content = await catalogue.content(asset_id)
    data = content.data

    def build(items: Items) -> dict[str, Any] | None:
        found = next((a for a in items if a["id"] == asset_id), None)
        return None if found is None or data is None else {**found, **data}

    return prepared_read(snap, access, "detail", (asset_id, content.version), build)
