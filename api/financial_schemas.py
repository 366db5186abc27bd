"""Response models of the money endpoints (balances, transfers, funding source, micro-deposits, bank link): declared
once, used by the routes' response_model and the generated TypeScript client."""

from __future__ import annotations

from pydantic import BaseModel


class TransferOut(BaseModel):
    id: int
    type: str              # deposit | withdrawal
    amount: str            # Decimal as text, 2 places
    status: str            # pending | processed | failed | cancelled
    source_name: str       # bank | balance
    created: str           # ISO 8601
    failure_reason: str | None = None


class BalanceOut(BaseModel):
    cash: str
    available: str
    investments: str
    pending: str
    total: str
    pending_info: list[TransferOut]


class FinancialStatusOut(BaseModel):
    customer_status: str
    bank_customer_status: str
    funding_source: str | None = None


class ReceiptOut(BaseModel):
    """One receipt of Transaction History (spec doc 3 §3 Transfer / receipt): a deposit or withdrawal, an offering
    purchase ('investment'), a trade fill ('trade': side BID or ASK, shares at unit_price), a store order
    ('merchandise') or its refund; amounts as text with 2 places."""

    id: str
    type: str  # deposit | withdrawal | investment | trade | merchandise | refund
    amount: str
    status: str  # pending | processed | failed | cancelled
    source_name: str  # bank | balance
    created: str  # ISO 8601
    failure_reason: str | None = None
    product_titles: list[str] = []
    shares_count: int | None = None
    asset_ticker: str | None = None
    order_id: str | None = None
    financial_instrument_id: str | None = None
    side: str | None = None  # BID | ASK (trades)
    unit_price: str | None = None


class TransactionsOut(BaseModel):
    """One page of receipts, newest first: `count` in all, `next_page` null on the last page."""

    items: list[ReceiptOut]
    count: int
    page: int
    next_page: int | None = None


class FundingSourceInfo(BaseModel):
    id: int
    name: str | None = None
    status: str
    accountNumberTail: str | None = None
    masked: str | None = None
    method: str | None = None


class FundingSourceOut(BaseModel):
    info: FundingSourceInfo | None = None


class UpdateScheduleOut(BaseModel):
    next_update_timestamp: int
    update_seconds_interval: int


class VerifiedOut(BaseModel):
    status: str
    message: str


class LinkTokenOut(BaseModel):
    url: str
    link_token: str
