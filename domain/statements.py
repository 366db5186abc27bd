"""The monthly account statement and the yearly tax document (spec doc 3 §2.6, §3 Statement / tax form) — pure,
Decimal and exact.

A statement covers one calendar month (UTC): the cash at the start (every cash movement before the month), each
cash movement of the month in the order it happened, the cash at the end, every transaction of the month (the
receipts Transaction History shows) and the holdings with their value at the month's end. The closing cash is the
opening cash plus the month's movements, to the cent: `statement` refuses a ledger closing balance that does not
reconcile.

The schedules: statements are made on the first business day of a month for the month before (a trading day of
domain/trading/market_calendar.py); tax documents on the first business day of March for the year before, for investors who
sold (one line per sale: its date, asset, shares, price and proceeds)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from domain.money import money
from domain.trading.market_calendar import is_trading_day

ZERO = Decimal("0.00")
TAX_MONTH = 3  # tax documents become available in March of the following year (spec doc 3 §2.6)
STATEMENT = "statement"
TAX_DOCUMENT = "tax"


class Unreconciled(ValueError):
    """Opening cash plus the month's movements is not the closing cash."""


@dataclass(frozen=True, order=True)
class Month:
    year: int
    month: int

    def __post_init__(self) -> None:
        if not 1 <= self.month <= 12:
            raise ValueError(f"month {self.month}")

    @property
    def starts(self) -> datetime:
        return datetime(self.year, self.month, 1, tzinfo=UTC)

    @property
    def ends(self) -> datetime:
        """The first instant after the month."""
        return self.next().starts

    def next(self) -> Month:
        return Month(self.year + self.month // 12, self.month % 12 + 1)

    def previous(self) -> Month:
        return Month(self.year - 1, 12) if self.month == 1 else Month(self.year, self.month - 1)

    @property
    def key(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    @property
    def title(self) -> str:
        return f"{self.starts:%B} {self.year}"

    @classmethod
    def of(cls, d: date) -> Month:
        return cls(d.year, d.month)


@dataclass(frozen=True)
class CashMovement:
    at: datetime
    description: str
    amount: Decimal  # signed: money in is positive


@dataclass(frozen=True)
class Transaction:
    at: datetime
    type: str  # deposit | withdrawal | investment | trade | merchandise | refund
    description: str
    status: str
    amount: Decimal


@dataclass(frozen=True)
class HoldingLine:
    ticker: str
    name: str
    shares: int
    price: Decimal
    value: Decimal


@dataclass(frozen=True)
class Statement:
    month: Month
    opening_cash: Decimal
    movements: list[CashMovement]
    closing_cash: Decimal
    transactions: list[Transaction]
    holdings: list[HoldingLine]

    @property
    def money_in(self) -> Decimal:
        return sum((m.amount for m in self.movements if m.amount > 0), ZERO)

    @property
    def money_out(self) -> Decimal:
        return sum((m.amount for m in self.movements if m.amount < 0), ZERO)

    @property
    def holdings_value(self) -> Decimal:
        return sum((h.value for h in self.holdings), ZERO)

    @property
    def account_value(self) -> Decimal:
        return self.closing_cash + self.holdings_value


# what a ledger entry that moved the investor's cash is called on the statement, by its kind (store/ledger.py's
# kinds: the first matching prefix wins)
MOVEMENT_NAMES: tuple[tuple[str, str], ...] = (
    ("deposit-", "Deposit"), ("withdrawal-initiated", "Withdrawal"), ("withdrawal-", "Withdrawal returned"),
    ("purchase", "Offering purchase"), ("merchandise-refund", "Store refund"), ("merchandise", "Store order"),
    ("order-rehold-done", "Cash released from an edited order"), ("order-rehold", "Cash held for an edited order"),
    ("order-hold", "Cash held for a buy order"), ("order-release", "Cash released from an order"),
    ("trade-fill", "Trade"), ("trade-proceeds", "Sale proceeds available"), ("demo-funding", "Funds added"),
)
RECEIPT_NAMES = {"deposit": "Deposit", "withdrawal": "Withdrawal", "merchandise": "Store order", "refund": "Store refund"}


def movement_name(kind: str) -> str:
    return next((name for prefix, name in MOVEMENT_NAMES if kind.startswith(prefix)), kind.replace("-", " ").capitalize())


def transaction_description(type_: str, side: str | None = None, shares: int | None = None, ticker: str | None = None,
                            unit_price: Decimal | None = None) -> str:
    """A receipt as one line: 'Bought 2 shares of #88F40 at $26.60' for a purchase or trade, else its kind."""
    if type_ in ("investment", "trade") and shares is not None and ticker:
        verb = "Sold" if side == "ASK" else "Bought"
        where = " in the offering" if type_ == "investment" else ""
        price = f" at ${money(unit_price):,}" if unit_price is not None else ""
        return f"{verb} {shares} share{'s' if shares != 1 else ''} of {ticker}{where}{price}"
    return RECEIPT_NAMES.get(type_, type_.capitalize())


def holding_line(ticker: str, name: str, shares: int, price: Decimal) -> HoldingLine:
    return HoldingLine(ticker, name, shares, money(price), money(shares * price))


def statement(month: Month, cash: Iterable[CashMovement], transactions: Iterable[Transaction],
              holdings: Iterable[HoldingLine], closing_balance: Decimal | None = None) -> Statement:
    """The month's statement from every cash movement of the account (any dates: those before the month make the
    opening cash, those after it are left out). `closing_balance`, when given, is the ledger's own balance at the
    month's end and must equal opening + movements (else Unreconciled)."""
    ordered = sorted(cash, key=lambda m: m.at)
    opening = sum((m.amount for m in ordered if m.at < month.starts), ZERO)
    inside = [m for m in ordered if month.starts <= m.at < month.ends]
    closing = opening + sum((m.amount for m in inside), ZERO)
    if closing_balance is not None and money(closing_balance) != closing:
        raise Unreconciled(f"{month.key}: {opening} + movements = {closing}, the ledger says {closing_balance}")
    return Statement(month, money(opening), inside, money(closing),
                     sorted((t for t in transactions if month.starts <= t.at < month.ends), key=lambda t: t.at),
                     sorted((h for h in holdings if h.shares > 0), key=lambda h: h.ticker))


def statement_name(month: Month) -> str:
    """The display name (the screen removes the word Statement)."""
    return f"{month.title} Statement"


def first_business_day(month: Month) -> date:
    d = month.starts.date()
    while not is_trading_day(d):
        d += timedelta(days=1)
    return d


def statement_month_due(today: date) -> Month | None:
    """The month whose statements are made today: the month before, on the month's first business day only."""
    month = Month.of(today)
    return month.previous() if today == first_business_day(month) else None


def tax_year_due(today: date) -> int | None:
    """The year whose tax documents are made today: the year before, on March's first business day only."""
    return today.year - 1 if today == first_business_day(Month(today.year, TAX_MONTH)) else None


# the tax document


@dataclass(frozen=True)
class Sale:
    at: datetime
    ticker: str
    shares: int
    unit_price: Decimal

    @property
    def proceeds(self) -> Decimal:
        return money(self.shares * self.unit_price)


@dataclass(frozen=True)
class TaxDocument:
    year: int
    sales: list[Sale]

    @property
    def proceeds(self) -> Decimal:
        return sum((s.proceeds for s in self.sales), ZERO)


def tax_document(year: int, sales: Sequence[Sale]) -> TaxDocument | None:
    """The year's sales in order, or None when the investor sold nothing that year (no document)."""
    inside = sorted((s for s in sales if s.at.year == year), key=lambda s: s.at)
    return TaxDocument(year, inside) if inside else None


def tax_document_name(year: int) -> str:
    return f"{year} Tax Document"
