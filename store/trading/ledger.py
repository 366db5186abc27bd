"""Orders in the double-entry ledger: two-phase holds, fills posted exactly once, releases (ARCHITECTURE "The
secondary market"). Every function runs under the investor's lock, posts at most one entry with a business key,
and commits; a retried call posts nothing new.

- `hold`: a bid moves units x limit of cash, an ask moves its units of shares, to `user:{id}:hold:{order_id}`.
- `rehold` / `finish_rehold`: an edit holds the larger of the old and new terms until the ATS answers, then what
  the terms it kept require.
- `post_fill`: one execution of one order (key `fill:{order_id}:{execution_id}`), settled against the clearing
  account `ats:clearing`: the buyer's held cash goes there and the shares come from there as a new lot dated the
  settlement day; the seller's held shares go there and the cash comes from there. Between two Vitrine investors
  the two orders' fills leave the clearing account at zero; against a participant outside Vitrine (the ATS's
  market maker) it keeps that participant's side.
- `release_part`: what the ATS reported that needs less (issue 30): the order's end (a cancel, an expiry, an IOC's
  end: its unfilled units need nothing), its executions (each needs what it costs at its price: a bid filled below
  its limit needs less), a voided one (nothing) — the hold brought down to that at once; the filled units stay
  held until they settle (`post_fill`) or the order's end (`release`). Every adjustment (`rehold`, `finish_rehold`,
  `post_fill`) counts the same facts (`trading_hold_executions`, `trading_holds.ended_filled`).
- `release`: the rest of the hold back once the order ended and every execution is settled or voided.

Settlement delay (spec doc 3 §1 and §9 give two readings: "credited within 2 business days" and "available in
cash within 24 hours"): we take the 24-hour reading, which satisfies both. A sale's proceeds wait on
`user:{id}:proceeds` for `proceeds_delay` (default 24 h; a setting makes it seconds in tests and dev) and move to
cash at the next money movement of the seller after that (or `settle_due_proceeds`); `available_cash` counts them
as soon as they are due."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from sqlalchemy import and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from domain import ledger as L
from domain.money import money
from domain.trading import holds as H
from domain.trading import order_rules as R
from store.ledger import InsufficientFunds, InsufficientUnits, balance, lock_user, post, share_balance
from store.positions import available_cash, ny_today, position, terms_of
from store.trading.models import TradeFill, TradingHold, TradingHoldExecution
from store.upsert import upsert

PROCEEDS_DELAY = timedelta(hours=24)


class HoldRefused(Exception):
    """The investor lacks the cash or the alienable units: the spec's code and the units they could use."""

    def __init__(self, code: str, units_available: int = 0) -> None:
        super().__init__(code)
        self.code, self.units_available = code, units_available


class HoldClosed(Exception):
    """The order's hold is unknown or already released; nothing was posted."""


class EditPending(Exception):
    """Another edit of the order is still waiting for the ATS."""


class FillNotCovered(Exception):
    """Neither the hold nor the investor's free cash or shares cover the execution: needs ops; nothing posted."""


@dataclass(frozen=True)
class HoldRequest:
    order_id: str
    user_id: int
    asset_id: int
    side: R.Side
    units: int
    unit_price: Decimal


@dataclass(frozen=True)
class ReportedExecution:
    """An execution of the order as the ATS reported it (its id, units, price; VOIDED or not)."""

    execution_id: str
    units: int
    unit_price: Decimal
    voided: bool = False


# one row per execution; a later report may only void it
_REPORTED = upsert(TradingHoldExecution.__tablename__, ("order_id", "execution_id", "units", "unit_price", "voided"),
                   conflict="order_id, execution_id", update=("voided",),
                   where=f"excluded.voided AND NOT {TradingHoldExecution.__tablename__}.voided")


async def _locked(db: AsyncSession, order_id: str) -> TradingHold:
    row = await db.scalar(select(TradingHold).where(col(TradingHold.order_id) == order_id))
    if row is None:
        raise HoldClosed(order_id)
    await lock_user(db, row.user_id)
    await db.refresh(row)
    return row


async def _terms(db: AsyncSession, row: TradingHold, *, posting: str | None = None) -> H.HoldTerms:
    """The order's terms with what the ATS reported: its end and its executions not posted yet (`posting`: the one
    being posted, counted among the filled units instead)."""
    x = TradingHoldExecution
    found = (await db.execute(select(col(x.execution_id), col(x.units), col(x.unit_price), col(x.voided)).outerjoin(
        TradeFill, and_(col(TradeFill.order_id) == col(x.order_id), col(TradeFill.execution_id) == col(x.execution_id)))
        .where(col(x.order_id) == row.order_id, col(TradeFill.order_id).is_(None)))).all()
    return replace(terms_of(row), reported=tuple(H.Reported(units, price, voided) for xid, units, price, voided in found
                                                 if xid != posting))


async def _settle_due(db: AsyncSession, user_id: int, now: datetime) -> None:
    due = (await db.scalars(select(TradeFill).where(
        col(TradeFill.user_id) == user_id, col(TradeFill.proceeds_released).is_(False),
        col(TradeFill.proceeds_available_at) <= now,
    ))).all()
    for f in due:
        await post(db, f"proceeds:{f.order_id}:{f.execution_id}", "trade-proceeds",
                   [(L.proceeds(user_id), -f.amount), (L.cash(user_id), f.amount)], memo=f"order {f.order_id}")
        f.proceeds_released = True


async def settle_due_proceeds(db: AsyncSession, user_id: int, now: datetime | None = None) -> None:
    """Moves the investor's sale proceeds whose delay has passed into cash; commits."""
    await lock_user(db, user_id)
    await _settle_due(db, user_id, now or datetime.now(UTC))
    await db.commit()


async def _check_units(db: AsyncSession, row: TradingHold, needed: int, today: date) -> None:
    """An ask may hold only units past the holding period that no other open ask holds."""
    pos = await position(db, row.user_id, row.asset_id, today)
    free = R.alienable_units(pos.lots, pos.open_orders, today, editing=row.order_id)
    if needed > free:
        raise HoldRefused(R.INSUFFICIENT_UNITS if needed > pos.total else R.INALIENABLE_UNITS, free)


async def _adjust(db: AsyncSession, row: TradingHold, terms: H.HoldTerms, *, strict: bool
                  ) -> tuple[list[L.Posting], list[L.SharePosting]]:
    """The postings that bring the order's hold to what `terms` require. A top-up of cash comes from the free
    cash: all of it or a refusal when `strict`, else as much as there is."""
    account = L.held(row.user_id, row.order_id)
    if terms.side == R.BID:
        diff = terms.cash_required - await balance(db, account)
        if diff > 0 and not strict:
            diff = max(Decimal("0.00"), min(diff, await balance(db, L.cash(row.user_id))))
        return ([(L.cash(row.user_id), -diff), (account, diff)] if diff else []), []
    units = terms.units_required - await share_balance(db, account, row.asset_id)
    return [], ([(L.shares(row.user_id), row.asset_id, -units, None), (account, row.asset_id, units, None)]
                if units else [])


async def _post_hold(db: AsyncSession, key: str, kind: str, row: TradingHold, terms: H.HoldTerms,
                     today: date, now: datetime) -> None:
    uid = row.user_id  # a rollback expires the row
    await _settle_due(db, uid, now)
    cash, shares = await _adjust(db, row, terms, strict=True)
    try:
        if shares and shares[1][2] > 0:
            await _check_units(db, row, terms.units_required, today)
        await post(db, key, kind, cash, memo=f"order {row.order_id}", shares=shares)
    except HoldRefused:
        await db.rollback()
        raise
    except InsufficientUnits:
        await db.rollback()
        raise HoldRefused(R.INSUFFICIENT_UNITS) from None
    except InsufficientFunds:
        await db.rollback()
        free = await available_cash(db, uid, now)
        raise HoldRefused(R.INSUFFICIENT_FUNDS, int(free // terms.unit_price) if terms.unit_price > 0 else 0) from None


async def hold(db: AsyncSession, req: HoldRequest, *, today: date | None = None, now: datetime | None = None) -> bool:
    """Holds what a new order needs, once per order id (False: already held); commits. HoldRefused (nothing
    written) when the cash or the alienable units fall short."""
    await lock_user(db, req.user_id)
    if await db.get(TradingHold, req.order_id) is not None:
        await db.rollback()
        return False
    row = TradingHold(order_id=req.order_id, user_id=req.user_id, asset_id=req.asset_id, side=req.side,
                      units=req.units, filled=0, unit_price=money(req.unit_price), status="open")
    db.add(row)
    await db.flush()
    await _post_hold(db, f"hold:{req.order_id}", "order-hold", row, terms_of(row), today or ny_today(),
                     now or datetime.now(UTC))
    await db.commit()
    return True


async def rehold(db: AsyncSession, order_id: str, edit_id: str, units: int, unit_price: Decimal, *,
                 today: date | None = None, now: datetime | None = None) -> bool:
    """An edit sent to the ATS: holds the larger of the old and new terms until `finish_rehold`; once per edit
    id; commits. HoldRefused when the larger hold is not covered, EditPending while another edit waits."""
    row = await _locked(db, order_id)
    if row.pending_edit == edit_id:
        await db.rollback()
        return False
    if row.status != "open":
        await db.rollback()
        raise HoldClosed(order_id)
    if row.pending_edit is not None:
        await db.rollback()
        raise EditPending(order_id)
    terms = H.begin_edit(await _terms(db, row), units, money(unit_price))
    await _post_hold(db, f"rehold:{order_id}:{edit_id}", "order-rehold", row, terms, today or ny_today(),
                     now or datetime.now(UTC))
    row.pending_edit, row.pending_units, row.pending_price = edit_id, terms.pending_units, terms.pending_price
    await db.commit()
    return True


async def finish_rehold(db: AsyncSession, order_id: str, edit_id: str, applied: bool) -> bool:
    """The ATS replaced the order (`applied`) or refused the edit: the hold becomes what the kept terms need."""
    row = await _locked(db, order_id)
    if row.pending_edit != edit_id:
        await db.rollback()
        return False
    terms = H.end_edit(await _terms(db, row), applied)
    cash, shares = await _adjust(db, row, terms, strict=False)
    await post(db, f"rehold-done:{order_id}:{edit_id}", "order-rehold-done", cash, memo=f"order {order_id}",
               shares=shares)
    row.units, row.unit_price = terms.units, terms.unit_price
    row.pending_edit, row.pending_units, row.pending_price = None, None, None
    _close_when_done(row, terms)
    await db.commit()
    return True


def _close_when_done(row: TradingHold, terms: H.HoldTerms) -> None:
    if terms.done:
        row.status, row.closed_at = "closed", datetime.now(UTC)


async def _fill_postings(db: AsyncSession, row: TradingHold, terms: H.HoldTerms, units: int, amount: Decimal,
                         today: date, proceeds_delay: timedelta) -> tuple[list[L.Posting], list[L.SharePosting]]:
    """One execution against the clearing account, paid from the hold first (the investor's free cash or shares
    only when an edit moved the price past it), the hold then brought to what the open units still need: a bid
    filled below its limit gets the difference back at once."""
    uid, asset, account = row.user_id, row.asset_id, L.held(row.user_id, row.order_id)
    if row.side == R.BID:
        held_now, cash_now = await balance(db, account), await balance(db, L.cash(uid))
        from_hold = min(amount, held_now)
        from_cash = amount - from_hold
        top = terms.cash_required - (held_now - from_hold)
        if top > 0:
            top = max(Decimal("0.00"), min(top, cash_now - from_cash))
        cash: list[L.Posting] = [(account, top - from_hold), (L.cash(uid), -from_cash - top), (L.CLEARING, amount)]
        return [p for p in cash if p[1]], [(L.CLEARING, asset, -units, None), (L.shares(uid), asset, units, today)]
    held_units = await share_balance(db, account, asset)
    taken = min(units, held_units)
    extra = max(0, held_units - taken - terms.units_required)
    shares: list[L.SharePosting] = [(account, asset, -taken - extra, None),
                                    (L.shares(uid), asset, extra - (units - taken), None), (L.CLEARING, asset, units, None)]
    to = L.proceeds(uid) if proceeds_delay > timedelta(0) else L.cash(uid)
    return [(L.CLEARING, -amount), (to, amount)], [p for p in shares if p[2]]


async def post_fill(db: AsyncSession, order_id: str, execution_id: str, units: int, unit_price: Decimal, *,
                    proceeds_delay: timedelta = PROCEEDS_DELAY, today: date | None = None,
                    now: datetime | None = None) -> bool:
    """Settles one execution of one order exactly once (False: already posted); commits. The part of the hold it
    used is posted, the rest of the hold is trimmed to what the order's open units still need (a bid filled below
    its limit gets the difference back at once). Raises H.Overfill, HoldClosed or FillNotCovered, posting nothing."""
    row = await _locked(db, order_id)
    if await db.get(TradeFill, (order_id, execution_id)) is not None:
        await db.rollback()
        return False
    if row.status != "open":
        await db.rollback()
        raise HoldClosed(order_id)
    now, today = now or datetime.now(UTC), today or ny_today()
    try:
        terms = H.fill(await _terms(db, row, posting=execution_id), units)
    except H.Overfill:
        await db.rollback()
        raise
    price = money(unit_price)
    amount = money(units * price)
    await _settle_due(db, row.user_id, now)
    cash, shares = await _fill_postings(db, row, terms, units, amount, today, proceeds_delay)
    try:
        await post(db, f"fill:{order_id}:{execution_id}", "trade-fill", cash, memo=f"{units} x {price} order {order_id}",
                   shares=shares)
    except (InsufficientFunds, InsufficientUnits):
        await db.rollback()
        raise FillNotCovered(f"{order_id}/{execution_id}") from None
    row.filled = terms.filled
    db.add(TradeFill(order_id=order_id, execution_id=execution_id, user_id=row.user_id, asset_id=row.asset_id,
                     side=row.side, units=units, unit_price=price, amount=amount,
                     proceeds_released=proceeds_delay <= timedelta(0),  # paid straight to cash
                     proceeds_available_at=now + proceeds_delay if row.side == R.ASK else None))
    _close_when_done(row, terms)
    await db.commit()
    return True


async def release_part(db: AsyncSession, order_id: str, executions: Sequence[ReportedExecution],
                       ended_filled: int | None) -> bool:
    """What the ATS reported about the order — its executions (`executions`: those not posted yet, voided ones
    flagged) and, once it ended, the units it ended with filled (`ended_filled`) — noted once, and the hold brought
    down to what the order still needs: the unfilled units of an ended order nothing, each execution what it costs
    at its own price, a voided one nothing; the filled units stay held until they settle. True when something was
    given back; commits. Never takes cash or units back (only `rehold` tops a hold up). Idempotent: the entry's key
    names the facts it applied (`release-part:{order_id}:{executions}:{voided}:{ended}`), and the same facts again
    leave nothing to give back."""
    row = await _locked(db, order_id)
    if row.status != "open":
        await db.rollback()
        return False
    for e in executions:
        await db.execute(_REPORTED, {"order_id": order_id, "execution_id": e.execution_id, "units": e.units,
                                     "unit_price": money(e.unit_price), "voided": e.voided})
    if ended_filled is not None and row.ended_filled is None:
        row.ended_filled = ended_filled
    known = (await db.execute(select(func.count(), func.count().filter(col(TradingHoldExecution.voided))).where(
        col(TradingHoldExecution.order_id) == order_id))).one()
    key = f"release-part:{order_id}:{known[0]}:{known[1]}:{row.ended_filled}"
    terms = await _terms(db, row)
    account, uid = L.held(row.user_id, order_id), row.user_id
    cash = max(Decimal("0.00"), await balance(db, account) - terms.cash_required) if row.side == R.BID else Decimal(0)
    units = max(0, await share_balance(db, account, row.asset_id) - terms.units_required) if row.side == R.ASK else 0
    posted = bool(cash or units) and await post(
        db, key, "order-release-part", [(account, -cash), (L.cash(uid), cash)] if cash else [], memo=f"order {order_id}",
        shares=[(account, row.asset_id, -units, None), (L.shares(uid), row.asset_id, units, None)] if units else [])
    await db.commit()
    return posted


async def release(db: AsyncSession, order_id: str) -> bool:
    """Gives back everything the order still holds (cancel, expiry, the end of an IOC order) and closes it, once
    (False: already closed); commits. Call it only once the ATS reports the order finished: a fill after it is
    refused with HoldClosed."""
    status = await db.scalar(select(col(TradingHold.status)).where(col(TradingHold.order_id) == order_id))
    if status is not None and status != "open":  # closed for good (its last fill closed it): no wait for the lock
        await db.rollback()
        return False
    row = await _locked(db, order_id)
    if row.status != "open":
        await db.rollback()
        return False
    account, uid = L.held(row.user_id, order_id), row.user_id
    cash_held = await balance(db, account)
    units_held = await share_balance(db, account, row.asset_id)
    await post(db, f"release:{order_id}", "order-release",
               [(account, -cash_held), (L.cash(uid), cash_held)] if cash_held else [], memo=f"order {order_id}",
               shares=[(account, row.asset_id, -units_held, None), (L.shares(uid), row.asset_id, units_held, None)]
               if units_held else [])
    row.status, row.closed_at = "closed", datetime.now(UTC)
    row.pending_edit, row.pending_units, row.pending_price = None, None, None
    await db.commit()
    return True
