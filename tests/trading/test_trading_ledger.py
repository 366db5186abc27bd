"""Order holds, fills and releases in the ledger on the real PostgreSQL: what an investor would notice is their
available cash, their shares (total and sellable), and that every execution moved money and shares exactly once."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import select
from sqlmodel import col

from domain import ledger as L
from domain.trading import order_rules as R
from domain.trading.holds import Overfill
from store.ledger import balance, balances, share_balance
from store.models import Asset, LedgerEntry
from store.positions import available_cash, open_holds, position, positions
from store.trading import ledger as T
from store.trading.models import TradingHold
from tests.trading.conftest import LONG_AGO, Sessions, account_shares, asset, cash_sum, investor, share_sums

TODAY = date(2026, 11, 23)
D = Decimal


def oid() -> str:
    return str(uuid.uuid4())


def bid(order_id: str, uid: int, asset_id: int, units: int, price: str) -> T.HoldRequest:
    return T.HoldRequest(order_id, uid, asset_id, R.BID, units, D(price))


def ask(order_id: str, uid: int, asset_id: int, units: int, price: str) -> T.HoldRequest:
    return T.HoldRequest(order_id, uid, asset_id, R.ASK, units, D(price))


async def test_a_bid_holds_its_cost_and_a_short_one_is_refused(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, cash="100.00")
    o = oid()
    async with sessions() as db:
        assert await T.hold(db, bid(o, uid, a, 10, "7.50"), today=TODAY)
        assert not await T.hold(db, bid(o, uid, a, 10, "7.50"), today=TODAY)  # a retried activity holds nothing more
        assert await available_cash(db, uid) == D("25.00")
        assert (await balances(db, uid))["held"] == D("75.00")
        with pytest.raises(T.HoldRefused) as refused:
            await T.hold(db, bid(oid(), uid, a, 6, "5.00"), today=TODAY)
        assert (refused.value.code, refused.value.units_available) == ("INSUFFICIENT_FUNDS", 5)
        assert await available_cash(db, uid) == D("25.00")
        assert len(await open_holds(db, uid)) == 1  # the refused order left nothing behind


async def test_an_ask_holds_only_alienable_units(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, shares={a: [(10, LONG_AGO), (4, date(2026, 11, 20))]})
    async with sessions() as db:
        pos = await position(db, uid, a, TODAY)
        assert (pos.total, pos.open_and_alienable) == (14, 10)
        with pytest.raises(T.HoldRefused) as young:
            await T.hold(db, ask(oid(), uid, a, 11, "12.00"), today=TODAY)
        assert (young.value.code, young.value.units_available) == ("INALIENABLE_UNITS", 10)
        with pytest.raises(T.HoldRefused) as none:
            await T.hold(db, ask(oid(), uid, a, 15, "12.00"), today=TODAY)
        assert none.value.code == "INSUFFICIENT_UNITS"
        assert await T.hold(db, ask(oid(), uid, a, 7, "12.00"), today=TODAY)
        with pytest.raises(T.HoldRefused) as allocated:  # no share is offered twice
            await T.hold(db, ask(oid(), uid, a, 4, "12.00"), today=TODAY)
        assert (allocated.value.code, allocated.value.units_available) == ("INALIENABLE_UNITS", 3)
        pos = await position(db, uid, a, TODAY)
        assert (pos.total, pos.open_and_alienable) == (14, 3)
        later = await position(db, uid, a, date(2026, 11, 30))  # the young lot aged past 5 business days
        assert later.open_and_alienable == 7
        ticker = (await db.get(Asset, a)).ticker  # type: ignore[union-attr]
        assert [p.as_json() for p in await positions(db, uid, TODAY)] == [  # the positions call's shape (spec §7)
            {"financialInstrument": {"id": ticker.lstrip("#"), "assetId": a, "ticker": ticker},
             "units": {"total": 14, "openAndAlienable": 3}}]


async def test_partial_fills_then_release(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, cash="100.00")
    o = oid()
    async with sessions() as db:
        await T.hold(db, bid(o, uid, a, 10, "5.00"), today=TODAY)
        assert await T.post_fill(db, o, "x1", 4, D("4.50"), today=TODAY)  # below the limit: 2.00 comes back
        assert await balance(db, L.held(uid, o)) == D("30.00")
        assert await available_cash(db, uid) == D("52.00")
        assert not await T.post_fill(db, o, "x1", 4, D("4.50"), today=TODAY)  # the webhook came twice
        assert await available_cash(db, uid) == D("52.00")
        pos = await position(db, uid, a, TODAY)
        assert (pos.total, pos.open_and_alienable) == (4, 0)  # bought today: not sellable for 5 business days
        assert pos.lots[0].acquired == TODAY
        with pytest.raises(Overfill):
            await T.post_fill(db, o, "x2", 7, D("5.00"), today=TODAY)
        assert await T.post_fill(db, o, "x2", 1, D("5.00"), today=TODAY)
        assert await T.release(db, o)  # canceled with 5 units open
        assert not await T.release(db, o)
        assert await balance(db, L.held(uid, o)) == D("0.00")
        assert await available_cash(db, uid) == D("77.00")  # 100 - 4 x 4.50 - 1 x 5.00
        with pytest.raises(T.HoldClosed):  # a fill after the ATS confirmed the cancel is refused
            await T.post_fill(db, o, "x3", 1, D("5.00"), today=TODAY)
        row = await db.get(TradingHold, o)
        assert row is not None and (row.status, row.filled) == ("closed", 5)


async def test_a_trade_between_two_investors_settles_through_clearing(sessions: Sessions) -> None:
    a = await asset(sessions)
    buyer = await investor(sessions, cash="500.00")
    seller = await investor(sessions, shares={a: [(20, LONG_AGO)]})
    b, s = oid(), oid()
    async with sessions() as db:
        before_cash, before_shares = await cash_sum(db), await share_sums(db)
        clearing, clearing_units = await balance(db, L.CLEARING), await account_shares(db, L.CLEARING, a)
        await T.hold(db, bid(b, buyer, a, 10, "12.00"), today=TODAY)
        await T.hold(db, ask(s, seller, a, 15, "11.00"), today=TODAY)
        now = datetime.now(UTC)
        # the ATS matched 10 units at the resting ask's price: one execution, one posting per order
        assert await T.post_fill(db, b, "e1", 10, D("11.00"), today=TODAY, now=now)
        assert await T.post_fill(db, s, "e1", 10, D("11.00"), today=TODAY, now=now)
        assert await balance(db, L.CLEARING) == clearing and await account_shares(db, L.CLEARING, a) == clearing_units
        assert await available_cash(db, buyer) == D("390.00")
        assert (await position(db, buyer, a, TODAY)).total == 10
        assert (await position(db, seller, a, TODAY)).total == 10  # 5 still held for the open ask
        # the seller's 110.00 waits for the settlement delay (24 hours)
        assert await available_cash(db, seller, now) == D("0.00")
        assert (await balances(db, seller))["proceeds"] == D("110.00")
        assert await available_cash(db, seller, now + timedelta(hours=25)) == D("110.00")
        await T.settle_due_proceeds(db, seller, now + timedelta(hours=25))
        assert await balance(db, L.cash(seller)) == D("110.00")
        assert (await balances(db, seller))["proceeds"] == D("0.00")
        assert await T.release(db, s)
        assert (await position(db, seller, a, TODAY)).open_and_alienable == 10
        assert await cash_sum(db) == before_cash == 0
        assert await share_sums(db) == before_shares


async def test_an_outside_participant_leaves_its_side_in_clearing(sessions: Sessions) -> None:
    a = await asset(sessions)
    buyer = await investor(sessions, cash="50.00")
    o = oid()
    async with sessions() as db:
        clearing = await balance(db, L.CLEARING)
        units = await account_shares(db, L.CLEARING, a)
        await T.hold(db, bid(o, buyer, a, 1, "20.00"), today=TODAY)
        assert await T.post_fill(db, o, "mm-1", 1, D("19.95"), today=TODAY)  # the demo market maker's ask
        assert await balance(db, L.CLEARING) - clearing == D("19.95")  # owed to the other broker
        assert await account_shares(db, L.CLEARING, a) - units == -1
        row = await db.get(TradingHold, o)
        assert row is not None and row.status == "closed"  # fully filled: nothing left to release
        assert await available_cash(db, buyer) == D("30.05")


async def test_an_edit_holds_the_larger_while_pending(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, cash="40.00")
    o = oid()
    async with sessions() as db:
        await T.hold(db, bid(o, uid, a, 2, "10.00"), today=TODAY)
        assert await T.rehold(db, o, "edit-1", 3, D("9.00"), today=TODAY)
        assert not await T.rehold(db, o, "edit-1", 3, D("9.00"), today=TODAY)
        assert await balance(db, L.held(uid, o)) == D("27.00")
        with pytest.raises(T.EditPending):
            await T.rehold(db, o, "edit-2", 1, D("9.00"), today=TODAY)
        assert await T.finish_rehold(db, o, "edit-1", applied=False)  # the ATS refused: back to 2 x 10.00
        assert await balance(db, L.held(uid, o)) == D("20.00")
        assert await T.rehold(db, o, "edit-3", 1, D("15.00"), today=TODAY)
        assert await balance(db, L.held(uid, o)) == D("20.00")  # the old terms need more
        assert await T.finish_rehold(db, o, "edit-3", applied=True)
        assert await balance(db, L.held(uid, o)) == D("15.00")
        assert not await T.finish_rehold(db, o, "edit-3", applied=True)
        with pytest.raises(T.HoldRefused) as short:
            await T.rehold(db, o, "edit-4", 6, D("10.00"), today=TODAY)  # 60.00 > 25.00 free + 15.00 held
        assert short.value.code == "INSUFFICIENT_FUNDS"
        assert await available_cash(db, uid) == D("25.00")


async def test_a_partial_fill_during_an_edit_keeps_the_new_terms_covered(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, cash="40.00")
    o = oid()
    async with sessions() as db:
        await T.hold(db, bid(o, uid, a, 2, "10.00"), today=TODAY)  # holds 20
        await T.rehold(db, o, "e", 5, D("5.00"), today=TODAY)  # 5 x 5.00 = 25 while pending
        assert await T.post_fill(db, o, "x", 1, D("10.00"), today=TODAY)  # the old order filled first
        assert await balance(db, L.held(uid, o)) == D("20.00")  # 4 more at 5.00 stay covered
        await T.finish_rehold(db, o, "e", applied=True)
        assert await available_cash(db, uid) == D("10.00")


async def test_an_ask_sells_aged_shares_and_keeps_the_rest(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, shares={a: [(3, LONG_AGO), (5, date(2026, 11, 2))]})
    o = oid()
    async with sessions() as db:
        await T.hold(db, ask(o, uid, a, 6, "8.00"), today=TODAY)
        assert await T.post_fill(db, o, "x", 6, D("8.50"), today=TODAY, proceeds_delay=timedelta(0))
        assert await balance(db, L.cash(uid)) == D("51.00")  # no delay: cash at once
        pos = await position(db, uid, a, TODAY)
        assert (pos.total, pos.open_and_alienable) == (2, 2)
        assert [(lot.units, lot.acquired) for lot in pos.lots] == [(2, date(2026, 11, 2))]  # oldest sold first


async def test_two_deliveries_of_one_execution_at_once_post_once(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, cash="1000.00")
    o = oid()
    async with sessions() as db:
        await T.hold(db, bid(o, uid, a, 50, "10.00"), today=TODAY)

    async def deliver() -> bool:
        async with sessions() as db:
            return await T.post_fill(db, o, "same", 20, D("10.00"), today=TODAY)

    results = await asyncio.gather(*(deliver() for _ in range(4)))
    assert sorted(results) == [False, False, False, True]
    async with sessions() as db:
        assert await balance(db, L.held(uid, o)) == D("300.00")
        assert (await position(db, uid, a, TODAY)).total == 20


async def test_concurrent_asks_never_sell_a_share_twice(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, shares={a: [(10, LONG_AGO)]})

    async def try_hold() -> bool:
        async with sessions() as db:
            try:
                return await T.hold(db, ask(oid(), uid, a, 4, "9.00"), today=TODAY)
            except T.HoldRefused:
                return False

    results = await asyncio.gather(*(try_hold() for _ in range(5)))
    assert results.count(True) == 2
    async with sessions() as db:
        assert (await position(db, uid, a, TODAY)).open_and_alienable == 2



async def _entries(db: Any, prefix: str) -> list[str]:
    return list((await db.scalars(select(col(LedgerEntry.idempotency_key)).where(
        col(LedgerEntry.idempotency_key).startswith(prefix)))).all())


async def test_a_cancel_gives_the_unfilled_rest_back_at_once_and_the_fills_settle_later(sessions: Sessions) -> None:
    """Issue 30: a bid of 100 at 150.00 (15,000 held) filled 17 and canceled. The unfilled 83 units' cash is available
    right after the cancel; the 17 stay held at their limit until the executions are known, then at their price; they
    settle later all the same, two postings per execution, the ledger at zero."""
    a = await asset(sessions)
    buyer = await investor(sessions, cash="25000.00")
    seller = await investor(sessions, shares={a: [(30, LONG_AGO)]})
    b, s = oid(), oid()
    x1, x2 = T.ReportedExecution("e1", 10, D("148.00")), T.ReportedExecution("e2", 7, D("148.00"))
    async with sessions() as db:
        before_cash, before_shares = await cash_sum(db), await share_sums(db)
        await T.hold(db, bid(b, buyer, a, 100, "150.00"), today=TODAY)
        await T.hold(db, ask(s, seller, a, 17, "148.00"), today=TODAY)
        assert await available_cash(db, buyer) == D("10000.00")
        # the cancel's answer: 17 filled, executions not known yet: only the unfilled rest comes back
        assert await T.release_part(db, b, [], ended_filled=17)
        assert await available_cash(db, buyer) == D("22450.00")  # 17 x 150.00 still held
        # the executions known: each needs what it costs (148.00), the difference comes back before settlement
        assert await T.release_part(db, b, [x1, x2], ended_filled=17)
        assert await available_cash(db, buyer) == D("22484.00") and await balance(db, L.held(buyer, b)) == D("2516.00")
        # retried (a retried activity, the cancel's Update and the main loop both telling it): nothing moves
        released = await _entries(db, f"release-part:{b}:")
        assert not await T.release_part(db, b, [x1, x2], ended_filled=17)
        assert not await T.release_part(db, b, [x2], ended_filled=17)
        assert await _entries(db, f"release-part:{b}:") == released and len(released) == 2
        assert await available_cash(db, buyer) == D("22484.00")
        # the seller's ask filled in full: its units stay held for the executions, nothing to give back
        assert not await T.release_part(db, s, [x1, x2], ended_filled=17)
        assert (await position(db, seller, a, TODAY)).open_and_alienable == 13
        # settlement at the end of CONFIRMATION: still posted, once per side, the holds emptied and closed
        for x in (x1, x2):
            for order in (b, s):
                assert await T.post_fill(db, order, x.execution_id, x.units, x.unit_price, today=TODAY)
        assert await available_cash(db, buyer) == D("22484.00") and (await position(db, buyer, a, TODAY)).total == 17
        assert await balance(db, L.held(buyer, b)) == D("0.00")
        for order in (b, s):
            row = await db.get(TradingHold, order)
            assert row is not None and row.status == "closed"  # the last fill closed it: the end's release is a no-op
            assert not await T.release(db, order)
        fills = await _entries(db, "fill:")
        assert sorted(k for k in fills if k.split(":")[1] in (b, s)) == sorted(
            f"fill:{o}:{x}" for o in (b, s) for x in ("e1", "e2"))  # 2 postings x 2 executions
        assert await cash_sum(db) == before_cash == 0
        assert await share_sums(db) == before_shares


async def test_an_open_bid_filled_below_its_limit_gets_the_difference_back_before_settlement(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, cash="100.00")
    o = oid()
    async with sessions() as db:
        await T.hold(db, bid(o, uid, a, 10, "5.00"), today=TODAY)
        assert await T.release_part(db, o, [T.ReportedExecution("x1", 4, D("4.50"))], ended_filled=None)
        assert await available_cash(db, uid) == D("52.00")  # 4 x 4.50 + 6 open x 5.00 held
        # an edit while the execution waits: the larger of both terms for the open units, the execution at its price
        assert await T.rehold(db, o, "edit-1", 12, D("5.50"), today=TODAY)
        assert await balance(db, L.held(uid, o)) == D("62.00")  # 18.00 + 8 x 5.50
        assert await T.finish_rehold(db, o, "edit-1", applied=True)
        assert await balance(db, L.held(uid, o)) == D("62.00")
        assert await T.post_fill(db, o, "x1", 4, D("4.50"), today=TODAY)
        assert await balance(db, L.held(uid, o)) == D("44.00") and await available_cash(db, uid) == D("38.00")
        assert await T.release(db, o)
        assert await available_cash(db, uid) == D("82.00")  # 100 - 4 x 4.50


async def test_a_voided_execution_gives_its_part_back_and_the_end_releases_the_rest(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, cash="100.00")
    o = oid()
    x = T.ReportedExecution("x1", 4, D("4.50"))
    async with sessions() as db:
        await T.hold(db, bid(o, uid, a, 10, "5.00"), today=TODAY)
        assert await T.release_part(db, o, [x], ended_filled=None)
        assert await available_cash(db, uid) == D("52.00")
        voided = T.ReportedExecution("x1", 4, D("4.50"), voided=True)
        assert await T.release_part(db, o, [voided], ended_filled=None)  # its units never fill again
        assert await available_cash(db, uid) == D("70.00") and await balance(db, L.held(uid, o)) == D("30.00")
        assert not await T.release_part(db, o, [x], ended_filled=None)  # an older report never un-voids it
        assert await balance(db, L.held(uid, o)) == D("30.00")
        assert await T.release_part(db, o, [voided], ended_filled=4)  # canceled: nothing else was filled
        assert await available_cash(db, uid) == D("100.00")
        assert await T.release(db, o)  # the end: closed, nothing left to give back
        assert await available_cash(db, uid) == D("100.00")
        assert not await T.release_part(db, o, [voided], ended_filled=4)  # after the end: nothing
        assert await cash_sum(db) == 0


async def test_a_canceled_ask_frees_its_unfilled_units_at_once(sessions: Sessions) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, shares={a: [(10, LONG_AGO)]})
    o = oid()
    async with sessions() as db:
        await T.hold(db, ask(o, uid, a, 8, "9.00"), today=TODAY)
        assert (await position(db, uid, a, TODAY)).open_and_alienable == 2
        assert await T.release_part(db, o, [T.ReportedExecution("x", 3, D("9.00"))], ended_filled=3)
        assert (await position(db, uid, a, TODAY)).open_and_alienable == 7  # the 3 sold stay held until settled
        assert await share_balance(db, L.held(uid, o), a) == 3
        assert await T.post_fill(db, o, "x", 3, D("9.00"), today=TODAY, proceeds_delay=timedelta(0))
        assert await balance(db, L.cash(uid)) == D("27.00") and (await position(db, uid, a, TODAY)).total == 7
        with pytest.raises(T.HoldClosed):  # nothing more can fill the ended order
            await T.post_fill(db, o, "y", 1, D("9.00"), today=TODAY)
