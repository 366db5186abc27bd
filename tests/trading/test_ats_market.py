"""The one ATS market reader (clients/ats_market.py) that the api's order checks and the order wizard share: from the
ATS's instrument and pricing answers, whether the instrument is listed and live, the last traded price by the spec's
chain (§5 Display), the lowest ask, and no market (the asset's value per share) for an instrument the ATS does not
know. No server: the answers are the ATS's JSON."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from clients.ats_market import market_of_answers, no_market

VALUE, SHARES = Decimal("10000.00"), 1000


def instrument(status: str = "TRADING", market: str = "open", enabled: bool = True,
               ask_low: Any = "10.25") -> dict[str, Any]:
    return {"status": status, "markets": {"secondaryMarket": {"status": market, "enabled": enabled}},
            "orderBook": {"askLow": ask_low}}


def pricing(latest: Any = "10.40", current: Any = "10.35", close: Any = "9.95", issue: Any = "8.00") -> dict[str, Any]:
    return {"current": current, "issue": issue, "session": {"latestFilled": latest, "lastClose": close}}


def test_live_market_reads_the_latest_fill_and_the_lowest_ask() -> None:
    m = market_of_answers(instrument(), pricing(), asset_value=VALUE, number_of_shares=SHARES)
    assert (m.listed, m.live, m.last_traded, m.lowest_ask) == (True, True, Decimal("10.40"), Decimal("10.25"))
    assert (m.last_close, m.current) == (Decimal("9.95"), Decimal("10.35"))


def test_closed_market_reads_the_last_close_then_the_issue_price() -> None:
    closed = market_of_answers(instrument(market="closed"), pricing(), asset_value=VALUE, number_of_shares=SHARES)
    assert (closed.live, closed.last_traded) == (False, Decimal("9.95"))
    never = market_of_answers(instrument(market="closed"), pricing(close=None), asset_value=VALUE,
                              number_of_shares=SHARES)
    assert never.last_traded == Decimal("8.00")


def test_prices_that_are_not_positive_amounts_are_none() -> None:
    m = market_of_answers(instrument(ask_low="0"), pricing(latest="abc", current="-1", close="", issue=None),
                          asset_value=VALUE, number_of_shares=SHARES)
    assert (m.lowest_ask, m.last_close, m.current) == (None, None, None)
    assert m.last_traded == Decimal("10.00")  # the asset's value per share


def test_a_disabled_market_is_not_listed() -> None:
    m = market_of_answers(instrument(enabled=False), pricing(), asset_value=VALUE, number_of_shares=SHARES)
    assert (m.listed, m.live) == (False, True)


def test_an_instrument_the_ats_does_not_know_has_no_market() -> None:
    m = no_market(asset_value=VALUE, number_of_shares=SHARES)
    assert (m.listed, m.live, m.lowest_ask, m.last_traded) == (False, False, None, Decimal("10.00"))
