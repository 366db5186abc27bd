"""The statement workflow on the real dev server (workflows/statements.py): a month with deposits, a purchase, a trade
and a withdrawal gives a PDF whose text (read back with pypdf) shows the opening cash, each movement, the closing
cash and the holdings; a re-run makes nothing new; one investor's re-run; the yearly tax run: a document with each of
the year's sales for an investor who sold, none for one who did not, nothing new on a re-run; a tax run for an
investor without a sale; the schedules are created and updated idempotently."""

from __future__ import annotations

import io
import uuid
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import select, update
from sqlmodel import col
from temporalio.client import Client
from temporalio.worker import Worker

from api.state import AppState
from config import Settings
from domain import ledger as L
from domain.statements import Month
from domain.trading import order_rules as R
from store.document_files import DocumentFiles, LocalFolder
from store.ledger import lock_user, post
from store.models import FinancialDocument, LedgerEntry, User
from store.purchases import Order, buy
from store.statements import storage_key
from store.trading.models import TradeFill
from tests.api.accounts import signup
from tests.api.test_portfolio import trade
from tests.flows.investors import funded_investor, offering
from tests.workflows.histories import record
from worker.statement_schedules import MONTHLY, YEARLY, catch_up_last_month, ensure_statement_schedules
from workflows.statements import StatementsInput, StatementsResult, StatementsWorkflow, due_period, workflow_id

MONTH = Month(2024, 5)  # a month of the past no other test writes into


def at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 15, 0, tzinfo=UTC)


async def entry(state: AppState, uid: int, day: date, kind: str, postings: list[L.Posting],
                shares: list[L.SharePosting] | None = None) -> None:
    key = f"test-statement-{uuid.uuid4().hex}"
    async with state.sessions() as db:
        await lock_user(db, uid)
        assert await post(db, key, kind, postings, shares=shares or [])
        await db.execute(update(LedgerEntry).where(col(LedgerEntry.idempotency_key) == key).values(created_at=at(day)))
        await db.commit()


async def investor_with_a_month(api: httpx.AsyncClient, state: AppState,
                                user: dict[str, Any] | None = None) -> tuple[int, str]:
    """Apr 20 deposit 1,000.00; in May: deposit 500.00, 3 shares bought in an offering at $10.00, a trade of
    $53.20, a withdrawal of 100.00; June 2 deposit 700.00 (not in May's statement). A new investor unless `user`."""
    uid = int((user or await signup(api))["user_id"])
    async with state.sessions() as db:
        await db.execute(update(User).where(col(User.id) == uid).values(first_name="Ada", last_name="Lovelace"))
        await db.commit()
    asset = await offering(state, shares=100, value="1000.00")
    cash, settled = L.cash(uid), L.ACH_SETTLED
    await entry(state, uid, date(2024, 4, 20), "deposit-processed", [(cash, Decimal("1000.00")), (settled, Decimal("-1000.00"))])
    await entry(state, uid, date(2024, 5, 3), "deposit-processed", [(cash, Decimal("500.00")), (settled, Decimal("-500.00"))])
    await entry(state, uid, date(2024, 5, 7), "purchase", L.purchase(uid, Decimal("30.00"), Decimal("30.00")),
                L.offering_shares(uid, asset.id, 3, date(2024, 5, 7)))
    await entry(state, uid, date(2024, 5, 10), "trade-fill", [(cash, Decimal("-53.20")), (L.CLEARING, Decimal("53.20"))])
    await entry(state, uid, date(2024, 5, 20), "withdrawal-initiated", L.withdrawal_initiated(uid, Decimal("100.00")))
    await entry(state, uid, date(2024, 6, 2), "deposit-processed", [(cash, Decimal("700.00")), (settled, Decimal("-700.00"))])
    return uid, asset.ticker


async def documents(state: AppState, uid: int) -> list[FinancialDocument]:
    async with state.sessions() as db:
        return list((await db.scalars(select(FinancialDocument).where(col(FinancialDocument.user_id) == uid))).all())


def text_of(data: bytes | None) -> str:
    """A PDF's text, read back with pypdf."""
    import pypdf  # by the worker that runs this, not at collection

    assert data is not None and data.startswith(b"%PDF")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


async def pdf_text(settings: Settings, uid: int, kind: str, period: str, files: DocumentFiles | None = None) -> str:
    return text_of(await (files or LocalFolder(settings.documents_dir)).get(storage_key(uid, kind, period)))


async def run(client: Client, settings: Settings, inp: StatementsInput, wid: str, name: str) -> StatementsResult:
    handle = await client.start_workflow(StatementsWorkflow.run, inp, id=f"{wid}-{uuid.uuid4().hex[:6]}",
                                         task_queue=settings.task_queue)
    result = await handle.result()
    await record(handle, name)
    return result


async def test_a_month_s_statement_reconciles_and_a_rerun_makes_nothing_new(
        api: httpx.AsyncClient, app_state: AppState, settings: Settings, temporal_client: Client, worker: Worker) -> None:
    uid, ticker = await investor_with_a_month(api, app_state)
    first = await run(temporal_client, settings, StatementsInput(period=MONTH.key), workflow_id("statement", MONTH.key),
                      "Statements--month")
    assert first.period == MONTH.key and first.created >= 1 and first.investors >= 1
    [doc] = await documents(app_state, uid)
    assert (doc.kind, doc.period, doc.display_name) == ("statement", "2024-05", "May 2024 Statement")
    text = await pdf_text(settings, uid, "statement", MONTH.key)
    for line in ("May 2024 Statement", "Ada Lovelace", "Opening cash $1,000.00", "Money in $500.00",
                 "Money out -$183.20", "Closing cash $1,316.80", "Deposit $500.00", "Offering purchase -$30.00",
                 "Trade -$53.20", "Withdrawal -$100.00", f"{ticker} Test Asset {ticker} 3 x $10.00 $30.00",
                 "Account value (closing cash + holdings) $1,346.80"):
        assert line in text, f"{line!r} not in the statement:\n{text}"
    assert "$700.00" not in text  # June's deposit is the next month's

    again = await run(temporal_client, settings, StatementsInput(period=MONTH.key), workflow_id("statement", MONTH.key),
                      "Statements--month-rerun")
    assert again.created == 0 and again.kept == again.investors >= 1
    assert [d.file_key for d in await documents(app_state, uid)] == [doc.file_key]


async def test_one_investor_re_run_remakes_the_file_in_place(
        api: httpx.AsyncClient, app_state: AppState, settings: Settings, temporal_client: Client, worker: Worker) -> None:
    uid, _ = await investor_with_a_month(api, app_state)
    made = await run(temporal_client, settings, StatementsInput(period=MONTH.key, user_ids=[uid]),
                     workflow_id("statement", MONTH.key, uid), "Statements--one-investor")
    assert (made.investors, made.created) == (1, 1)
    remade = await run(temporal_client, settings, StatementsInput(period=MONTH.key, user_ids=[uid], remake=True),
                       workflow_id("statement", MONTH.key, uid), "Statements--one-investor-remake")
    assert (remade.investors, remade.created, remade.kept) == (1, 0, 1)
    assert len(await documents(app_state, uid)) == 1
    assert "Closing cash $1,316.80" in await pdf_text(settings, uid, "statement", MONTH.key)


async def test_a_tax_run_makes_no_document_for_an_investor_without_a_sale(
        api: httpx.AsyncClient, app_state: AppState, settings: Settings, temporal_client: Client, worker: Worker) -> None:
    uid, _ = await investor_with_a_month(api, app_state)
    result = await run(temporal_client, settings, StatementsInput(kind="tax", period="2024", user_ids=[uid]),
                       workflow_id("tax", "2024", uid), "Statements--tax-no-sale")
    assert (result.investors, result.created, result.skipped) == (1, 0, 1)
    assert await documents(app_state, uid) == []


TAX_YEAR = 2023  # a year no other test sells in


async def investor_who_bought(api: httpx.AsyncClient, state: AppState, asset_id: int, name: str) -> int:
    user = await funded_investor(api, state, cash="1000.00")
    uid = int(user["user_id"])
    async with state.sessions() as db:
        await db.execute(update(User).where(col(User.id) == uid).values(first_name=name, last_name="Tester"))
        await buy(db, Order(key=f"test-{uuid.uuid4().hex}", flow_id="f", user_id=uid, asset_id=asset_id, shares=10,
                            max_shares=100, gift_value=Decimal(0), redeem_code="", envelope_id=None,
                            agreed_at=datetime.now(UTC)))
        await db.commit()
    return uid


async def sold_on(state: AppState, uid: int, asset_id: int, day: date, units: int, price: str) -> None:
    """A sale of `units` at `price` (its hold and fill, as the order workflow posts them), dated `day`."""
    await trade(state, uid, asset_id, R.ASK, units, price)
    async with state.sessions() as db:
        newest = await db.scalar(select(TradeFill).where(col(TradeFill.user_id) == uid)
                                 .order_by(col(TradeFill.created_at).desc()).limit(1))
        assert newest is not None and newest.side == "ASK"
        await db.execute(update(TradeFill).where(col(TradeFill.order_id) == newest.order_id).values(created_at=at(day)))
        await db.commit()


async def test_the_yearly_tax_run_makes_a_document_with_each_sale_for_sellers_only(
        api: httpx.AsyncClient, app_state: AppState, settings: Settings, temporal_client: Client, worker: Worker) -> None:
    asset = await offering(app_state, shares=100, value="1000.00")
    seller = await investor_who_bought(api, app_state, asset.id, "Sal")
    holder = await investor_who_bought(api, app_state, asset.id, "Hal")  # bought, never sold
    await sold_on(app_state, seller, asset.id, date(TAX_YEAR, 3, 14), 4, "12.50")
    await sold_on(app_state, seller, asset.id, date(TAX_YEAR, 11, 2), 2, "9.75")
    await sold_on(app_state, seller, asset.id, date(TAX_YEAR + 1, 1, 5), 1, "20.00")  # the next year's

    first = await run(temporal_client, settings, StatementsInput(kind="tax", period=str(TAX_YEAR)),
                      workflow_id("tax", str(TAX_YEAR)), "Statements--tax-year")
    assert first.period == str(TAX_YEAR) and first.created >= 1 and first.skipped == 0
    [doc] = await documents(app_state, seller)
    assert (doc.kind, doc.period, doc.display_name) == ("tax", str(TAX_YEAR), f"{TAX_YEAR} Tax Document")
    assert await documents(app_state, holder) == []  # no sale: no document
    text = await pdf_text(settings, seller, "tax", str(TAX_YEAR))
    for line in (f"{TAX_YEAR} Tax Document", "Sal Tester", f"Proceeds of the sales of January 1 - December 31, {TAX_YEAR}",
                 f"Mar 14 {asset.ticker} 4 x $12.50 $50.00", f"Nov 02 {asset.ticker} 2 x $9.75 $19.50",
                 "Total proceeds $69.50"):
        assert line in text, f"{line!r} not in the tax document:\n{text}"
    assert "$20.00" not in text  # the next year's sale

    again = await run(temporal_client, settings, StatementsInput(kind="tax", period=str(TAX_YEAR)),
                      workflow_id("tax", str(TAX_YEAR)), "Statements--tax-year-rerun")
    assert again.created == 0 and again.kept == again.investors >= 1
    assert [d.file_key for d in await documents(app_state, seller)] == [doc.file_key]
    assert await documents(app_state, holder) == []


async def test_a_scheduled_run_makes_its_period_only_on_the_first_business_day(
        app_state: AppState, settings: Settings, temporal_client: Client, worker: Worker) -> None:
    handle = await temporal_client.start_workflow(
        StatementsWorkflow.run, StatementsInput(only_when_due=True),
        id=f"statements-scheduled-{uuid.uuid4().hex[:6]}", task_queue=settings.task_queue)
    result = await handle.result()
    started = (await handle.describe()).start_time
    assert started is not None
    # today (the server's clock) decides: nothing on any other day; the month before on the first business day
    assert result.period == (due_period("statement", True, started.astimezone(UTC).date()) or "")
    if not result.period:
        await record(handle, "Statements--not-due")


async def test_the_schedules_are_created_once_and_updated_in_place(
        settings: Settings, temporal_client: Client, worker: Worker) -> None:
    await ensure_statement_schedules(temporal_client, settings)
    await ensure_statement_schedules(temporal_client, settings)  # a second worker start: updated, not duplicated
    monthly = await temporal_client.get_schedule_handle(MONTHLY).describe()
    yearly = await temporal_client.get_schedule_handle(YEARLY).describe()
    [cal] = monthly.schedule.spec.calendars
    assert [(r.start, r.end) for r in cal.day_of_month] == [(1, 5)] and [r.start for r in cal.hour] == [6]
    [tax] = yearly.schedule.spec.calendars
    assert [r.start for r in tax.month] == [3]


async def test_a_fresh_stack_has_last_month_s_statements_for_the_demo_investors(
        app_state: AppState, settings: Settings, temporal_client: Client, worker: Worker) -> None:
    """What `make dev`'s worker does at start (worker/statement_schedules.catch_up_last_month): last month's
    statements once, the demo investors' seeded cash and lots in them (the seed dates them before this month)."""
    this_month = Month.of(datetime.now(UTC).date())
    period = this_month.previous().key
    if await catch_up_last_month(temporal_client, app_state.sessions, settings, this_month):
        await temporal_client.get_workflow_handle(workflow_id("statement", period)).result()
    assert not await catch_up_last_month(temporal_client, app_state.sessions, settings, this_month)  # once
    async with app_state.sessions() as db:
        demo = await db.scalar(select(col(User.id)).where(col(User.email) == "demo@vitrine.test"))
    assert demo is not None
    [doc] = [d for d in await documents(app_state, demo) if d.period == period]
    text = await pdf_text(settings, demo, "statement", period)
    assert "$25,000.00" in text and "Holdings on" in text and "x $" in text  # the cash and the lots
    assert doc.display_name == f"{this_month.previous().title} Statement"
