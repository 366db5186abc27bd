"""The home screen's highlight heroes (spec doc 3 §2.4, §4.1): the hero text an asset's market state shows and the
progress text of its offering.

- Hero: an initial offering (Open ICO) shows 'Initial Offering Now Open'; live trading (Trading with the secondary
  market open) 'Trading Now — Act Fast!'; post-only (Post Only, or Trading with the market not open)
  'Accepting Orders Now!'. Any other state has no hero text.
- Progress: 100 % funded shows 'SOLD OUT'; under 100 % the percent funded, or the percent remaining once more
  than 50 % is funded (the asset list's status line reads the same)."""

from __future__ import annotations

from domain import asset_status as status

HERO_INITIAL_OFFERING = "Initial Offering Now Open"
HERO_LIVE_TRADING = "Trading Now — Act Fast!"
HERO_POST_ONLY = "Accepting Orders Now!"
SOLD_OUT = "SOLD OUT"
FULL = 100
MARKET_OPEN = "OPEN"


def hero_text(asset_status: str, market_status: str | None) -> str | None:
    if asset_status == status.OPEN_ICO:
        return HERO_INITIAL_OFFERING
    if asset_status == status.TRADING and market_status == MARKET_OPEN:
        return HERO_LIVE_TRADING
    if asset_status in (status.TRADING, status.POST_ONLY):
        return HERO_POST_ONLY
    return None


def progress_text(percent_funded: int) -> str:
    funded = max(0, min(FULL, percent_funded))
    if funded >= FULL:
        return SOLD_OUT
    if funded > FULL // 2:
        return f"{FULL - funded}% remaining"
    return f"{funded}% funded"
