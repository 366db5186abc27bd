"""The home screen's hero and progress texts (spec doc 3 §2.4)."""

from __future__ import annotations

import pytest

from domain.asset_status import CLOSED_ICO, COMING_SOON, OPEN_ICO, POST_ONLY, TRADING, TRADING_CLOSED
from domain.home_sections import hero_text, progress_text


@pytest.mark.parametrize(("status", "market", "text"), [
    (OPEN_ICO, "CLOSED", "Initial Offering Now Open"),
    (TRADING, "OPEN", "Trading Now — Act Fast!"),
    (TRADING, "CLOSED", "Accepting Orders Now!"),
    (TRADING, "DISABLED", "Accepting Orders Now!"),
    (POST_ONLY, "CLOSED", "Accepting Orders Now!"),
    (COMING_SOON, "CLOSED", None),
    (CLOSED_ICO, "CLOSED", None),
    (TRADING_CLOSED, "OPEN", None),
])
def test_hero_text_by_market_state(status: str, market: str, text: str | None) -> None:
    assert hero_text(status, market) == text


@pytest.mark.parametrize(("funded", "text"), [
    (0, "0% funded"), (12, "12% funded"), (50, "50% funded"), (51, "49% remaining"), (99, "1% remaining"),
    (100, "SOLD OUT"), (130, "SOLD OUT"), (-3, "0% funded"),
])
def test_progress_text(funded: int, text: str) -> None:
    assert progress_text(funded) == text
