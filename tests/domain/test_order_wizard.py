"""The order wizard's pure rules: the summary's result for each order status (spec doc 3 §4.3 step 3), the select
step's check on what the flow loaded, and where a refused placement's message goes."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from domain.trading import order_rules as R
from domain.trading import order_wizard as W


def view(status: str, filled: int = 0, term: str = "GOOD_TIL_CANCELED") -> dict[str, object]:
    return {"status": status, "term": term, "units_filled": filled}


def test_the_result_of_each_status() -> None:
    assert W.outcome(view("FILLED", 3), live=True)["title"] == "you've been matched!"
    assert W.outcome(view("FILLED", 1, "IMMEDIATE_OR_CANCEL"), live=True)["title"] == "all set!"
    assert W.outcome(view("PARTIALLY_FILLED", 2), live=True)["title"] == "you've been partially matched!"
    assert W.outcome(view("SUBMITTED"), live=False)["title"] == "no matches yet!"
    queued = W.outcome(view("QUEUED"), live=True)
    assert (queued["title"], queued["message"]) == (W.HIGH_VOLUME_TITLE, W.HIGH_VOLUME_LIVE)
    assert W.outcome(view("QUEUED"), live=False)["message"] == W.HIGH_VOLUME_LATER
    assert W.outcome(view("SUBMITTED", 0, "IMMEDIATE_OR_CANCEL"), live=True)["result"] == "queued"
    assert W.outcome(view("EXPIRED", 0, "IMMEDIATE_OR_CANCEL"), live=True)["result"] == "no-match"


def test_an_edit_counts_only_the_new_fills() -> None:
    assert W.outcome(view("PARTIALLY_FILLED", 2), live=True, filled_before=2)["result"] == "no-match"
    assert W.outcome(view("PARTIALLY_FILLED", 3), live=True, filled_before=2)["message"].startswith("1 of your")
    assert W.outcome(view("FILLED", 4), live=True, filled_before=2)["result"] == "matched"


def market(**over: object) -> dict[str, object]:
    m = W.market_facts(cash=Decimal("50.00"), lots=[(5, date(2026, 1, 5))], open_orders=[],
                       last_traded=Decimal("10.00"), lowest_ask=None, number_of_shares=1000, today=date(2026, 11, 23),
                       live=False, default_price=Decimal("10.00"), shares_owned=5, account_value=Decimal("100.00"),
                       alienable=5)
    return {**m, **over}


def test_the_select_check_reads_what_the_flow_loaded() -> None:
    facts = {"side": "BID", "market": market()}
    assert W.prevalidate({"orderType": "LIMIT", "units": 5, "unitPrice": "10.00"}, facts).valid
    funds = W.prevalidate({"orderType": "LIMIT", "units": 6, "unitPrice": "10.00"}, facts)
    assert (funds.code, funds.field) == (R.INSUFFICIENT_FUNDS, "unitPrice")
    assert W.prevalidate({"orderType": "INSTANT"}, facts).code == R.INSTANT_BUY_UNAVAILABLE
    with_ask = {"side": "BID", "market": market(lowest_ask="9.95", live=True)}
    assert W.prevalidate({"orderType": "INSTANT"}, with_ask).valid
    assert W.terms({"orderType": "INSTANT", "units": 9}, with_ask) == ("INSTANT", 1, Decimal("9.95"))
    assert W.default_order_type(with_ask) == "INSTANT" and W.default_order_type(facts) == "LIMIT"
    post_only = {"side": "BID", "market": market(lowest_ask="9.95", live=False)}
    assert W.prevalidate({"orderType": "INSTANT"}, post_only).code == R.INSTANT_BUY_UNAVAILABLE
    assert W.select_context(post_only, "help@x")["instant_available"] is False
    ask = {"side": "ASK", "market": market()}
    low = W.prevalidate({"orderType": "LIMIT", "units": 1, "unitPrice": "6.95"}, ask)
    assert (low.code, low.message) == (R.UNIT_PRICE_OUT_OF_BOUNDS, R.PRICE_OUT_OF_BOUNDS_MESSAGE)
    assert W.max_units(ask) == 5 and W.max_units(facts) == 1000
    young = {"side": "ASK", "market": market(alienable=2)}  # what the loader counted past the holding period
    assert W.prevalidate({"orderType": "LIMIT", "units": 3, "unitPrice": "10.00"}, young).message == \
        R.inalienable_message(2)


def test_a_refused_placement_goes_back_to_its_field_or_the_modal() -> None:
    assert W.refusal(R.INSUFFICIENT_FUNDS, None, "help@x") == (W.UNABLE_TITLE, R.FUNDS_MESSAGE, "unitPrice")
    assert W.refusal(R.INALIENABLE_UNITS, R.inalienable_message(2), "help@x")[2] == "units"
    assert W.refusal("SOMETHING_ELSE", "x", "help@x") == (W.UNABLE_TITLE, W.unable_message("help@x"), None)
    assert W.transaction_id("0f8fad5b-d9cb-469f-a165-70867728950e") == "0f8fad5b"
