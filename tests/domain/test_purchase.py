"""The purchase rules: prices, how many shares one may buy, what is paid, the steps and their messages."""

from __future__ import annotations

from decimal import Decimal

import pytest

from domain import purchase as P
from domain.flow import by_id, next_step

D = Decimal


def test_price_per_share_and_what_the_investor_pays() -> None:
    assert P.price_per_share(D("1000"), 3) == D("333.33")
    assert P.price_per_share(D("1000"), 0) == D("0.00")
    assert P.gross(3, D("333.33")) == D("999.99")
    assert P.cost(3, D("10"), D("5")) == D("25.00")
    assert P.cost(1, D("10"), D("50")) == D("0.00")  # a gift larger than the price: never below zero


def test_how_many_shares_one_may_buy() -> None:
    assert P.max_shares(asset_max=20, limitation=3, number_of_shares=100) == 3
    assert P.max_shares(asset_max=20, limitation=None, number_of_shares=100) == 20
    assert P.max_shares(asset_max=None, limitation=None, number_of_shares=100) == 100
    assert P.room(20, 18) == 2 and P.room(20, 25) == 0
    assert P.initial_shares(20, 0) == P.DEFAULT_SHARES and P.initial_shares(20, 18) == 2


@pytest.mark.parametrize(("raw", "shares"), [(3, 3), (" 4 ", 4), ("x", None), (True, None), ("-1", None), (2.0, None)])
def test_shares_typed(raw: object, shares: int | None) -> None:
    assert P.parse_shares(raw) == shares


@pytest.mark.parametrize(("values", "facts", "errors"), [
    ({"shares": 2}, {"max_shares": 5, "owned_shares": 0}, {}),
    ({"shares": 0}, {"max_shares": 5}, {"shares": P.SHARES_MIN}),
    ({"shares": 6}, {"max_shares": 5, "owned_shares": 0}, {"shares": P.too_many(5)}),
    ({"shares": 1}, {"max_shares": 5, "owned_shares": 5}, {"shares": P.MAXIMUM_REACHED}),
    ({"shares": 1, "giftCode": " abc "}, {"max_shares": 5, "free_share": True}, {"giftCode": P.GIFT_NOT_WITH_FREE_SHARE}),
])
def test_select_shares(values: dict[str, object], facts: dict[str, object], errors: dict[str, str]) -> None:
    assert P.shares_errors(values, facts) == errors


def test_messages_with_numbers() -> None:
    assert P.too_many(4) == "You can buy at most 4 shares"
    assert P.only_left(2) == "Only 2 shares are left."
    assert P.foreign_gift("RLX") == 'This promo code is only valid for asset "RLX".'
    assert P.normalize_gift(" abc\u200b ") == "ABC" and P.normalize_gift(None) == ""


def test_the_agreement_must_be_read_and_agreed() -> None:
    step = by_id(P.STEPS, "subscription-agreement")
    assert step is not None
    assert step.validate({"agreed": True, "read_ratio": 0.9}, {}) == {}
    assert step.validate({"agreed": True, "read_ratio": 0.5}, {}) == {"agreed": P.AGREEMENT_NOT_READ}
    assert step.validate({"agreed": True, "read_ratio": True}, {}) == {"agreed": P.AGREEMENT_NOT_READ}
    assert step.validate({"read_ratio": 1}, {}) == {"agreed": P.AGREEMENT_REQUIRED}


def test_the_steps_follow_the_investor_s_situation() -> None:
    passport = {"passport_applied": True, "has_funding_source": True}
    assert next_step(P.STEPS, "select-shares", passport) == "investing-passport"
    assert next_step(P.STEPS, "select-shares", {}) == "name-phone-info"
    assert next_step(P.STEPS, "select-shares", {**passport, "editing": True}) == "name-phone-info"
    assert next_step(P.STEPS, "investing-passport", {"needs_cash": True}) == "not-enough-cash"
    assert next_step(P.STEPS, "investing-passport", {"esign": True}) == "docusign"
    assert next_step(P.STEPS, "investing-passport", {}) == "subscription-agreement"


def test_the_agreement_document_names_the_investment_and_the_investor() -> None:
    doc = P.agreement_document(ticker="RLX", display_name="Rolex", shares=1, total=D("10.00"), date="2026-03-01",
                               investor={"first_name": "Ada", "last_name": "Lovelace", "city": "Springfield"})
    assert doc["title"] == "Subscription Agreement — RLX"
    assert "Ada Lovelace of Springfield" in doc["paragraphs"][0]
    assert "1 share of RLX (Rolex) for a total purchase price of $10.00." in doc["paragraphs"][1]
