"""The trading test harness (issue 11, part F): investors with cash or aged share lots, the ATS window phases,
placing an order through the api, bounded waits on a workflow's view, and the ledger's invariants. It builds on
tests/trading/conftest.py (investors and assets made straight through the ledger) and order_harness.py (the ATS
sandbox with a frozen clock): import from here rather than re-writing them.

- `funded(sessions, cash)` / `holder(sessions, asset_id, units, cash)`: a user with cash in the ledger, or with an
  aged lot (acquired long before the 5-business-day rule) of a trading asset, posted as balanced entries.
- `to_phase(market, start, phase)`: the ATS clock moved (admin clock call) into SCHEDULED / OPEN / CONFIRMATION /
  CLOSED of the session that starts at `start` (`await market.next_session()`).
- `place(http, account_id, ...)`: `POST .../orders` then `.../submit` as the browser does (the account id: the user
  read's `customer.accounts[0].id`, `store.users.first_account_id`); answers the submit's data.
- `until(probe, check)`: polls a probe (a Query, an api read) until `check` holds, with a deadline; never a blind
  sleep. `until_view(handle, check)` for an order workflow's `view` Query.
- `books(db)` → `Books`: the ledger's totals; `assert_invariants(books, start)` checks that the ledger sums to zero
  (cash and each asset's units), each investor's units = start + buys − sells, each investor's cash = start −
  bought + sold, and every execution is posted exactly once (one `trade_fills` row, one `fill:` entry each)."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal, TypeVar

import httpx
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col
from temporalio.client import WorkflowHandle

from store.models import LedgerEntry, LedgerPosting
from store.trading.models import SharePosting, TradeFill
from tests.trading.conftest import LONG_AGO, Sessions, investor
from tests.trading.order_harness import CONFIRM, CYCLE, POST, Market
from tests.waiting import eventually
from workflows.trading import order_types as O

T = TypeVar("T")
Phase = Literal["SCHEDULED", "OPEN", "CONFIRMATION", "CLOSED"]


# --- investors ---------------------------------------------------------------------------------------------------
async def funded(sessions: Sessions, cash: str) -> int:
    """A user with `cash` dollars available (a balanced funding entry)."""
    return await investor(sessions, cash)


async def holder(sessions: Sessions, asset_id: int, units: int, cash: str = "0") -> int:
    """A user holding `units` of the asset in one lot old enough to sell (and `cash`)."""
    return await investor(sessions, cash, {asset_id: [(units, LONG_AGO)]})


# --- the ATS window ----------------------------------------------------------------------------------------------
PHASE_OFFSET: dict[Phase, float] = {"SCHEDULED": 1.0, "OPEN": POST + 1.0, "CONFIRMATION": CYCLE + 1.0,
                                    "CLOSED": CYCLE + CONFIRM + 1.0}


async def to_phase(market: Market, start: float, phase: Phase) -> None:
    """Moves the ATS clock (forward only) into `phase` of the session starting at `start` (demo schedule)."""
    await market.advance(start + PHASE_OFFSET[phase] - await market.now())


# --- bounded waits -----------------------------------------------------------------------------------------------
async def until(probe: Callable[[], Awaitable[T]], check: Callable[[T], bool], wait: float | None = None,
                every: float = 0.1, what: str = "condition") -> T:
    """Calls `probe` until `check(value)` holds; fails with the last value past the tests' deadline (or `wait`)."""
    async def holds() -> tuple[T]:
        value = await probe()
        assert check(value), f"{what} not reached: {value!r}"
        return (value,)  # truthy, whatever the value

    return (await eventually(holds, wait, every))[0]


async def until_view(handle: WorkflowHandle[Any, Any], check: Callable[[O.OrderView], bool],
                     wait: float | None = None) -> O.OrderView:
    async def probe() -> O.OrderView:
        view: O.OrderView = await handle.query(O.VIEW, result_type=O.OrderView)
        return view

    return await until(probe, check, wait, what=f"order {handle.id}")


# --- the api -----------------------------------------------------------------------------------------------------
async def place(http: httpx.AsyncClient, account_id: int, ticker: str, side: O.Side, units: int, price: str, *,
                order_type: O.OrderType = "LIMIT", key: str | None = None) -> dict[str, Any]:
    """Creates (Idempotency-Key) and submits an order through the api on the signed-in investor's financial account
    (`http` carries that user's session); answers the submit's `data` (the OrderView)."""
    base = f"/api/financial-accounts/{account_id}/orders"
    body: dict[str, Any] = {"financialInstrumentId": O.instrument_id_of(ticker), "context": side,
                            "type": order_type, "units": units, "unitPrice": price}
    r = await http.post(base, json=body, headers={"Idempotency-Key": key or uuid.uuid4().hex})
    assert r.status_code in (200, 201), r.text
    order_id = r.json()["data"]["id"]
    r = await http.post(f"{base}/{order_id}/submit")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()["data"]
    return data


# --- the ledger's invariants -------------------------------------------------------------------------------------
@dataclass
class Books:
    cash_total: Decimal
    units_total: dict[int, int]                     # per asset, every account
    user_cash: dict[int, Decimal]                   # cash + held cash + proceeds, per investor
    user_units: dict[tuple[int, int], int]          # (user, asset) -> shares + held shares
    fills: list[TradeFill] = field(default_factory=list)
    fill_entries: Counter[str] = field(default_factory=Counter)  # idempotency key -> entries


def _user(account: str) -> int | None:
    head, uid, *_ = account.split(":") + ["", ""]
    return int(uid) if head == "user" and uid.isdigit() else None


async def books(db: AsyncSession) -> Books:
    cash_total = Decimal(await db.scalar(select(func.coalesce(func.sum(LedgerPosting.amount), 0))) or 0)
    units_total: dict[int, int] = {}
    user_units: dict[tuple[int, int], int] = {}
    for account, asset_id, units in (await db.execute(select(
            col(SharePosting.account), col(SharePosting.asset_id), func.sum(SharePosting.units)).group_by(
            col(SharePosting.account), col(SharePosting.asset_id)))).all():
        units_total[asset_id] = units_total.get(asset_id, 0) + int(units)
        if (uid := _user(account)) is not None:
            user_units[(uid, asset_id)] = user_units.get((uid, asset_id), 0) + int(units)
    user_cash: dict[int, Decimal] = {}
    for account, amount in (await db.execute(select(col(LedgerPosting.account), func.sum(col(LedgerPosting.amount))).group_by(
            LedgerPosting.account))).all():
        if (uid := _user(account)) is not None:
            user_cash[uid] = user_cash.get(uid, Decimal(0)) + Decimal(amount)
    fills = list((await db.scalars(select(TradeFill))).all())
    keys = (await db.scalars(select(col(LedgerEntry.idempotency_key)).where(col(LedgerEntry.kind) == "trade-fill"))).all()
    return Books(cash_total, units_total, user_cash, user_units, fills, Counter(keys))


def assert_invariants(now: Books, start: Books, users: set[int] | None = None) -> None:
    """The ledger sums to zero; each investor's cash and units moved exactly by their settled fills; each fill posted
    once. `start`: the books before the trading (`users`: whose fills to check; default all with fills)."""
    assert now.cash_total == 0, f"the ledger's cash sums to {now.cash_total}"
    assert all(u == 0 for u in now.units_total.values()), f"units do not sum to zero: {now.units_total}"
    ids = Counter((f.order_id, f.execution_id) for f in now.fills)
    assert max(ids.values(), default=1) == 1
    # what this test's trading posted (the database also holds other tests' entries, e.g. a statement's made-up fill)
    before = {(f.order_id, f.execution_id) for f in start.fills}
    expected_keys = {f"fill:{f.order_id}:{f.execution_id}" for f in now.fills if (f.order_id, f.execution_id) not in before}
    posted = Counter({k: n - start.fill_entries[k] for k, n in now.fill_entries.items() if n > start.fill_entries[k]})
    assert set(posted) == expected_keys, "a fill entry without its trade_fills row, or the reverse"
    assert max(now.fill_entries.values(), default=1) == 1, "an execution posted twice"
    bought: Counter[tuple[int, int]] = Counter()
    paid: dict[int, Decimal] = {}
    for f in now.fills:
        sign = 1 if f.side == "BID" else -1
        bought[(f.user_id, f.asset_id)] += sign * f.units
        paid[f.user_id] = paid.get(f.user_id, Decimal(0)) + sign * f.amount
    for uid in users if users is not None else {f.user_id for f in now.fills}:
        assert now.user_cash.get(uid, Decimal(0)) == start.user_cash.get(uid, Decimal(0)) - paid.get(uid, Decimal(0)), \
            f"investor {uid}'s cash is not start - bought + sold"
        for (u, asset_id) in {k for k in (*now.user_units, *start.user_units, *bought) if k[0] == uid}:
            assert now.user_units.get((u, asset_id), 0) == start.user_units.get((u, asset_id), 0) + \
                bought[(u, asset_id)], f"investor {uid}'s units of asset {asset_id} are not start + buys - sells"
