"""A property of the hold model on the real database: whatever sequence of fills, edits and a release an order
goes through, its hold is exactly what its open units need (the larger of both terms while an edit is pending),
and the investor's cash and shares always add up: a bid's cash + held cash + what the fills paid is what they
started with; an ask's shares + held shares + units sold likewise, and the proceeds are what the fills paid."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import ledger as L
from domain.trading import order_rules as R
from store.ledger import balance, share_balance
from store.positions import owned_units
from store.trading import ledger as T
from tests.trading.conftest import LONG_AGO, Sessions, asset, investor

TODAY = date(2026, 11, 23)
START = Decimal("100000.00")
START_UNITS = 40
ticks = st.integers(1, 60).map(lambda n: Decimal(n) * Decimal("0.05"))
ops = st.lists(st.one_of(
    st.tuples(st.just("fill"), st.integers(1, 6), st.integers(0, 3)),
    st.tuples(st.just("edit"), st.integers(1, 12), ticks),
    st.tuples(st.just("finish"), st.booleans()),
    st.tuples(st.just("release")),
), max_size=8)
examples = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@dataclass
class Model:
    side: R.Side
    units: int
    price: Decimal
    filled: int = 0
    pending: tuple[int, Decimal] | None = None
    edit: str = ""
    closed: bool = False
    paid: Decimal = Decimal(0)

    def versions(self) -> list[tuple[int, Decimal]]:
        return [(self.units, self.price)] + ([self.pending] if self.pending else [])

    def open(self) -> int:
        return max(max(0, u - self.filled) for u, _ in self.versions())

    def required(self) -> Decimal:
        if self.closed:
            return Decimal(0)
        if self.side == R.ASK:
            return Decimal(self.open())
        return max(max(0, u - self.filled) * p for u, p in self.versions())


async def run(sessions: Sessions, side: R.Side, units: int, price: Decimal, steps: list[tuple[object, ...]]) -> None:
    a = await asset(sessions)
    uid = await investor(sessions, cash=str(START) if side == R.BID else "0",
                         shares={a: [(START_UNITS, LONG_AGO)]} if side == R.ASK else None)
    o, m = str(uuid.uuid4()), Model(side, units, price)
    async with sessions() as db:
        await T.hold(db, T.HoldRequest(o, uid, a, side, units, price), today=TODAY)
        for n, step in enumerate(steps):
            if m.closed:
                break
            if step[0] == "fill" and m.open():
                fill_units = min(int(str(step[1])), m.open())
                top = max(p for _, p in m.versions())
                ticks_off = Decimal("0.05") * int(str(step[2]))
                fill_price = max(Decimal("0.05"), top - ticks_off) if side == R.BID else top + ticks_off
                await T.post_fill(db, o, f"x{n}", fill_units, fill_price, today=TODAY, proceeds_delay=timedelta(0))
                m.filled += fill_units
                m.paid += fill_units * fill_price
                m.closed = m.open() == 0 and m.pending is None
            elif step[0] == "edit" and m.pending is None and int(str(step[1])) > m.filled:
                assert isinstance(step[2], Decimal)
                await T.rehold(db, o, f"e{n}", int(str(step[1])), step[2], today=TODAY)
                m.pending, m.edit = (int(str(step[1])), step[2]), f"e{n}"
            elif step[0] == "finish" and m.pending is not None:
                await T.finish_rehold(db, o, m.edit, applied=bool(step[1]))
                if step[1]:
                    m.units, m.price = m.pending
                m.pending = None
                m.closed = m.open() == 0
            elif step[0] == "release":
                await T.release(db, o)
                m.closed = True
            cash, held = await balance(db, L.cash(uid)), await balance(db, L.held(uid, o))
            held_units = await share_balance(db, L.held(uid, o), a)
            if side == R.BID:
                assert held == m.required()
                assert cash + held + m.paid == START
                assert await owned_units(db, uid, a) == m.filled
            else:
                assert held_units == m.required()
                assert await share_balance(db, L.shares(uid), a) + held_units + m.filled == START_UNITS
                assert cash == m.paid


@examples
@given(units=st.integers(1, 10), price=ticks, steps=ops)
async def test_a_bid_hold_always_matches_its_open_units(sessions: Sessions, units: int, price: Decimal,
                                                        steps: list[tuple[object, ...]]) -> None:
    await run(sessions, R.BID, units, price, steps)

