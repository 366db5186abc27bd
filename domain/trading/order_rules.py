"""Order prevalidation (spec doc 3 §5 "Order form", §6 gates, §8 codes and messages, §9 limits). Pure: the order
workflow's Update validators, the prevalidate calls and the tests share this one definition.

`prevalidate(OrderCheck)` answers as the spec's prevalidate call does: valid, code, message and
context.unitsAvailable (for an ask the units the investor may sell; for a bid the units the cash covers at the
price, capped by the asset's shares)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Any, Literal

from domain.customer_status import customer_status_error
from domain.holding_period import Lot, aged_units
from domain.money import money, parse_decimal
from domain.purchase import SHARES_MIN

Side = Literal["BID", "ASK"]
BID: Side = "BID"
ASK: Side = "ASK"
INSTANT, LIMIT = "INSTANT", "LIMIT"

TICK = Decimal("0.05")
MIN_UNITS = 1
MAX_ASK_DISCOUNT = Decimal("0.30")  # an ask may not be more than 30% below the last traded price

UNIT_PRICE_OUT_OF_BOUNDS = "UNIT_PRICE_OUT_OF_BOUNDS"
INSUFFICIENT_FUNDS = "INSUFFICIENT_FUNDS"
INSUFFICIENT_UNITS = "INSUFFICIENT_UNITS"
INALIENABLE_UNITS = "INALIENABLE_UNITS"
CROSS_TRADING_PROHIBITED = "CROSS_TRADING_PROHIBITED"
FINANCIAL_ACCOUNT_RESTRICTED = "FINANCIAL_ACCOUNT_RESTRICTED"
EMAIL_NOT_VERIFIED = "EMAIL_NOT_VERIFIED"
INVALID_UNITS = "INVALID_UNITS"
INVALID_UNIT_PRICE = "INVALID_UNIT_PRICE"
INSTANT_BUY_UNAVAILABLE = "INSTANT_BUY_UNAVAILABLE"

PRICE_OUT_OF_BOUNDS_MESSAGE = ("Your Ask cannot be more than 30% lower than Last Traded Price. "
                               "Please adjust your ask accordingly.")
FUNDS_MESSAGE = ("You do not have enough of a cash balance to cover the estimated cost. Please adjust your bid "
                 "accordingly. You may also FUND YOUR ACCOUNT to cover your future orders.")
UNITS_ADVICE = ("check your open orders as shares may already be allocated to an existing order. Also, recently "
                "acquired shares must be held for 5 business days before attempting to re-sell.")
NOT_ENOUGH_TO_SELL = "You do not currently have enough shares available to sell."
CROSS_TRADING_MESSAGE = "Currently, we limit investors from having concurrent active BIDs and ASKs for a given asset."
INSTANT_BUY_UNAVAILABLE_MESSAGE = "Instant Buy Currently Unavailable"
VERIFY_EMAIL = "In order to trade on Vitrine you must verify your email, {email}"
STATE_BLOCKED = "State Availability Issue: trading is not yet available in your state."
PRICE_REQUIRED = "Please enter a price per share greater than $0.00"
PRICE_DECIMALS = "Please enter a price per share with at most 2 decimals"


def units_message(n: int) -> str:
    return f"You only have {n} shares available to sell. {UNITS_ADVICE}"


def inalienable_message(n: int) -> str:
    first = f"You only have {n} shares available to sell." if n > 0 else NOT_ENOUGH_TO_SELL
    return f"{first} {UNITS_ADVICE}"


def bid_units_message(n: int) -> str:
    return f"You can bid for at most {n} shares"


def off_tick_message(price: Decimal) -> str:
    down, up = round_to_tick(price, ROUND_FLOOR), round_to_tick(price, ROUND_CEILING)
    return f"Prices move in steps of $0.05: please enter ${down} or ${up}"


def round_to_tick(price: Decimal, rounding: str = ROUND_CEILING) -> Decimal:
    """The price on the $0.05 grid (up by default, as the form displays it)."""
    return money((price / TICK).to_integral_value(rounding=rounding) * TICK)


def is_on_tick(price: Decimal) -> bool:
    return price % TICK == 0


@dataclass(frozen=True)
class OpenOrder:
    """One of the investor's active orders on this instrument."""

    order_id: str
    side: Side
    unfilled: int
    unit_price: Decimal


@dataclass(frozen=True)
class OrderCheck:
    """Everything a prevalidation reads. `lots` are the shares owned now (those allocated to open asks included);
    `available_cash` is the cash net of holds; `editing` names the order being edited (one of `open_orders`)."""

    side: Side
    units: int | None
    unit_price: Decimal | None
    available_cash: Decimal
    lots: tuple[Lot, ...]
    open_orders: tuple[OpenOrder, ...]
    last_traded_price: Decimal | None
    number_of_shares: int
    today: date
    order_type: str = LIMIT
    lowest_ask: Decimal | None = None
    editing: str | None = None
    email: str = ""
    email_verified: bool = True
    state_blocked: bool = False
    customer_status: str = "verified"
    alienable: int | None = None  # the units one may sell, counted already (a workflow has no holiday calendar)


@dataclass(frozen=True)
class Prevalidation:
    valid: bool
    code: str | None = None
    message: str | None = None
    units_available: int = 0
    field: str | None = None  # the form field the message belongs to: units | unitPrice | None (a modal)

    def as_json(self) -> dict[str, Any]:
        return {"valid": self.valid, "code": self.code, "message": self.message,
                "context": {"unitsAvailable": self.units_available}}


def parse_units(value: Any) -> int | None:
    """Whole units from JSON (1, "3"); None for anything else (2.5, "", true)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def parse_price(value: Any) -> Decimal | None:
    """A price from JSON as an exact Decimal (floats through their shortest text: 10.1 -> 10.1)."""
    return parse_decimal(value, limit=Decimal("1e9"))


def last_traded_price(*, live: bool, latest_filled: Decimal | None, current: Decimal | None,
                      last_close: Decimal | None, issue: Decimal | None, asset_value: Decimal | None,
                      number_of_shares: int) -> Decimal | None:
    """Spec §5 Display: the latest filled or current price during live trading, else the last close or the issue
    price, else the asset value divided by the share count."""
    chain = ([latest_filled, current] if live else []) + [last_close, issue]
    for price in chain:
        if price is not None and price > 0:
            return money(price)
    if asset_value is not None and number_of_shares > 0:
        return money(asset_value / number_of_shares)
    return None


def open_units(orders: tuple[OpenOrder, ...], side: Side, but: str | None = None) -> int:
    return sum(o.unfilled for o in orders if o.side == side and o.order_id != but)


def alienable_units(lots: tuple[Lot, ...], open_orders: tuple[OpenOrder, ...], today: date,
                    editing: str | None = None) -> int:
    """Lots held past the holding period minus the units in open asks (the edited ask's own units count as free)."""
    return max(0, aged_units(lots, today) - open_units(open_orders, ASK, but=editing))


def _edited(c: OrderCheck) -> OpenOrder | None:
    return next((o for o in c.open_orders if o.order_id == c.editing), None) if c.editing else None


def _gate(c: OrderCheck) -> Prevalidation | None:
    if not c.email_verified:
        return Prevalidation(False, EMAIL_NOT_VERIFIED, VERIFY_EMAIL.format(email=c.email))
    if c.state_blocked:
        return Prevalidation(False, FINANCIAL_ACCOUNT_RESTRICTED, STATE_BLOCKED)
    popup = customer_status_error(c.customer_status)
    if popup is not None:
        return Prevalidation(False, FINANCIAL_ACCOUNT_RESTRICTED, popup.message)
    return None


def _price_error(price: Decimal | None) -> str | None:
    if price is None or price <= 0:
        return PRICE_REQUIRED
    if price != price.quantize(Decimal("0.01")):
        return PRICE_DECIMALS
    return None if is_on_tick(price) else off_tick_message(price)


def cash_for(c: OrderCheck) -> Decimal:
    """Cash the order may use: the available cash plus, for an edited bid, what that order holds now."""
    edited = _edited(c)
    own = money(edited.unfilled * edited.unit_price) if edited and edited.side == BID else Decimal(0)
    return c.available_cash + own


def _bid(c: OrderCheck, units: int, price: Decimal) -> Prevalidation:
    cash = cash_for(c)
    affordable = min(int(cash // price), c.number_of_shares) if cash > 0 else 0
    if units > c.number_of_shares:
        return Prevalidation(False, INVALID_UNITS, bid_units_message(c.number_of_shares), affordable, "units")
    if money(units * price) > cash:
        return Prevalidation(False, INSUFFICIENT_FUNDS, FUNDS_MESSAGE, affordable, "unitPrice")
    return Prevalidation(True, units_available=affordable)


def _ask(c: OrderCheck, units: int, price: Decimal) -> Prevalidation:
    edited = _edited(c)
    available = c.alienable if c.alienable is not None else alienable_units(
        c.lots, c.open_orders, c.today, edited.order_id if edited else None)
    owned = sum(lot.units for lot in c.lots)
    if units > owned:
        return Prevalidation(False, INSUFFICIENT_UNITS, units_message(available), available, "units")
    if units > available:
        return Prevalidation(False, INALIENABLE_UNITS, inalienable_message(available), available, "units")
    if c.last_traded_price is not None and price < c.last_traded_price * (1 - MAX_ASK_DISCOUNT):
        return Prevalidation(False, UNIT_PRICE_OUT_OF_BOUNDS, PRICE_OUT_OF_BOUNDS_MESSAGE, available, "unitPrice")
    return Prevalidation(True, units_available=available)


def reads_lots(side: Side) -> bool:
    """Whether prevalidating an order of this side reads the investor's lots: an ask's units do; a bid reads only
    the cash and the open orders (cross trading, an edited bid's own hold), so its caller may leave `lots` empty."""
    return side == ASK


def prevalidate(c: OrderCheck) -> Prevalidation:
    """The first rule the order breaks, in the order the investor can fix them; or valid."""
    if (closed := _gate(c)) is not None:
        return closed
    units, price = c.units, c.unit_price
    if c.order_type == INSTANT:
        if c.side != BID or c.lowest_ask is None:
            return Prevalidation(False, INSTANT_BUY_UNAVAILABLE, INSTANT_BUY_UNAVAILABLE_MESSAGE)
        units, price = 1, c.lowest_ask
    if units is None or units < MIN_UNITS:
        return Prevalidation(False, INVALID_UNITS, SHARES_MIN, field="units")
    if (error := _price_error(price)) is not None or price is None:
        return Prevalidation(False, INVALID_UNIT_PRICE, error, field="unitPrice")
    other = ASK if c.side == BID else BID
    if any(o.side == other and o.unfilled > 0 for o in c.open_orders):
        return Prevalidation(False, CROSS_TRADING_PROHIBITED, CROSS_TRADING_MESSAGE)
    return _bid(c, units, price) if c.side == BID else _ask(c, units, price)
