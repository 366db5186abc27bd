"""The demo investors' history (store/demo_investors.py's story) written by the product's own store paths, so
Transaction History, My Portfolio, statements and Settings read it as they read any investor's:

- the onboarding's answers, each checked by its step's rules and saved by `store.profiles.save_step` (the SSN
  encrypted), the payment customer verified, and the bank as a verified micro-deposit link leaves it
  (`store.banks.save_source`: the account number encrypted, its last 4 digits shown);
- deposits requested, initiated and settled as the transfer workflow does (`store.transfers.open_transfer` and
  `settle`: entries `transfer-{id}:initiated` and `:settled`);
- each offering purchase as `store.purchases.buy` writes it (`record`: the investment, its `purchase:{key}` entry and
  its `purchase-shares:{key}` lot);
- each trade as the order workflows settle it (`store.trading.ledger.hold`, `post_fill`, the sale's proceeds released
  after the product's delay) and as their last view leaves the order list (`store.trading.orders.save_view`).

Idempotent: every write is keyed by a business key (`demo-bank:{user}`, `demo-deposit:{user}:{n}`,
`demo-purchase:{user}:{asset}`, the orders' ids from `demo-trade:{n}`), so a re-run writes nothing; the profile is
written while the investor has none (a profile edited since is kept). The product writes everything at the moment
it runs; the history's moments are set afterwards, only ever moved back, so a re-run moves nothing either.

A database seeded before issue 30 (`demo-cash:` and `demo-shares:` entries: cash and lots with no receipts) keeps
that money history: the profiles and banks are added, the story's money is not posted on top of it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import SQLModel, col

from config import Settings
from domain.flow import by_id
from domain.onboarding import STEPS
from domain.trading.order_rules import ASK, BID, Side
from store import demo_investors as D
from store.banks import save_source
from store.crypto import PiiCipher
from store.ledger import lock_user
from store.models import Asset, Customer, FundingSource, Investment, LedgerEntry, Transfer, User
from store.profiles import save_step
from store.purchases import NEW_YORK, Order, record
from store.trading.ledger import HoldRequest, hold, post_fill, settle_due_proceeds
from store.trading.models import TradeFill, TradingHold
from store.trading.orders import save_view
from store.transfers import open_transfer, settle
from workflows.trading.order_types import ExecutionView, OrderView, account_id_for, instrument_id_of, order_id_for

LEGACY_KEY = "demo-cash:"  # the seed's entries before issue 30
SETTLES_AFTER = timedelta(days=1)  # an ACH deposit settles the next day
PLACED_BEFORE = timedelta(minutes=30)  # an order rests this long before it trades


async def seed_investors(db: AsyncSession, settings: Settings, today: date | None = None) -> None:
    """Writes each demo investor's profile, bank and history (the investors the seed created; commits)."""
    today = today or datetime.now(UTC).date()
    pii = PiiCipher(settings.pii_key)
    uids = dict((await db.execute(select(col(User.email), col(User.id)).where(
        col(User.email).in_(D.DEMO_INVESTORS)))).tuples().all())
    assets = {ticker: (asset_id, starts) for ticker, asset_id, starts in (await db.execute(
        select(col(Asset.ticker), col(Asset.id), col(Asset.offering_starts)).where(
            col(Asset.ticker).in_(D.TRADED_TICKERS)))).tuples().all()}
    legacy = await db.scalar(select(col(LedgerEntry.id)).where(
        col(LedgerEntry.idempotency_key).startswith(LEGACY_KEY)).limit(1)) is not None
    for n, investor in enumerate(D.INVESTORS):
        uid = uids.get(investor.email)
        if uid is None:
            continue
        bought = {ticker: D.purchase_moment(starts, n, today) for ticker, (_, starts) in assets.items()}
        amounts = D.deposits(investor.email)
        moments = D.deposit_moments(min(bought.values()), today, len(amounts))
        joined = moments[0] - D.ONBOARDED_BEFORE
        await _onboard(db, pii, uid, investor, today, joined)
        source_id = await _link_bank(db, pii, uid, investor, joined + timedelta(hours=1))
        if legacy:
            continue
        for k, (amount, at) in enumerate(zip(amounts, moments, strict=True), start=1):
            await _deposit(db, uid, source_id, k, amount, at, settings.deposit_hold_days)
        for ticker, at in bought.items():
            await _buy(db, uid, assets[ticker][0], D.offering_units(investor.email, ticker), at)
    if not legacy and set(uids) == set(D.DEMO_INVESTORS):
        delay = timedelta(seconds=settings.trade_proceeds_delay_seconds)
        for t in D.TRADES:
            await _trade(db, t, uids, assets[t.ticker][0], D.trade_moment(t, today), delay)


async def _moved_back(db: AsyncSession, table: type[SQLModel], match: ColumnElement[bool], at: datetime,
                      *columns: str) -> None:
    """The matching rows' moments set to `at` where they are later (a re-run changes nothing); commits."""
    for name in columns:
        await db.execute(update(table).where(match, col(getattr(table, name)) > at).values({name: at}))
    await db.commit()


async def _entries_at(db: AsyncSession, at: datetime, keys: Sequence[str]) -> None:
    await _moved_back(db, LedgerEntry, col(LedgerEntry.idempotency_key).in_(keys), at, "created_at")


def _checked(step: str, fields: dict[str, Any], today: date) -> dict[str, Any]:
    """The step's fields once its rules (the onboarding's validator) accept them."""
    rules = by_id(STEPS, step)
    errors = rules.validate(fields, {"today": today.isoformat()}) if rules else {"step": "unknown"}
    if errors:
        raise ValueError(f"demo answers refused at {step}: {errors}")
    return fields


async def _onboard(db: AsyncSession, pii: PiiCipher, uid: int, investor: D.Investor, today: date,
                   joined: datetime) -> None:
    """The onboarding as the investor went through it, while they have no profile; their payment customer verified
    (as `payments.ensure_customer` leaves it); signed up and agreed to the terms on `joined`."""
    if not await db.scalar(select(col(User.first_name)).where(col(User.id) == uid)):
        for step, fields in investor.answers.items():
            await save_step(db, pii, uid, step, _checked(step, fields, today))
    await db.execute(update(Customer).where(col(Customer.user_id) == uid, col(Customer.provider_customer_id).is_(None))
                     .values(provider_customer_id=investor.bank.provider_customer_id, status="verified"))
    await _moved_back(db, User, col(User.id) == uid, joined, "date_joined", "terms_agreed_at", "tos3_agreed_at")


async def _link_bank(db: AsyncSession, pii: PiiCipher, uid: int, investor: D.Investor, at: datetime) -> int:
    """The bank as a manual link verified by its micro-deposits leaves it (activities/payments.py, bank_link.py), while
    the investor has linked none: the id of their first bank (a bank removed or linked since stays as it is)."""
    key, b = f"demo-bank:{uid}", investor.bank
    first = (await db.execute(select(col(FundingSource.id), col(FundingSource.idempotency_key)).where(
        col(FundingSource.user_id) == uid).order_by(col(FundingSource.id)).limit(1))).tuples().first()
    if first is None:
        source = await save_source(
            db, user_id=uid, key=key, provider_id=b.provider_source_id, status="verified", method="manual",
            bank_name=b.bank_name, account_tail=b.account_number[-4:], name_on_account=investor.name,
            account_type=b.account_type, routing_number=b.routing_number,
            account_number_encrypted=pii.encrypt(b.account_number))
        source_id, linked_by = source.id, key
    else:
        source_id, linked_by = first
    if linked_by == key:
        await _moved_back(db, FundingSource, col(FundingSource.id) == source_id, at, "created_at")
    return int(source_id)


async def _deposit(db: AsyncSession, uid: int, source_id: int, k: int, amount: Decimal, at: datetime,
                   hold_days: int) -> None:
    """A deposit from the bank: requested and initiated (`funding.open_deposit`), settled a day later
    (`transfers.settle`)."""
    t = await open_transfer(db, user_id=uid, funding_source_id=source_id, direction="deposit", amount=amount,
                            hold_days=hold_days, idempotency_key=f"demo-deposit:{uid}:{k}")
    await settle(db, t, "processed")
    settled = at + SETTLES_AFTER
    await _moved_back(db, Transfer, col(Transfer.id) == t.id, at, "created_at")
    await _moved_back(db, Transfer, col(Transfer.id) == t.id, settled, "settled_at")
    await _entries_at(db, at, [f"transfer-{t.id}:initiated"])
    await _entries_at(db, settled, [f"transfer-{t.id}:settled"])


async def _buy(db: AsyncSession, uid: int, asset_id: int, units: int, at: datetime) -> None:
    """The offering purchase as `purchase.invest` writes it (the subscription agreement agreed at `at`)."""
    key = f"demo-purchase:{uid}:{asset_id}"
    if await db.scalar(select(col(Investment.id)).where(col(Investment.idempotency_key) == key)) is None:
        asset = await db.get(Asset, asset_id)
        assert asset is not None
        await lock_user(db, uid)
        await record(db, Order(key=key, flow_id=key, user_id=uid, asset_id=asset_id, shares=units, max_shares=units,
                               gift_value=Decimal("0.00"), redeem_code="", envelope_id=None, agreed_at=at),
                     asset, at.astimezone(NEW_YORK).date())
        await db.commit()
    await _moved_back(db, Investment, col(Investment.idempotency_key) == key, at, "created_at")
    await _entries_at(db, at, [f"purchase:{key}", f"purchase-shares:{key}"])


async def _trade(db: AsyncSession, t: D.Trade, uids: dict[str, int], asset_id: int, at: datetime,
                 proceeds_delay: timedelta) -> None:
    """A bid of the buyer and an ask of the seller, limit orders at the trade's price, placed half an hour before
    they matched in one execution: each held, filled and settled, its last view in the order list; the seller's
    proceeds moved to cash after the product's delay."""
    day = at.astimezone(NEW_YORK).date()
    execution = f"x-{instrument_id_of(t.ticker)}-demo{t.n}"
    placed = at - PLACED_BEFORE
    sides: tuple[tuple[str, Side], ...] = ((t.buyer, BID), (t.seller, ASK))
    for email, side in sides:
        uid = uids[email]
        order_id = order_id_for(uid, f"demo-trade:{t.n}")
        await hold(db, HoldRequest(order_id, uid, asset_id, side, t.units, t.unit_price), today=day, now=placed)
        await post_fill(db, order_id, execution, t.units, t.unit_price, proceeds_delay=proceeds_delay, today=day,
                        now=at)
        await save_view(db, _filled(order_id, uid, asset_id, side, t, execution, placed, at), uid)
        await _moved_back(db, TradingHold, col(TradingHold.order_id) == order_id, placed, "created_at")
        await _moved_back(db, TradingHold, col(TradingHold.order_id) == order_id, at, "closed_at")
        await _moved_back(db, TradeFill, col(TradeFill.order_id) == order_id, at, "created_at")
        await _entries_at(db, placed, [f"hold:{order_id}"])
        await _entries_at(db, at, [f"fill:{order_id}:{execution}"])
        if side == ASK and proceeds_delay > timedelta(0):
            await settle_due_proceeds(db, uid, at + proceeds_delay)
            await _entries_at(db, at + proceeds_delay, [f"proceeds:{order_id}:{execution}"])


def _filled(order_id: str, uid: int, asset_id: int, side: Side, t: D.Trade, execution: str, placed: datetime,
            at: datetime) -> OrderView:
    """The order's view once its one execution settled (workflows/trading/order_state.py's view of a filled order)."""
    amount = f"{t.unit_price * t.units:.2f}"
    window = f"W-{instrument_id_of(t.ticker)}-{at.astimezone(NEW_YORK):%Y%m%d}"
    return OrderView(
        id=order_id, status="FILLED", side=side, order_type="LIMIT",
        term="GOOD_TIL_CANCELED", ticker=t.ticker, asset_id=asset_id, financial_instrument_id=instrument_id_of(t.ticker),
        account_id=account_id_for(uid), units_requested=t.units, units_filled=t.units, unit_price=f"{t.unit_price:.2f}",
        pricing_order=amount, pricing_debited=amount if side == BID else "0.00",
        pricing_credited=amount if side == ASK else "0.00", created=placed.isoformat(), modified=at.isoformat(),
        window_id=window, executions=[ExecutionView(execution, t.units, f"{t.unit_price:.2f}", "SETTLED", True, window)],
        version=1)
