"""Custom search attributes registered on the Temporal server (no PII: ids, flow kinds, steps, tickers)."""

from __future__ import annotations

from temporalio.common import SearchAttributeKey

USER_ID = SearchAttributeKey.for_keyword("VitrineUserId")
FLOW = SearchAttributeKey.for_keyword("VitrineFlow")
STEP = SearchAttributeKey.for_keyword("VitrineStep")
ASSET_TICKER = SearchAttributeKey.for_keyword("VitrineAssetTicker")
ORDER_STATUS = SearchAttributeKey.for_keyword("VitrineOrderStatus")  # an order workflow's status (issue 11)

ALL = (USER_ID, FLOW, STEP, ASSET_TICKER, ORDER_STATUS)


def cli_args() -> list[str]:
    """`temporal server start-dev` arguments registering every attribute."""
    out: list[str] = []
    for key in ALL:
        out += ["--search-attribute", f"{key.name}=Keyword"]
    return out
