"""Transaction History's receipts on the real stack: a deposit, an offering purchase, a filled bid and a filled ask,
a store order and its refund — every one listed, newest first, a page at a time, and refused to anybody else."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import select
from sqlmodel import col

from api.financial_schemas import TransactionsOut
from api.state import AppState
from domain import ledger as L
from domain.trading import order_rules as R
from store.ledger import post
from store.models import FundingSource, MerchandiseOrder, Transfer
from store.purchases import Order, buy
from store.receipts import merchandise_key
from tests.api.accounts import signup
from tests.api.documented import conforms
from tests.api.test_portfolio import trade
from tests.flows.investors import funded_investor, offering


async def page(api: httpx.AsyncClient, user: dict[str, Any], n: int, size: int = 3) -> dict[str, Any]:
    r = await api.get(f"/api/users/{user['user_id']}/financials/transactions", params={"page": n, "page_size": size},
                      headers=user["headers"])
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    conforms(TransactionsOut, body)
    return body


async def test_every_receipt_type_is_listed_newest_first_in_pages(api: httpx.AsyncClient, app_state: AppState) -> None:
    user = await funded_investor(api, app_state, cash="1000.00")
    uid = int(user["user_id"])
    asset = await offering(app_state, shares=100, value="1000.00")
    async with app_state.sessions() as db:
        source = await db.scalar(select(col(FundingSource.id)).where(col(FundingSource.user_id) == uid))
        assert source is not None
        db.add(Transfer(user_id=uid, funding_source_id=source, direction="deposit", amount=Decimal("250.00"),
                        status="processed"))
        await db.commit()
    async with app_state.sessions() as db:
        await buy(db, Order(key=f"test-{uuid.uuid4().hex}", flow_id="f", user_id=uid, asset_id=asset.id, shares=10,
                            max_shares=100, gift_value=Decimal(0), redeem_code="", envelope_id=None,
                            agreed_at=datetime.now(UTC)))
    await trade(app_state, uid, asset.id, R.BID, 5, "12.00")
    await trade(app_state, uid, asset.id, R.ASK, 3, "14.00")
    key = uuid.uuid4().hex
    async with app_state.sessions() as db:
        db.add(MerchandiseOrder(idempotency_key=key, user_id=uid, total=Decimal("35.00"), status="failed"))
        await post(db, merchandise_key(key), "merchandise", L.merchandise(uid, Decimal("35.00")))
        await db.commit()
    async with app_state.sessions() as db:
        await post(db, f"{merchandise_key(key)}:refund", "merchandise-refund", L.merchandise_refund(uid, Decimal("35.00")))
        await db.commit()

    first, second = await page(api, user, 1), await page(api, user, 2)
    assert (first["count"], first["next_page"], second["next_page"]) == (6, 2, None)
    seen = [(i["type"], i["amount"], i["status"], i["shares_count"], i["side"]) for i in first["items"] + second["items"]]
    assert seen == [("refund", "35.00", "processed", None, None),
                    ("merchandise", "35.00", "processed", None, None),
                    ("trade", "42.00", "processed", 3, "ASK"),
                    ("trade", "60.00", "processed", 5, "BID"),
                    ("investment", "100.00", "processed", 10, None),
                    ("deposit", "250.00", "processed", None, None)]
    sale = first["items"][2]
    assert (sale["asset_ticker"], sale["unit_price"], sale["financial_instrument_id"]) == (
        asset.ticker, "14.00", asset.ticker.lstrip("#"))
    assert (await page(api, user, 3))["items"] == []

    other = await signup(api)
    r = await api.get(f"/api/users/{uid}/financials/transactions", headers=other["headers"])
    assert r.status_code == 404
