"""The demo investors (`make dev`, issue 11; lived in since issue 30): who they are and how their holdings came to be.
`demo@vitrine.test`, `trader1@vitrine.test` and `trader2@vitrine.test` each finished the onboarding (the answers
below, step by step), linked a bank verified by micro-deposits, deposited, bought every traded demo asset in its
initial offering and traded a few shares with each other on the secondary market, so that each ends with $25,000
of cash and `units` of each traded asset, old enough to sell at once.

This module is the story (pure); store/demo_history.py posts it through the product's own store paths. Every moment
is derived from the asset's offering dates and the seed's day, and lies before this month (last month's statement
shows the whole history)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from domain.asset_status import POST_ONLY, TRADING
from domain.purchase import gross, price_per_share
from store.demo_assets import DEMO_ASSETS

DEMO_CASH = Decimal("25000.00")
TRADED = tuple(d for d in DEMO_ASSETS if d.status in (TRADING, POST_ONLY) and not d.exited)
TRADED_TICKERS = tuple(d.ticker for d in TRADED)
OFFERING_PRICES = {d.ticker: price_per_share(d.value_decimal, d.shares) for d in TRADED}


@dataclass(frozen=True)
class Bank:
    """The bank as the manual link's steps took it (bank-account-type, bank-info) and the payment provider's ids of
    the investor's customer and this funding source (providers/payments/demo.py holds the same records)."""

    bank_name: str  # what the provider answers for the routing number (providers/banklink/banks.py)
    account_type: str
    routing_number: str
    account_number: str
    provider_customer_id: str
    provider_source_id: str


@dataclass(frozen=True)
class Investor:
    email: str
    units: int  # held of each traded asset in the end
    answers: dict[str, dict[str, Any]]  # onboarding step → the fields submitted
    bank: Bank
    deposits: tuple[Decimal, ...]  # the deposits before the last one, which brings the cash to DEMO_CASH

    @property
    def name(self) -> str:
        step = self.answers["name-phone-info"]
        return f"{step['first_name']} {step['last_name']}"


@dataclass(frozen=True)
class Trade:
    """Shares one demo investor sold another on the secondary market (a bid and an ask matched in one execution)."""

    n: int  # the trade's number: its orders' business keys
    ticker: str
    seller: str
    buyer: str
    units: int
    unit_price: Decimal
    days_ago: int  # before the seed's day: past the offerings, before this month, long past the holding period


def _answers(first: str, last: str, phone: str, born: str, address: tuple[str, str, str, str, str], ssn: str,
             accredited: str, job: tuple[str, str, str], means: tuple[str, str], risk: str) -> dict[str, dict[str, Any]]:
    street, apt, city, state, postal_code = address
    status, employer, title = job
    steps: dict[str, dict[str, Any]] = {
        "name-phone-info": {"first_name": first, "last_name": last, "phone_number": phone},
        "date-of-birth": {"date_of_birth": born},
        "home-address": {"address": street, "apt": apt, "city": city, "state": state, "postal_code": postal_code},
        "ssn": {"ssn": ssn, "agreeAndContinue": True, "agreedToCustodianTerms": True, "agreedToPaymentTerms": True},
        "accreditation-status": {"accredited_status": accredited},
        "employment-status": {"employmentStatus": status},
        "employer-information": {"employer": employer, "occupationOrJobTitle": title},
        "employment-details": {"pretaxAnnualIncome": means[0], "liquidNetWorth": means[1]},
        "risk-profile": {"riskToleranceLevel": risk},
        "finra-or-sec": {"isAssociated": False},
        "is-shareholder": {"isShareholder": False},
    }
    return steps


INVESTORS: tuple[Investor, ...] = (
    Investor("demo@vitrine.test", 40, _answers(
        "Avery", "Collins", "(718) 555-0142", "04/18/1986", ("214 Elm Street", "Apt 3B", "Brooklyn", "NY", "11201"),
        "521-34-0142", "3", ("EMPLOYED", "Hudson & Pine Architects", "Architect"), ("145000", "320000"), "MODERATE"),
        Bank("Harbor National Bank", "CHECKING", "440000107", "4401230142", "cus_demo_avery", "fs_demo_avery"),
        (Decimal("15000.00"), Decimal("10000.00"))),
    Investor("trader1@vitrine.test", 60, _answers(
        "Jordan", "Reyes", "(303) 555-0187", "11/02/1979", ("1630 Blake Street", "", "Denver", "CO", "80202"),
        "521-34-0187", "2", ("SELF_EMPLOYED", "Reyes Classic Motors", "Owner"), ("180000", "1400000"), "GROWTH"),
        Bank("Riverbend Bank", "SAVINGS", "440000408", "7302010187", "cus_demo_jordan", "fs_demo_jordan"),
        (Decimal("20000.00"), Decimal("7500.00"))),
    Investor("trader2@vitrine.test", 25, _answers(
        "Priya", "Shah", "(415) 555-0123", "07/23/1991", ("88 Valencia Street", "Unit 5", "San Francisco", "CA", "94103"),
        "521-34-0123", "1", ("EMPLOYED", "Bayview Heart Clinic", "Cardiologist"), ("410000", "900000"), "GROWTH"),
        Bank("Golden Gate Trust", "CHECKING", "440000505", "9150070123", "cus_demo_priya", "fs_demo_priya"),
        (Decimal("12000.00"), Decimal("12000.00"))),
)
BY_EMAIL = {i.email: i for i in INVESTORS}
DEMO_INVESTORS: dict[str, int] = {i.email: i.units for i in INVESTORS}  # investor → units of each traded asset

TRADES: tuple[Trade, ...] = (
    Trade(1, "#88F40", "trader2@vitrine.test", "demo@vitrine.test", 15, Decimal("21.50"), 56),
    Trade(2, "#SPIDEY", "demo@vitrine.test", "trader1@vitrine.test", 10, Decimal("10.60"), 49),
    Trade(3, "#HERMES", "trader2@vitrine.test", "trader1@vitrine.test", 20, Decimal("10.80"), 42),
)
TRADE_TIME = time(15, 30)  # 11:30 in New York: the market is open
ONBOARDED_BEFORE = timedelta(days=4)  # signed up and onboarded this long before the first deposit


def traded_units(email: str, ticker: str) -> int:
    """The units the investor bought (+) and sold (-) of the asset on the secondary market."""
    return sum(t.units * ((t.buyer == email) - (t.seller == email)) for t in TRADES if t.ticker == ticker)


def offering_units(email: str, ticker: str) -> int:
    """What the investor bought in the asset's initial offering: what they hold, less what trading added."""
    return BY_EMAIL[email].units - traded_units(email, ticker)


def trade_cash(email: str) -> Decimal:
    """The investor's cash from trading: sales' proceeds less purchases' cost."""
    return sum((gross(t.units, t.unit_price) * ((t.seller == email) - (t.buyer == email)) for t in TRADES),
               Decimal("0.00"))


def offerings_cost(email: str) -> Decimal:
    return sum((gross(offering_units(email, ticker), price) for ticker, price in OFFERING_PRICES.items()),
               Decimal("0.00"))


def deposits(email: str) -> tuple[Decimal, ...]:
    """Every deposit of the investor: the story's, and the last, which leaves DEMO_CASH once everything is paid."""
    i = BY_EMAIL[email]
    last = DEMO_CASH + offerings_cost(email) - trade_cash(email) - sum(i.deposits, Decimal("0.00"))
    return (*i.deposits, last)


def trade_moment(t: Trade, today: date) -> datetime:
    return datetime.combine(today - timedelta(days=t.days_ago), TRADE_TIME, tzinfo=UTC)


def purchase_moment(offering_starts: datetime | None, investor: int, today: date) -> datetime:
    """Two days into the offering, an hour apart per investor (the offering's dates as the seed first wrote them)."""
    starts = offering_starts or datetime.combine(today - timedelta(days=150), time(14), tzinfo=UTC)
    return starts + timedelta(days=2, hours=investor)


def deposit_moments(first_purchase: datetime, today: date, count: int) -> list[datetime]:
    """The first deposit three days before the first purchase (it pays every purchase), the last a week before the
    first trade, the others evenly between."""
    first = first_purchase - timedelta(days=3)
    last = min(trade_moment(t, today) for t in TRADES) - timedelta(days=7)
    step = (last - first) / max(count - 1, 1)
    return [first + step * k for k in range(count)]
