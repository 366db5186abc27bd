"""Order prevalidation: every spec code with its exact message, the form limits, the gates, and properties."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from domain.holding_period import Lot
from domain.trading import order_rules as R

TODAY = date(2026, 11, 23)  # a Monday
OLD, NEW = date(2026, 11, 2), date(2026, 11, 20)
D = Decimal


def check(**kw: object) -> R.OrderCheck:
    base = R.OrderCheck(side=R.BID, units=2, unit_price=D("10.00"), available_cash=D("100.00"),
                        lots=(Lot(10, OLD), Lot(4, NEW)), open_orders=(), last_traded_price=D("10.00"),
                        number_of_shares=1000, today=TODAY)
    return replace(base, **kw)  # type: ignore[arg-type]


def ask(**kw: object) -> R.OrderCheck:
    return check(side=R.ASK, **kw)


def test_a_bid_the_cash_covers_is_valid() -> None:
    r = R.prevalidate(check(units=10, unit_price=D("10.00")))
    assert r.as_json() == {"valid": True, "code": None, "message": None, "context": {"unitsAvailable": 10}}


def test_insufficient_funds() -> None:
    r = R.prevalidate(check(units=11))
    assert (r.valid, r.code, r.units_available) == (False, "INSUFFICIENT_FUNDS", 10)
    assert r.message == ("You do not have enough of a cash balance to cover the estimated cost. Please adjust your bid "
                         "accordingly. You may also FUND YOUR ACCOUNT to cover your future orders.")


def test_an_edited_bid_may_use_what_it_holds() -> None:
    mine = R.OpenOrder("o1", R.BID, 5, D("10.00"))  # holds 50 of the cash already
    assert R.prevalidate(check(units=15, open_orders=(mine,), available_cash=D("100.00"), editing="o1")).valid
    assert R.prevalidate(check(units=16, open_orders=(mine,), editing="o1")).code == "INSUFFICIENT_FUNDS"


def test_a_bid_is_limited_to_the_assets_shares() -> None:
    r = R.prevalidate(check(units=1001, unit_price=D("0.05")))
    assert (r.code, r.message, r.field) == ("INVALID_UNITS", "You can bid for at most 1000 shares", "units")


def test_units_at_least_one() -> None:
    for units in (0, -3, None):
        r = R.prevalidate(check(units=units))
        assert (r.code, r.message) == ("INVALID_UNITS", "Please choose at least 1 share")


def test_price_on_the_five_cent_grid_with_two_decimals() -> None:
    assert R.prevalidate(check(unit_price=D("10.05"))).valid
    off = R.prevalidate(check(unit_price=D("10.07")))
    assert (off.code, off.field) == ("INVALID_UNIT_PRICE", "unitPrice")
    assert off.message == "Prices move in steps of $0.05: please enter $10.05 or $10.10"
    assert R.prevalidate(check(unit_price=D("10.051"))).message == "Please enter a price per share with at most 2 decimals"
    assert R.prevalidate(check(unit_price=D("0"))).message == "Please enter a price per share greater than $0.00"
    assert R.round_to_tick(D("10.01")) == D("10.05")


def test_cross_trading_prohibited() -> None:
    r = R.prevalidate(check(open_orders=(R.OpenOrder("a1", R.ASK, 2, D("12.00")),)))
    assert (r.code, r.message) == ("CROSS_TRADING_PROHIBITED",
                                   "Currently, we limit investors from having concurrent active BIDs and ASKs for a given asset.")
    assert R.prevalidate(ask(units=1, open_orders=(R.OpenOrder("b1", R.BID, 1, D("9.00")),))).code == "CROSS_TRADING_PROHIBITED"


def test_ask_within_the_alienable_units() -> None:
    r = R.prevalidate(ask(units=10))
    assert (r.valid, r.units_available) == (True, 10)


def test_inalienable_units_when_the_shares_are_owned_but_young_or_allocated() -> None:
    r = R.prevalidate(ask(units=11))  # owns 14, only 10 held 5 business days
    assert (r.code, r.units_available, r.field) == ("INALIENABLE_UNITS", 10, "units")
    assert r.message == ("You only have 10 shares available to sell. check your open orders as shares may already be "
                         "allocated to an existing order. Also, recently acquired shares must be held for 5 business "
                         "days before attempting to re-sell.")
    allocated = (R.OpenOrder("a1", R.ASK, 10, D("11.00")),)
    none_left = R.prevalidate(ask(units=1, open_orders=allocated))
    assert none_left.code == "INALIENABLE_UNITS"
    assert none_left.message is not None and none_left.message.startswith(
        "You do not currently have enough shares available to sell. check your open orders")


def test_insufficient_units_when_not_owned() -> None:
    r = R.prevalidate(ask(units=15))
    assert (r.code, r.units_available) == ("INSUFFICIENT_UNITS", 10)
    assert r.message == R.units_message(10)
    assert r.message.startswith("You only have 10 shares available to sell. check your open orders")


def test_an_edited_ask_may_use_its_own_units() -> None:
    mine = R.OpenOrder("a1", R.ASK, 6, D("11.00"))
    assert R.prevalidate(ask(units=4, open_orders=(mine,))).valid
    assert R.prevalidate(ask(units=5, open_orders=(mine,))).code == "INALIENABLE_UNITS"
    edit = R.prevalidate(ask(units=10, open_orders=(mine,), editing="a1"))
    assert (edit.valid, edit.units_available) == (True, 10)


def test_an_ask_more_than_30_percent_below_the_last_trade() -> None:
    assert R.prevalidate(ask(units=1, unit_price=D("7.00"))).valid  # exactly 30% below
    r = R.prevalidate(ask(units=1, unit_price=D("6.95")))
    assert (r.code, r.message) == ("UNIT_PRICE_OUT_OF_BOUNDS", "Your Ask cannot be more than 30% lower than Last "
                                   "Traded Price. Please adjust your ask accordingly.")
    assert R.prevalidate(ask(units=1, unit_price=D("0.05"), last_traded_price=None)).valid
    assert R.prevalidate(check(unit_price=D("0.05"))).valid  # bids have no lower bound


def test_instant_buy_takes_one_share_at_the_lowest_ask() -> None:
    r = R.prevalidate(check(order_type=R.INSTANT, units=None, unit_price=None, lowest_ask=D("99.95"),
                            available_cash=D("99.95")))
    assert r.valid
    poor = R.prevalidate(check(order_type=R.INSTANT, units=None, unit_price=None, lowest_ask=D("100.05")))
    assert poor.code == "INSUFFICIENT_FUNDS"
    none = R.prevalidate(check(order_type=R.INSTANT, lowest_ask=None))
    assert (none.code, none.message) == ("INSTANT_BUY_UNAVAILABLE", "Instant Buy Currently Unavailable")


def test_gates_come_first() -> None:
    r = R.prevalidate(check(email_verified=False, email="ann@example.com", units=10_000))
    assert (r.code, r.message) == ("EMAIL_NOT_VERIFIED",
                                   "In order to trade on Vitrine you must verify your email, ann@example.com")
    assert R.prevalidate(check(state_blocked=True)).code == "FINANCIAL_ACCOUNT_RESTRICTED"
    suspended = R.prevalidate(check(customer_status="suspended"))
    assert (suspended.code, suspended.message) == ("FINANCIAL_ACCOUNT_RESTRICTED",
                                                   "Your account is locked for security. Please contact support.")
    assert R.prevalidate(check(customer_status="not-created")).valid  # the initial status may place orders


def test_last_traded_price_rule() -> None:
    kw = dict(latest_filled=D("12.10"), current=D("12.00"), last_close=D("11.00"), issue=D("10.00"),
              asset_value=D("5000"), number_of_shares=1000)
    assert R.last_traded_price(live=True, **kw) == D("12.10")  # type: ignore[arg-type]
    assert R.last_traded_price(live=True, **{**kw, "latest_filled": None}) == D("12.00")  # type: ignore[arg-type]
    assert R.last_traded_price(live=False, **kw) == D("11.00")  # type: ignore[arg-type]
    assert R.last_traded_price(live=False, **{**kw, "last_close": None}) == D("10.00")  # type: ignore[arg-type]
    assert R.last_traded_price(live=False, latest_filled=None, current=None, last_close=None, issue=None,
                               asset_value=D("5000"), number_of_shares=1000) == D("5.00")


def test_parsing_the_request() -> None:
    assert [R.parse_units(v) for v in (3, "4", 5.0, 2.5, "x", True, None)] == [3, 4, 5, None, None, None, None]
    assert [R.parse_price(v) for v in ("10.05", 10.1, "$1,000.00", "abc", None, "nan")] == [
        D("10.05"), D("10.1"), D("1000.00"), None, None, None]


prices = st.integers(1, 400).map(lambda t: D(t) * R.TICK)
lots = st.lists(st.builds(Lot, st.integers(1, 20), st.dates(min_value=date(2026, 10, 1), max_value=TODAY)), max_size=5)
opens = st.lists(st.builds(R.OpenOrder, st.sampled_from(["a", "b", "c"]), st.just(R.ASK), st.integers(0, 10), prices),
                 max_size=3, unique_by=lambda o: o.order_id)


@given(st.integers(-2, 60), prices, st.decimals(0, 2000, places=2), st.integers(1, 100))
def test_a_valid_bid_never_exceeds_the_available_cash(units: int, price: D, cash: D, shares: int) -> None:
    r = R.prevalidate(check(units=units, unit_price=price, available_cash=cash, number_of_shares=shares))
    if r.valid:
        assert units * price <= cash and 1 <= units <= shares
    else:
        assert r.code in ("INSUFFICIENT_FUNDS", "INVALID_UNITS")
    assert r.units_available * price <= max(cash, D(0))


@given(st.integers(1, 60), prices, lots, opens, st.sampled_from([None, "a", "b"]))
def test_ask_units_never_exceed_the_alienable(units: int, price: D, owned: list[Lot], open_asks: list[R.OpenOrder],
                                             editing: str | None) -> None:
    c = ask(units=units, unit_price=price, lots=tuple(owned), open_orders=tuple(open_asks), editing=editing,
            last_traded_price=None)
    r = R.prevalidate(c)
    alienable = R.alienable_units(c.lots, c.open_orders, TODAY, editing)
    assert r.units_available == alienable <= sum(lot.units for lot in owned)
    assert r.valid == (units <= alienable)
    if not r.valid:
        assert r.code == ("INSUFFICIENT_UNITS" if units > sum(lot.units for lot in owned) else "INALIENABLE_UNITS")


@given(st.integers(-2, 60), prices, st.decimals(0, 2000, places=2), lots, opens, st.sampled_from([None, "a", "b"]))
def test_a_bid_reads_no_lots(units: int, price: D, cash: D, owned: list[Lot], open_orders: list[R.OpenOrder],
                             editing: str | None) -> None:
    """The api leaves a bid's lots out (R.reads_lots): its answer is the same whatever the investor owns."""
    assert not R.reads_lots(R.BID) and R.reads_lots(R.ASK)
    c = check(units=units, unit_price=price, available_cash=cash, open_orders=tuple(open_orders), editing=editing)
    assert R.prevalidate(replace(c, lots=tuple(owned))) == R.prevalidate(replace(c, lots=()))
