"""Investors and offerings made straight in the database (fast enough for races): an investor whose investing
passport applies, with a verified e-mail, a verified payment customer and bank, and cash from a settled entry."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import func, select, update
from sqlmodel import col

from api.state import AppState
from domain import ledger as L
from store.ledger import post
from store.models import Asset, Customer, Email, FundingSource, Investment, LedgerPosting, User
from tests.api.accounts import signup
from tests.flows.driver import Flow
from tests.flows.funding import onboarded, verify_bank
from tests.waiting import eventually


async def funded_investor(api: httpx.AsyncClient, state: AppState, cash: str = "1000.00",
                          tos3: bool = True) -> dict[str, Any]:
    user = await signup(api)
    uid = int(user["user_id"])
    now = datetime.now(UTC)
    async with state.sessions() as db:
        await db.execute(update(User).where(col(User.id) == uid).values(
            first_name="Grace", last_name="Hopper", phone_number="(555) 555-5555", date_of_birth="12/09/1976",
            address="1 Navy Yard", city="Sacramento", state="CA", postal_code="95814", ssn_last4="6789",
            terms_agreed_at=now, tos3_agreed_at=now if tos3 else None,
            investment_info={"accredited_status": 3, "sec_or_finra_organization_name": "",
                             "publicly_traded_company_tickers": "", "isAssociated": False, "isShareholder": False}))
        await db.execute(update(Email).where(col(Email.user_id) == uid).values(verified=True, primary=True))
        await db.execute(update(Customer).where(col(Customer.user_id) == uid).values(
            status="verified", investor_details={"riskToleranceLevel": "MODERATE"},
            employment_details={"employmentStatus": "EMPLOYED", "employer": "Navy", "occupationOrJobTitle": "Admiral",
                                "pretaxAnnualIncome": 90000, "liquidNetWorth": 50000}))
        db.add(FundingSource(user_id=uid, provider_id=f"test-{uuid.uuid4().hex}", status="verified", method="manual",
                             bank_name="Test Bank", name_on_account="Grace Hopper", account_type="CHECKING",
                             routing_number="021000021", account_tail="4321", idempotency_key=uuid.uuid4().hex))
        if Decimal(cash):
            await post(db, f"test-cash-{uid}", "test-funding", [(L.cash(uid), Decimal(cash)),
                                                                (L.ACH_SETTLED, -Decimal(cash))])
        await db.commit()
    return user


async def offering(state: AppState, shares: int = 100, value: str = "1000.00", esign: str | None = None,
                   sold: int = 0, max_share: int | None = None, status: str = "Open ICO") -> Asset:
    """A fresh asset in Open ICO (price per share = value / shares)."""
    now = datetime.now(UTC)
    ticker = f"#T{uuid.uuid4().hex[:6].upper()}"
    asset = Asset(ticker=ticker, display_name=f"Test Asset {ticker}", short_name=ticker, category="cars",
                  asset_status=status, asset_value=Decimal(value), number_of_shares=shares, shares_sold=sold,
                  tertiary_color="#123456", offering_starts=now - timedelta(days=1), offering_ends=now + timedelta(days=5),
                  esign_template_id=esign, max_share_investment=max_share, merchandising={})
    async with state.sessions() as db:
        db.add(asset)
        await db.commit()
        await db.refresh(asset)
    return asset


async def asset_row(state: AppState, asset_id: int) -> Asset:
    async with state.sessions() as db:
        asset = await db.get(Asset, asset_id)
        assert asset is not None
        return asset


async def investments_of(state: AppState, user_id: int) -> list[Investment]:
    async with state.sessions() as db:
        return list((await db.scalars(select(Investment).where(col(Investment.user_id) == user_id))).all())


async def ledger_total(state: AppState) -> Decimal:
    async with state.sessions() as db:
        return Decimal(await db.scalar(select(func.coalesce(func.sum(LedgerPosting.amount), 0))) or 0)


class Purchase(Flow):
    """A make-investment flow driven through the flow API, the way the browser does."""

    def __init__(self, api: httpx.AsyncClient, user: dict[str, Any], asset_id: int) -> None:
        super().__init__(api, user["headers"], "make-investment", {"asset_id": asset_id})
        self.user = user

    async def ok(self, fields: dict[str, Any] | None = None) -> dict[str, Any]:
        return await super().ok(fields or {})

    async def refresh(self) -> dict[str, Any]:
        r = await self.api.get(self.base, headers=self.headers)
        assert r.status_code == 200, r.text
        self.state = r.json()
        return self.state

    async def wait_for(self, predicate: Any) -> dict[str, Any]:
        """The flow's state once `predicate` holds for it (read again until then, within the tests' deadline)."""
        async def holds() -> dict[str, Any]:
            state = await self.refresh()
            assert predicate(state), state
            return state

        return await eventually(holds)

    async def to_agreement(self, shares: int = 3, gift: str = "") -> None:
        """intro → select-shares → investing-passport → the agreement step."""
        await self.open()
        if self.state["step"] == "intro":
            await self.ok()
        await self.ok({"shares": shares, "giftCode": gift})
        assert self.state["step"] == "investing-passport", self.state
        await self.ok()


async def short_of_cash(api: httpx.AsyncClient, state: AppState, sandbox: httpx.AsyncClient, shares: int = 3) -> Purchase:
    """A purchase of `shares` $10.00 shares by an investor with a verified bank and no cash, at not-enough-cash."""
    user = await onboarded(api, sandbox)
    await verify_bank(api, sandbox, user)
    asset = await offering(state, shares=100, value="1000.00")
    buy = Purchase(api, user, asset.id)
    await buy.to_agreement(shares=shares)
    assert buy.state["step"] == "not-enough-cash", buy.state
    return buy
