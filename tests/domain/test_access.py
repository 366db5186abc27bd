"""Special-access filtering of the catalogue: which assets an early-access user sees, in which order."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from domain.access import DEFAULT, EARLY_IO, FREE_SHARE_PROGRAM, SPECIAL, Access, has_special_access, mode_for_host
from domain.access import special_access_assets as visible
from domain.asset_status import COMING_SOON, OPEN_ICO

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


@dataclass(frozen=True)
class Asset:
    id: int
    asset_status: str
    order: int


def grant(asset_id: int, kind: str = EARLY_IO, ends: datetime | None = None) -> Access:
    return Access(asset_id, kind, ends, {})


def test_the_early_host_selects_special_access() -> None:
    assert mode_for_host("early.vitrine.example:8000") == SPECIAL
    assert mode_for_host("EARLY.vitrine.example") == SPECIAL
    assert mode_for_host("www.vitrine.example") == DEFAULT
    assert mode_for_host("earlybird.vitrine.example") == DEFAULT


def test_an_ended_access_no_longer_counts() -> None:
    assert has_special_access([grant(1, ends=NOW + timedelta(seconds=1))], NOW)
    assert not has_special_access([grant(1, ends=NOW)], NOW)
    assert has_special_access([grant(1, ends=None)], NOW)
    assert not has_special_access([], NOW)


def test_only_granted_assets_are_listed_free_share_first_then_by_order() -> None:
    a, b, c = Asset(1, COMING_SOON, 1), Asset(2, COMING_SOON, 2), Asset(3, COMING_SOON, 3)
    groups = [grant(1), grant(3, FREE_SHARE_PROGRAM), grant(2, ends=NOW - timedelta(days=1))]
    assert visible([a, b, c], groups, NOW) == [c, a]


def test_early_io_does_not_show_an_offering_that_is_already_open() -> None:
    open_asset = Asset(1, OPEN_ICO, 1)
    assert visible([open_asset], [grant(1, EARLY_IO)], NOW) == []
    assert visible([open_asset], [grant(1, FREE_SHARE_PROGRAM)], NOW) == [open_asset]
