"""Money moves only inside workflows: a merchandise order is a saga (charged once however often it is asked for,
refunded when the store refuses it) and a transfer requested by the api is initiated by its workflow (one transfer
per business key; a withdrawal over the available cash is refused there, with the spec's message, moving nothing)."""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import func, select
from sqlmodel import col
from temporalio.client import Client

from api.state import AppState
from api.transfer_start import initiated
from store.models import FundingSource, LedgerEntry, LedgerPosting, MerchandiseOrder, Transfer
from store.transfers import request_transfer
from tests.flows.funding import balance
from tests.flows.investors import funded_investor, ledger_total
from tests.waiting import within_deadline
from tests.workflows.histories import record
from workflows.merchandise import MerchandiseOrderResult
from workflows.merchandise import workflow_id as merchandise_id
from workflows.transfer import workflow_id as transfer_id

FAILURE = ("Unable to complete purchase. Your purchase from the store could not be completed. Please contact "
           "support@vitrine.app for assistance.")


def cart(product: int, variant: str | None) -> dict[str, Any]:
    return {"cart": [{"merchant": "vitrine", "product": {"id": product, "quantity": 1, "variantId": variant}}],
            "order": {"type": "cross-sell"}}


async def user_cash_postings(state: AppState, user_id: int, key_prefix: str) -> list[Decimal]:
    async with state.sessions() as db:
        return list((await db.scalars(select(col(LedgerPosting.amount)).join(LedgerEntry).where(
            col(LedgerEntry.idempotency_key).startswith(key_prefix),
            col(LedgerPosting.account) == f"user:{user_id}:cash"))).all())


async def test_merchandise_order_charges_once_and_a_store_refusal_refunds(
        api: httpx.AsyncClient, app_state: AppState, temporal_client: Client) -> None:
    user = await funded_investor(api, app_state, cash="100.00")
    uid = int(user["user_id"])
    h = {**user["headers"], "Idempotency-Key": "upsell-1"}
    answers = [await api.post("/api/merchandising/orders/", json=cart(1, "1-std"), headers=h) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 201] and answers[0].json()["status"] == "confirmed"
    assert answers[1].json() == answers[2].json() == answers[0].json()
    assert set(answers[0].json()) == {"id", "status", "total"} and re.fullmatch(r"\d+\.\d\d", answers[0].json()["total"])
    price = Decimal(answers[0].json()["total"])
    async with app_state.sessions() as db:
        order = await db.get(MerchandiseOrder, answers[0].json()["id"])
        assert order is not None and order.provider_order_id
        key = order.idempotency_key
    assert await user_cash_postings(app_state, uid, f"merchandise-order-{key}") == [-price], "charged once"
    assert (await balance(api, user))["cash"] == f"{Decimal('100.00') - price:.2f}"
    await record(temporal_client.get_workflow_handle(merchandise_id(key)), "MerchandiseOrder--confirmed")

    before = (await balance(api, user))["cash"]
    refused = await api.post("/api/merchandising/orders/", json=cart(1, "no-such-variant"),  # the store refuses it
                             headers={**user["headers"], "Idempotency-Key": "upsell-2"})
    assert (refused.status_code, refused.json()["errors"][0]["message"]) == (409, FAILURE)
    async with app_state.sessions() as db:
        failed = (await db.scalars(select(MerchandiseOrder).where(col(MerchandiseOrder.user_id) == uid,
                                                                  col(MerchandiseOrder.status) == "failed"))).all()
    assert len(failed) == 1
    charged_and_refunded = await user_cash_postings(app_state, uid, f"merchandise-order-{failed[0].idempotency_key}")
    assert sorted(charged_and_refunded) == [-price, price] and sum(charged_and_refunded) == 0
    assert (await balance(api, user))["cash"] == before
    assert await ledger_total(app_state) == 0
    handle = temporal_client.get_workflow_handle(merchandise_id(failed[0].idempotency_key),
                                                 result_type=MerchandiseOrderResult)
    assert (await within_deadline(handle.result())).status == "failed"
    await record(handle, "MerchandiseOrder--refunded")

    sold_out = await api.post("/api/merchandising/orders/", json=cart(8, None),  # no stock: refused before any charge
                              headers={**user["headers"], "Idempotency-Key": "upsell-3"})
    assert (sold_out.status_code, sold_out.json()["errors"][0]["message"]) == (409, FAILURE)
    assert (await balance(api, user))["cash"] == before
    handle = temporal_client.get_workflow_handle(merchandise_id(f"{uid}-k{hashlib.sha256(b'upsell-3').hexdigest()[:24]}"),
                                                 result_type=MerchandiseOrderResult)
    assert (await within_deadline(handle.result())).status == "failed"
    await record(handle, "MerchandiseOrder--refused")


async def test_a_transfer_retried_with_its_key_is_one_transfer(api: httpx.AsyncClient, app_state: AppState) -> None:
    user = await funded_investor(api, app_state, cash="0.00")
    h = {**user["headers"], "Idempotency-Key": "deposit-1"}
    answers = [await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "25"}, headers=h)
               for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 201], answers[0].text
    assert answers[0].json()["id"] == answers[1].json()["id"] == answers[2].json()["id"]
    other = await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "26"}, headers=h)
    assert other.status_code == 201 and other.json()["id"] != answers[0].json()["id"], "the amount is in the key"
    async with app_state.sessions() as db:
        ids = (await db.scalars(select(col(Transfer.id)).where(col(Transfer.user_id) == user["user_id"]))).all()
        assert sorted(ids) == sorted({answers[0].json()["id"], other.json()["id"]})
        initiated_entries = await db.scalar(select(func.count()).select_from(LedgerEntry).where(
            col(LedgerEntry.idempotency_key) == f"transfer-{answers[0].json()['id']}:initiated"))
        assert initiated_entries == 1


async def test_a_withdrawal_over_the_available_cash_is_refused_in_its_workflow(
        api: httpx.AsyncClient, app_state: AppState, temporal_client: Client) -> None:
    user = await funded_investor(api, app_state, cash="100.00")
    uid = int(user["user_id"])
    over = await api.post("/api/dwolla/transfers/", json={"type": "withdrawal", "amount": "100.01"},
                          headers=user["headers"])
    assert (over.status_code, over.json()["errors"][0]["message"]) == (
        422, "Your withdrawal can not exceed your available cash of $100.00.")
    async with app_state.sessions() as db:  # requested while the cash was there (the api's check passed) ...
        source = await db.scalar(select(col(Transfer.funding_source_id)).where(col(Transfer.user_id) == uid))
        assert source is None, "the quick refusal created nothing"
        fs = await db.scalar(select(col(FundingSource.id)).where(col(FundingSource.user_id) == uid))
        assert fs is not None
        late = await request_transfer(db, user_id=uid, funding_source_id=fs, direction="withdrawal",
                                      amount=Decimal("60.00"), idempotency_key=f"test-late-{uid}")
    pins = {"cart": [{"merchant": "vitrine", "product": {"id": 7, "quantity": 4, "variantId": "7-std"}}]}
    spent = await api.post("/api/merchandising/orders/", json=pins, headers=user["headers"])
    assert spent.status_code == 201 and spent.json()["total"] == "60.00"  # ... then the cash went elsewhere
    async with app_state.sessions() as db:
        late = await db.get(Transfer, late.id)  # type: ignore[assignment]
        assert await initiated(app_state, db, late) == "Your withdrawal can not exceed your available cash of $40.00."
        assert (late.status, late.failure_code) == ("failed", "REFUSED")
    assert await user_cash_postings(app_state, uid, f"transfer-{late.id}:") == [], "nothing moved"
    handle = temporal_client.get_workflow_handle(transfer_id(late.id))
    assert await within_deadline(handle.result()) == "failed"
    await record(handle, "Transfer--initiated-refused")
    assert (await balance(api, user))["cash"] == "40.00"
