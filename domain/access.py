"""Special-access (early access) filtering of the catalogue (spec doc 1 §1, §4 "Mode filtering")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

from domain.asset_status import OPEN_ICO

EARLY_IO = "early_io"
FREE_SHARE_PROGRAM = "free_share_program"
ACCESS_TYPES = (EARLY_IO, FREE_SHARE_PROGRAM)
EXCLUDED_STATUSES: dict[str, frozenset[str]] = {EARLY_IO: frozenset({OPEN_ICO}), FREE_SHARE_PROGRAM: frozenset()}

NOT_AUTHORISED_FOR_EARLY_ACCESS = "Sorry, you are not authorized for early access at this time."
NO_ACCESSIBLE_ASSETS = "Sorry, there are no assets available at this time."
SPECIAL = "special"
DEFAULT = "default"


def mode_for_host(host: str) -> str:
    """The first label of the host name `early` selects special access."""
    first = host.split(":", 1)[0].split(".", 1)[0].lower()
    return SPECIAL if first == "early" else DEFAULT


@dataclass(frozen=True)
class Access:
    asset_id: int
    access_type: str
    access_end: datetime | None
    limitations: dict[str, Any]

    def active(self, now: datetime) -> bool:
        return self.access_end is None or self.access_end > now


class Listed(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def asset_status(self) -> str: ...
    @property
    def order(self) -> int: ...


T = TypeVar("T", bound=Listed)


def has_special_access(groups: Iterable[Access], now: datetime) -> bool:
    return any(g.active(now) for g in groups)


def special_access_assets(assets: Sequence[T], groups: Iterable[Access], now: datetime) -> list[T]:
    """Assets accessible to the user, access not ended, status not excluded; free_share_program first."""
    by_asset: dict[int, list[Access]] = {}
    for g in groups:
        if g.active(now):
            by_asset.setdefault(g.asset_id, []).append(g)
    chosen: list[tuple[int, int, T]] = []
    for asset in assets:
        allowed = [g for g in by_asset.get(asset.id, []) if asset.asset_status not in EXCLUDED_STATUSES[g.access_type]]
        if allowed:
            rank = 0 if any(g.access_type == FREE_SHARE_PROGRAM for g in allowed) else 1
            chosen.append((rank, asset.order, asset))
    return [a for _, _, a in sorted(chosen, key=lambda t: (t[0], t[1]))]
