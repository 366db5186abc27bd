"""The lived-in demo (issue 30 item 1), on the seeded test database, read through the api as each demo investor sees
it: a profile (name, address, the SSN masked, stored encrypted), a verified bank (its number masked, stored
encrypted), and behind every cent and share a receipt — the deposits, the offering purchases and the trades listed
in Transaction History; each holding's units and cost basis are its receipts' (replayed through domain/holdings.py),
the cash is the ledger's balance and the deposits less the purchases and bought shares plus the sold ones, and the
whole ledger sums to zero; the payment provider knows their customer and bank (a deposit goes through). Before issue
30 the seed posted bare cash and lots: no receipt, no profile, no bank."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select
from sqlmodel import col

from api.state import AppState
from config import Settings
from domain import holdings as H
from domain import ledger as L
from domain.statements import Month
from providers.payments.demo import DEMO_CUSTOMERS
from store.crypto import PiiCipher
from store.demo_investors import BY_EMAIL, DEMO_CASH, OFFERING_PRICES, TRADED_TICKERS, TRADES, deposits, offering_units
from store.ledger import balance
from store.models import FundingSource, LedgerPosting, User
from store.seed import DEMO_PASSWORD
from store.statements import statement_of
from store.trading.models import SharePosting
from tests.api.accounts import read_account_id
from tests.conftest import Providers

ZERO = Decimal("0.00")


async def logged_in(api: httpx.AsyncClient, email: str) -> tuple[int, dict[str, str]]:
    r = await api.post("/api/v3/auth/login/", json={"email": email, "password": DEMO_PASSWORD})
    assert r.status_code == 200, r.text
    return int(r.json()["user_id"]), {"Authorization": f"JWT {r.json()['token']}"}


async def read(api: httpx.AsyncClient, path: str, headers: dict[str, str]) -> Any:
    r = await api.get(path, headers=headers)
    assert r.status_code == 200, (path, r.text)
    return r.json()


@pytest.mark.parametrize("email", list(BY_EMAIL))
async def test_every_cent_and_share_of_a_demo_investor_has_its_receipt(api: httpx.AsyncClient, app_state: AppState,
                                                                       email: str) -> None:
    uid, headers = await logged_in(api, email)
    receipts = (await read(api, f"/api/users/{uid}/financials/transactions?page_size=100", headers))["items"]
    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in receipts:
        by_type[r["type"]].append(r)
    assert set(by_type) == {"deposit", "investment", "trade"}, sorted(by_type)

    # the deposits from the bank, settled
    assert sorted(Decimal(r["amount"]) for r in by_type["deposit"]) == sorted(deposits(email))
    assert {(r["status"], r["source_name"]) for r in by_type["deposit"]} == {("processed", "bank")}
    # one offering purchase of each traded asset, at its offering price
    bought = {r["asset_ticker"]: r for r in by_type["investment"]}
    assert sorted(bought) == sorted(TRADED_TICKERS) and len(by_type["investment"]) == len(TRADED_TICKERS)
    for ticker, r in bought.items():
        assert (r["shares_count"], Decimal(r["unit_price"])) == (offering_units(email, ticker), OFFERING_PRICES[ticker])
        assert Decimal(r["amount"]) == r["shares_count"] * OFFERING_PRICES[ticker]
    # the trades with the other demo investors, each side as its own fill
    mine = sorted((t.ticker, "BID" if t.buyer == email else "ASK", t.units, t.unit_price) for t in TRADES
                  if email in (t.buyer, t.seller))
    assert mine, "every demo investor traded"
    assert sorted((r["asset_ticker"], r["side"], r["shares_count"], Decimal(r["unit_price"]))
                  for r in by_type["trade"]) == mine
    # every receipt before this month: last month's statement holds the whole history
    this_month = datetime.now(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    assert all(datetime.fromisoformat(r["created"]) < this_month for r in receipts)

    # every holding is its receipts: units and cost basis replayed from them
    fills: dict[str, list[H.Fill]] = defaultdict(list)
    for r in sorted(receipts, key=lambda r: r["created"]):
        if r["type"] in ("investment", "trade"):
            side: H.Side = "SELL" if r["side"] == "ASK" else "BUY"
            fills[r["asset_ticker"]].append(H.Fill(side, r["shares_count"], Decimal(r["unit_price"]),
                                                   datetime.fromisoformat(r["created"])))
    holdings = {h["ticker"]: h for h in (await read(api, f"/api/users/{uid}/investments", headers))["holdings"]}
    assert sorted(holdings) == sorted(TRADED_TICKERS)
    for ticker, h in holdings.items():
        replayed = H.holding(fills[ticker], Decimal(h["currentPricePerShare"]))
        assert h["shares"] == replayed.shares == BY_EMAIL[email].units, ticker
        assert Decimal(h["totalCost"]) == replayed.cost_basis > 0, ticker
        assert (h["sharesBought"], h["sharesSold"]) == (replayed.shares_bought, replayed.shares_sold), ticker

    # the cash: the ledger's balance, and the deposits less the purchases and bids plus the asks
    signed = {"deposit": 1, "investment": -1}
    from_receipts = sum((Decimal(r["amount"]) * (signed.get(r["type"]) or (1 if r["side"] == "ASK" else -1))
                         for r in receipts), ZERO)
    b = await read(api, f"/api/users/{uid}/financials/balance", headers)
    async with app_state.sessions() as db:
        ledger_cash = await balance(db, L.cash(uid))
        invested = await balance(db, L.investments(uid))
    assert Decimal(b["cash"]) == ledger_cash == from_receipts == DEMO_CASH
    assert Decimal(b["pending"]) == ZERO  # nothing on its way, held or waiting as proceeds
    assert invested == sum((Decimal(r["amount"]) for r in by_type["investment"]), ZERO)

    # the monthly statements: each reconciles with the ledger, together they list every receipt, and last month's
    # closes on the cash with every holding
    month = Month.of(min(datetime.fromisoformat(r["created"]) for r in receipts).date())
    last = Month.of(datetime.now(UTC).date()).previous()
    listed = 0
    async with app_state.sessions() as db:
        while month <= last:
            statement = await statement_of(db, uid, month)  # raises Unreconciled when the ledger disagrees
            listed += len(statement.transactions)
            month = month.next()
    assert listed == len(receipts)
    assert statement.closing_cash == DEMO_CASH
    assert {h.ticker: h.shares for h in statement.holdings} == dict.fromkeys(TRADED_TICKERS, BY_EMAIL[email].units)


@pytest.mark.parametrize("email", list(BY_EMAIL))
async def test_a_demo_investor_s_profile_and_bank_are_the_onboarding_s(api: httpx.AsyncClient, app_state: AppState,
                                                                      settings: Settings, email: str) -> None:
    investor = BY_EMAIL[email]
    answers = {k: v for fields in investor.answers.values() for k, v in fields.items()}
    uid, headers = await logged_in(api, email)
    r = await api.get(f"/api/users/{uid}", headers=headers)
    assert r.status_code == 200, r.text
    user = r.json()
    assert (user["first_name"], user["last_name"]) == (answers["first_name"], answers["last_name"])
    assert (user["address"], user["city"], user["state"], user["postal_code"]) == (
        answers["address"], answers["city"], answers["state"], answers["postal_code"])
    assert user["ssn"] == f"***-**-{answers['ssn'][-4:]}" and answers["ssn"] not in r.text
    assert user["customer"]["status"] == "verified" and user["has_payment_customer"]
    assert user["customer"]["investorDetails"]["riskToleranceLevel"] == answers["riskToleranceLevel"]
    assert user["customer"]["employmentDetails"]["employmentStatus"] == answers["employmentStatus"]
    assert user["investment_info"]["accredited_status"] == int(answers["accredited_status"])
    # Settings shows the profile complete, and saves it as it is (it passes the page's rules)
    shown = await api.put(f"/api/users/{uid}/personal-information", json={}, headers=headers)
    assert shown.status_code == 200, shown.text
    assert (shown.json()["completion"], shown.json()["apt"], shown.json()["phone_number"]) == (
        100, answers["apt"], answers["phone_number"])

    bank = await api.get(f"/api/users/{uid}/financials/funding-source", headers=headers)
    assert bank.status_code == 200, bank.text
    tail = investor.bank.account_number[-4:]
    assert bank.json()["info"] | {"id": 0} == {"id": 0, "name": investor.bank.bank_name, "status": "verified",
                                               "accountNumberTail": tail, "masked": f"••••{tail}", "method": "manual"}
    assert investor.bank.account_number not in bank.text
    status = await read(api, f"/api/users/{uid}/financials/status", headers)
    assert (status["customer_status"], status["bank_customer_status"]) == ("verified", "verified")

    # stored encrypted, as the onboarding and the bank link store them
    pii = PiiCipher(settings.pii_key)
    async with app_state.sessions() as db:
        row = await db.get(User, uid)
        source = await db.scalar(select(FundingSource).where(col(FundingSource.user_id) == uid))
    assert row is not None and source is not None
    assert answers["ssn"] not in row.ssn_encrypted and pii.decrypt(row.ssn_encrypted) == answers["ssn"]
    assert pii.decrypt(source.account_number_encrypted) == investor.bank.account_number


async def test_each_side_of_a_demo_trade_is_a_filled_order_in_the_order_list(api: httpx.AsyncClient) -> None:
    """The orders behind the trades: filled, their one execution settled, listed and read one by one (the order list's
    projection: no workflow runs for them any more)."""
    for email in BY_EMAIL:
        uid, headers = await logged_in(api, email)
        account = await read_account_id(api, uid, headers)
        listed = (await read(api, f"/api/financial-accounts/{account}/orders?active=false", headers))["data"]
        mine = sorted((t.ticker, "BID" if t.buyer == email else "ASK", t.units, f"{t.unit_price:.2f}") for t in TRADES
                      if email in (t.buyer, t.seller))
        filled = [o for o in listed if o["status"] == "FILLED" and o["executions"]]
        assert sorted((o["ticker"], o["side"], o["units"]["filled"], o["pricing"]["unit"]) for o in filled) == mine
        for order in filled:
            assert [x["status"] for x in order["executions"]] == ["SETTLED"]
            one = await read(api, f"/api/financial-accounts/{account}/orders/{order['id']}", headers)
            assert one["data"]["id"] == order["id"] and one["data"]["status"] == "FILLED"


@pytest.mark.parametrize("email", list(BY_EMAIL))
async def test_the_payment_provider_knows_the_demo_investor_s_customer_and_bank(
        sandbox: httpx.AsyncClient, providers: Providers, app_state: AppState, email: str) -> None:
    """A deposit from the demo bank goes through the sandbox as anybody's: the provider has the customer Vitrine's
    row names, verified, with the same identity and contact details, and the bank, verified, with the same account
    (providers/payments/demo.py mirrors the seed)."""
    investor, key = BY_EMAIL[email], {"X-Provider-Key": providers.settings.api_key}
    answers = {k: v for fields in investor.answers.values() for k, v in fields.items()}
    [mirror] = [c for c in DEMO_CUSTOMERS if c.email == email]
    bank = investor.bank
    assert (mirror.customer_id, mirror.source_id) == (bank.provider_customer_id, bank.provider_source_id)
    assert (mirror.first_name, mirror.last_name, mirror.ssn_last4) == (
        answers["first_name"], answers["last_name"], answers["ssn"][-4:])
    assert mirror.contact == (answers["address"], answers["apt"], answers["city"], answers["state"],
                              answers["postal_code"], "".join(ch for ch in answers["phone_number"] if ch.isdigit()))
    assert mirror.account == (bank.routing_number, bank.account_number, bank.account_type.lower())

    customer = await sandbox.get(f"/payments/customers/{bank.provider_customer_id}", headers=key)
    assert customer.status_code == 200 and customer.json()["status"] == "verified", customer.text
    source = await sandbox.get(f"/payments/funding-sources/{bank.provider_source_id}", headers=key)
    assert source.status_code == 200, source.text
    assert {k: source.json()[k] for k in ("customer_id", "status", "bank_name", "account_tail")} == {
        "customer_id": bank.provider_customer_id, "status": "verified", "bank_name": bank.bank_name,
        "account_tail": bank.account_number[-4:]}
    async with app_state.sessions() as db:
        uid = await db.scalar(select(col(User.id)).where(col(User.email) == email))
        linked = await db.scalar(select(col(FundingSource.provider_id)).where(col(FundingSource.user_id) == uid))
    assert linked == bank.provider_source_id


async def test_the_ledger_sums_to_zero(app_state: AppState) -> None:
    """Cash and shares: every entry is balanced, so the whole ledger is too (each asset's units as well)."""
    async with app_state.sessions() as db:
        assert await db.scalar(select(func.coalesce(func.sum(col(LedgerPosting.amount)), 0))) == 0
        units = (await db.execute(select(col(SharePosting.asset_id), func.sum(col(SharePosting.units)))
                                  .group_by(col(SharePosting.asset_id)))).all()
    assert all(total == 0 for _, total in units), units
