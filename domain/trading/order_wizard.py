"""The order entry wizard (/app/place-bid, /app/place-ask; spec doc 3 §2.2, §4.3, §5 "Order form", §8): its steps,
skip rules, the select step's check (domain/trading/order_rules.prevalidate on what the flow loaded), the placement's result
texts and the modals of a refused placement. Pure: the place-order workflow, the api and the tests share it.

Facts the rules read (besides the onboarding's): passport_applied, editing (the investor chose "Edit this info"),
tos3_agreed, side, market (what entering the select step loaded: see `market_facts`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any

from domain import onboarding
from domain import purchase as P
from domain.flow import Facts, Step
from domain.holding_period import Lot
from domain.money import money, money_str
from domain.trading import order_rules as R

Errors = dict[str, str]
KIND = "place-order"
FEE = "0.00"
ORDER_ID_SHOWN = 8  # the transaction id is the order id's first 8 characters

# §8 modals
UNABLE_TITLE = "Unable to Place Order"
OOPS_TITLE, OOPS = "Oops!", "Something went wrong. Please try again."
HIGH_VOLUME_TITLE = "Experiencing High Order Volumes"
HIGH_VOLUME_LIVE = ("Due to high order volumes, we have placed your order in the Bid queue. If the order matches, you "
                    "will be notified. Check its status from your portfolio")
HIGH_VOLUME_LATER = ("We will do our best to place your order as we get through the queue... You DO NOT need to retry "
                     "placing the order.")
TRADING_CLOSED_TITLE = "Trading Closed"
TRADING_CLOSED = "Could not place your order: the trading window is now closed"
VERIFY_EMAIL_TITLE = "Please Verify Your Email"
STATE_TITLE = "State Availability Issue"
EDIT_PROCESSING = "Your previous change to this order is still processing."
LOADERS = {R.LIMIT: "Searching for a match...", R.INSTANT: "Matching you with a seller..."}
# the codes the select screen shows on its form (spec §8 first table); any other code is the 'Unable to Place' modal
SELECT_CODES = (R.UNIT_PRICE_OUT_OF_BOUNDS, R.INSUFFICIENT_FUNDS, R.INSUFFICIENT_UNITS, R.INALIENABLE_UNITS,
                R.CROSS_TRADING_PROHIBITED, R.INVALID_UNITS, R.INVALID_UNIT_PRICE, R.INSTANT_BUY_UNAVAILABLE)
ORDER_TYPES = (R.INSTANT, R.LIMIT)
CHOOSE_TYPE = "Choose Instant Buy or Limit order"


def unable_message(email: str) -> str:
    return ("There was an issue processing your order request. Please try again. If issues persist, please contact "
            f"us at {email}")


def _tos3(v: Mapping[str, Any], _: Facts) -> Errors:
    return {} if v.get("agreedWithTos3") is True else {"agreedWithTos3": P.TOS3_REQUIRED}


def _select_shape(v: Mapping[str, Any], _: Facts) -> Errors:
    return {} if v.get("orderType") in ORDER_TYPES else {"orderType": CHOOSE_TYPE}


def _editable(step: Step) -> Step:
    def applies(f: Facts) -> bool:
        return step.applies({**f, "passport_applied": bool(f.get("passport_applied")) and not f.get("editing")})
    return replace(step, applies=applies)


_PROFILE = tuple(_editable(s) for s in onboarding.STEPS if s.id in P.PROFILE_STEP_IDS)
PROFILE_STEP_IDS = P.PROFILE_STEP_IDS

STEPS: tuple[Step, ...] = (
    Step("dwolla-tos", lambda f: bool(f.get("passport_applied")) and not f.get("tos3_agreed"), _tos3,
         ("agreedWithTos3",)),
    Step("intro"),
    *_PROFILE,
    Step("investing-passport", fields=("edit",)),
    Step("select-bid", validate=_select_shape, fields=("orderType", "units", "unitPrice")),
    Step("review"),
    Step("summary"),
)
STEP_IDS = tuple(s.id for s in STEPS)


# ---- the select step ---------------------------------------------------------------------------------------------
def market_facts(*, cash: Decimal, lots: list[tuple[int, date]], open_orders: list[R.OpenOrder],
                 last_traded: Decimal | None, lowest_ask: Decimal | None, number_of_shares: int, today: date,
                 live: bool, default_price: Decimal | None, shares_owned: int, account_value: Decimal,
                 alienable: int) -> dict[str, Any]:
    """What entering the select step loaded, as JSON the workflow keeps (the validator reads it, no I/O). The units
    one may sell (`alienable`) are counted by the loader: the holding period needs the holiday calendar, which a
    workflow does not import."""
    return {"cash": money_str(cash), "lots": [[u, d.isoformat()] for u, d in lots],
            "open_orders": [[o.order_id, o.side, o.unfilled, money_str(o.unit_price)] for o in open_orders],
            "last_traded": money_str(last_traded) if last_traded is not None else None,
            "lowest_ask": money_str(lowest_ask) if lowest_ask is not None else None,
            "number_of_shares": number_of_shares, "today": today.isoformat(), "live": live,
            "default_price": money_str(default_price) if default_price is not None else None,
            "shares_owned": shares_owned, "account_value": money_str(account_value), "alienable": alienable}


def _dec(value: Any) -> Decimal | None:
    return Decimal(str(value)) if value not in (None, "") else None


def check_of(fields: Mapping[str, Any], facts: Facts) -> R.OrderCheck:
    m: Mapping[str, Any] = facts.get("market") or {}
    return R.OrderCheck(
        side="ASK" if facts.get("side") == "ASK" else "BID", units=R.parse_units(fields.get("units")),
        unit_price=R.parse_price(fields.get("unitPrice")), available_cash=Decimal(str(m.get("cash") or "0")),
        lots=tuple(Lot(int(u), date.fromisoformat(str(d))) for u, d in m.get("lots") or ()),
        open_orders=tuple(R.OpenOrder(str(i), "ASK" if s == "ASK" else "BID", int(n), Decimal(str(p)))
                          for i, s, n, p in m.get("open_orders") or ()),
        last_traded_price=_dec(m.get("last_traded")), number_of_shares=int(m.get("number_of_shares") or 0),
        today=date.fromisoformat(str(m.get("today") or facts.get("today"))),
        order_type=str(fields.get("orderType") or R.LIMIT),
        lowest_ask=_dec(m.get("lowest_ask")) if m.get("live") else None,  # the ATS buys instantly only while live
        editing=str(facts.get("edit_order") or "") or None, alienable=int(m.get("alienable") or 0))


def prevalidate(fields: Mapping[str, Any], facts: Facts) -> R.Prevalidation:
    return R.prevalidate(check_of(fields, facts))


def terms(fields: Mapping[str, Any], facts: Facts) -> tuple[str, int, Decimal]:
    """(order type, units, unit price) the investor chose: an instant buy is 1 share at the lowest ask."""
    c = check_of(fields, facts)
    if c.order_type == R.INSTANT:
        return R.INSTANT, 1, c.lowest_ask or Decimal(0)
    return R.LIMIT, c.units or 0, money(c.unit_price or Decimal(0))


def max_units(facts: Facts) -> int:
    """The most shares the form allows: the asset's shares for a bid, the shares one may sell for an ask (the
    edited ask's own units included)."""
    m: Mapping[str, Any] = facts.get("market") or {}
    return int(m.get("number_of_shares") or 0) if facts.get("side") != "ASK" else int(m.get("alienable") or 0)


def default_order_type(facts: Facts) -> str:
    """Spec §4.1: instant when live trading, a bid, with a lowest ask (and not an edit); otherwise limit (and Instant
    Buy is unavailable: the ATS takes immediate-or-cancel orders only while the window is open)."""
    m: Mapping[str, Any] = facts.get("market") or {}
    instant = facts.get("side") == "BID" and bool(m.get("live")) and m.get("lowest_ask") and not facts.get("edit_order")
    return R.INSTANT if instant else R.LIMIT


def select_context(facts: Facts, email: str) -> dict[str, Any]:
    m: Mapping[str, Any] = facts.get("market") or {}
    side = str(facts.get("side") or "BID")
    cash = Decimal(str(m.get("cash") or "0"))
    edit = facts.get("edit") or {}
    own = money(int(edit.get("unfilled") or 0) * Decimal(str(edit.get("unit_price") or "0"))) if side == "BID" else 0
    shown_cash = cash + own
    limit = max_units(facts)
    return {
        "side": side, "ticker": facts.get("ticker"), "editing": bool(facts.get("edit_order")),
        "available_cash": money_str(shown_cash), "account_value": m.get("account_value"),
        "shares_owned": m.get("shares_owned", 0), "available_to_sell": limit if side == "ASK" else None,
        "lowest_ask": m.get("lowest_ask"), "last_traded_price": m.get("last_traded"),
        "default_price": m.get("default_price"), "live": bool(m.get("live")),
        "instant_available": default_order_type(facts) == R.INSTANT,
        "default_order_type": default_order_type(facts), "min_units": R.MIN_UNITS, "max_units": limit,
        "tick": str(R.TICK), "fee": FEE, "fund_link": "/app/investments/deposit-withdrawal", "loaders": LOADERS,
        "messages": {"units_min": P.SHARES_MIN, "units_max": R.bid_units_message(limit) if side == "BID"
                     else R.inalienable_message(limit), "price_required": R.PRICE_REQUIRED,
                     "price_decimals": R.PRICE_DECIMALS, "funds": R.FUNDS_MESSAGE,
                     "instant_unavailable": R.INSTANT_BUY_UNAVAILABLE_MESSAGE, "fund_words": "FUND YOUR ACCOUNT",
                     "unable_title": UNABLE_TITLE, "unable": unable_message(email)},
    }


# ---- the placement's outcome -------------------------------------------------------------------------------------
def outcome(view: Mapping[str, Any], *, live: bool, filled_before: int = 0) -> dict[str, str]:
    """Spec §4.3 step 3: what the summary says for the order's status right after placing it. For an edit the
    filled units are net of the original fill; nothing new filled is no match."""
    status, term = str(view.get("status")), str(view.get("term"))
    filled = int(view.get("units_filled") or 0) - filled_before
    ioc = term == "IMMEDIATE_OR_CANCEL"
    if status == "QUEUED" or (ioc and status == "SUBMITTED"):
        return {"result": "queued", "title": HIGH_VOLUME_TITLE, "message": HIGH_VOLUME_LIVE if live
                else HIGH_VOLUME_LATER}
    if status == "FILLED" and filled > 0:
        return {"result": "all-set", "title": "all set!", "message": "Your order was filled."} if ioc else \
            {"result": "matched", "title": "you've been matched!", "message": "Your order was matched."}
    if status.startswith("PARTIALLY_FILLED") and filled > 0:
        return {"result": "partially-matched", "title": "you've been partially matched!",
                "message": f"{filled} of your shares were matched; the rest stays in the queue." if not ioc
                else f"{filled} of your shares were matched."}
    return {"result": "no-match", "title": "no matches yet!", "message": "No matches yet, we'll add you to the queue."}


def refusal(code: str | None, message: str | None, email: str) -> tuple[str, str, str | None]:
    """A placement the order refused (REJECTED with a code): (title, message, field). A select-screen code goes
    back to the form with its message; any other is the 'Unable to Place Order' modal."""
    message = message or {R.INSUFFICIENT_FUNDS: R.FUNDS_MESSAGE, R.UNIT_PRICE_OUT_OF_BOUNDS: R.PRICE_OUT_OF_BOUNDS_MESSAGE,
                          R.CROSS_TRADING_PROHIBITED: R.CROSS_TRADING_MESSAGE, R.INSUFFICIENT_UNITS: R.inalienable_message(0),
                          R.INALIENABLE_UNITS: R.inalienable_message(0)}.get(code or "")
    if code in SELECT_CODES and message:
        field = {R.INSUFFICIENT_FUNDS: "unitPrice", R.UNIT_PRICE_OUT_OF_BOUNDS: "unitPrice",
                 R.INVALID_UNIT_PRICE: "unitPrice", R.INSUFFICIENT_UNITS: "units", R.INALIENABLE_UNITS: "units",
                 R.INVALID_UNITS: "units"}.get(code)
        return UNABLE_TITLE, message, field
    return UNABLE_TITLE, unable_message(email), None


def transaction_id(order_id: str) -> str:
    return order_id[:ORDER_ID_SHOWN]
