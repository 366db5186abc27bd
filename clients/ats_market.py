"""One instrument's market at the ATS, read the one way both its readers need it: the api's prevalidate, create and
edit (api/trading/order_checks.py) and the order wizard's select step (activities/trading/placement.py). From the instrument
(`GET /instruments/{id}`: its status, its secondary market, the book's lowest ask) and its pricing (current, issue,
the session's latest fill and last close): whether the ATS lists it with its secondary market enabled, whether it
trades live now (spec doc 3 §4.1), the last traded price (§5 Display: the asset's value per share when the ATS has
none) and the lowest ask. An instrument the ATS does not know has no market; the ATS unreachable raises
AtsUnavailable, for the caller to decide (a 503, a tolerated outage, a retried activity)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from clients.ats import AtsClient
from clients.http import ProviderRejected
from domain.money import money
from domain.trading import order_rules as R


@dataclass(frozen=True)
class Market:
    listed: bool  # the ATS lists the instrument and its secondary market is enabled
    live: bool  # the secondary market is open and the instrument TRADING
    last_traded: Decimal | None
    lowest_ask: Decimal | None
    last_close: Decimal | None
    current: Decimal | None


def price_of(value: Any) -> Decimal | None:
    """A positive price from the ATS's JSON, in cents; anything else none."""
    price = R.parse_price(value) if value not in (None, "") else None
    return money(price) if price is not None and price > 0 else None


def trades_live(inst: dict[str, Any]) -> bool:
    """Live trading (spec doc 3 §4.1) from the ATS's instrument (`data`): TRADING with its secondary market open (its
    window OPEN; not post-only, not CONFIRMATION)."""
    market = (inst.get("markets") or {}).get("secondaryMarket") or {}
    return market.get("status") == "open" and inst.get("status") == "TRADING"


async def read_instrument(ats: AtsClient, instrument_id: str) -> dict[str, Any]:
    """The ATS's instrument `data`; empty: not an instrument of the ATS."""
    try:
        return (await ats.call("GET", f"/instruments/{instrument_id}")).get("data") or {}
    except ProviderRejected:  # not an instrument of the ATS
        return {}


def market_of_answers(inst: dict[str, Any], pricing: dict[str, Any], *, asset_value: Decimal | None,
                      number_of_shares: int) -> Market:
    """The market from the ATS's two answers (`data` of the instrument, `data.pricePerUnit` of its pricing; empty:
    the ATS does not know the instrument)."""
    market = (inst.get("markets") or {}).get("secondaryMarket") or {}
    live = trades_live(inst)
    session = pricing.get("session") or {}
    last_close, current = price_of(session.get("lastClose")), price_of(pricing.get("current"))
    last = R.last_traded_price(live=live, latest_filled=price_of(session.get("latestFilled")), current=current,
                               last_close=last_close, issue=price_of(pricing.get("issue")), asset_value=asset_value,
                               number_of_shares=number_of_shares)
    return Market(bool(market.get("enabled", False)), live, last, price_of((inst.get("orderBook") or {}).get("askLow")),
                  last_close, current)


def no_market(*, asset_value: Decimal | None, number_of_shares: int) -> Market:
    return market_of_answers({}, {}, asset_value=asset_value, number_of_shares=number_of_shares)


async def read_answers(ats: AtsClient, instrument_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ATS's instrument `data` and pricing `data.pricePerUnit` (both empty: not an instrument of the ATS)."""
    inst = await read_instrument(ats, instrument_id)
    if not inst:
        return {}, {}
    try:
        pricing = ((await ats.pricing(instrument_id)).get("data") or {}).get("pricePerUnit") or {}
    except ProviderRejected:  # not an instrument of the ATS
        return {}, {}
    return inst, pricing


async def read_market(ats: AtsClient, instrument_id: str, *, asset_value: Decimal | None,
                      number_of_shares: int) -> Market:
    inst, pricing = await read_answers(ats, instrument_id)
    return market_of_answers(inst, pricing, asset_value=asset_value, number_of_shares=number_of_shares)
