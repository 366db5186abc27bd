"""Asset statuses and the numbers derived from them (spec doc 1 §4)."""

from __future__ import annotations

COMING_SOON = "Coming Soon"
OPEN_ICO = "Open ICO"
CLOSED_ICO = "Closed ICO"
TRADING = "Trading"
POST_ONLY = "Post Only"
TRADING_CLOSED = "Trading closed"
ASSET_STATUSES = (COMING_SOON, OPEN_ICO, CLOSED_ICO, TRADING, POST_ONLY, TRADING_CLOSED)

# the statuses for which "notify me on trading" makes sense (spec doc 1 §7)
NOTIFY_ON_TRADING_STATUSES = frozenset({CLOSED_ICO, TRADING_CLOSED})
NOTIFY_ME_STATUSES = frozenset({COMING_SOON})


def progress_bar(shares_sold: int, number_of_shares: int) -> int:
    """Percent funded as an integer capped at 100."""
    if number_of_shares <= 0:
        return 0
    return min(100, (shares_sold * 100) // number_of_shares)
