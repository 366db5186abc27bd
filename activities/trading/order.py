"""The order workflow's activities (issue 11): the ledger's two-phase hold and settlement (store/trading/ledger),
the ATS's order calls (clients/ats with the worker process's one shared token, never a token in a payload), and
the order list's projection (store/trading/orders + store/live). Each is idempotent on a business key: the hold on the
order id, the placement on the ATS idempotency key (the workflow id), an edit on its edit id, a fill on
`fill:{order_id}:{execution_id}`, a partial release on the facts it applies, the release on the order id, a view on
its version.

Errors: a refused hold is a non-retryable `HoldRefused` (details: the spec's code, the units the investor could
use); the ATS's final 4xx a non-retryable `AtsRejected` (details: its code); 429/503/unreachable raise
`AtsUnavailable` (retried by Temporal with backoff); a wrong client id or secret `AtsInvalidClient` (listed as
non-retryable in the workflow's retry policies)."""

from __future__ import annotations

from collections.abc import Awaitable
from datetime import timedelta
from decimal import Decimal
from typing import Any, TypeVar

from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import trading as T
from clients.ats import AtsClient
from clients.ats_market import read_instrument, trades_live
from clients.http import ProviderRejected
from store.live import publish_order
from store.trading import ledger as ledger
from store.trading import orders as store_orders
from workflows.trading import order_types as O

R = TypeVar("R")
RETRY_LATER = frozenset({"IDEMPOTENCY_KEY_IN_USE", "ORDER_UPDATE_PENDING"})  # the ATS says: try again in a moment


async def ats_answer(call: Awaitable[R]) -> R:
    """The ATS's final refusals as non-retryable AtsRejected (its code in the details); the rest passes through."""
    try:
        return await call
    except ProviderRejected as exc:
        code = exc.error_type or str(exc.status)
        if code in RETRY_LATER:
            raise ApplicationError(exc.message, code, type=T.ATS_UNAVAILABLE) from None
        raise ApplicationError(exc.message, code, type=T.ATS_REJECTED, non_retryable=True) from None


class TradingActivities:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], ats: AtsClient, redis: Redis,
                 proceeds_delay: timedelta = ledger.PROCEEDS_DELAY) -> None:
        self._sessions, self._ats, self._redis, self._delay = sessions, ats, redis, proceeds_delay

    @activity.defn(name=T.HOLD)
    async def hold(self, inp: T.HoldInput) -> bool:
        """Holds the order's cash (bid: units x limit) or units (ask), once per order id."""
        return await self._hold(inp)

    @activity.defn(name=T.RECORD_HOLD)
    async def record_hold(self, inp: T.RecordHoldInput) -> bool:
        """The order's first view written to the order list, then its hold: the two steps the order starts with, in
        one activity (each idempotent on its key, so a retry of either half is harmless); a refused hold raises
        HoldRefused as `hold` does, the view already written."""
        await self._record(inp.record)
        return await self._hold(inp.hold)

    async def _hold(self, inp: T.HoldInput) -> bool:
        req = ledger.HoldRequest(inp.order_id, inp.user_id, inp.asset_id, "BID" if inp.side == "BID" else "ASK",
                                 inp.units, Decimal(inp.unit_price))
        async with self._sessions() as db:
            try:
                return await ledger.hold(db, req)
            except ledger.HoldRefused as exc:
                raise ApplicationError(f"hold refused: {exc.code}", exc.code, exc.units_available,
                                       type=T.HOLD_REFUSED, non_retryable=True) from None

    @activity.defn(name=T.HOLD_PLACE)
    async def hold_place(self, inp: T.HoldPlaceInput) -> T.AtsOrder:
        """A new order's first steps in one activity: its first view written, its hold, its placement at the ATS.
        Each is idempotent on its own key (the view on its version, the hold on the order id, the placement on the
        idempotency key), so a retry of any part applies nothing twice; a refused hold raises HoldRefused before
        anything is placed, the ATS's final refusal AtsRejected (the hold taken: the workflow releases it)."""
        if inp.record is not None:
            await self._record(inp.record)
        await self._hold(inp.hold)
        return await self._place(inp.place)

    @activity.defn(name=T.PLACE)
    async def place(self, inp: T.PlaceInput) -> T.AtsOrder:
        """Creates the order at the ATS; the same idempotency key answers the same order on a retry."""
        return await self._place(inp)

    async def _place(self, inp: T.PlaceInput) -> T.AtsOrder:
        body: dict[str, Any] = {"financialInstrumentId": inp.instrument_id, "type": inp.order_type, "term": inp.term,
                                "context": inp.side, "disclosureReadAndAgreedTo": True}
        if inp.order_type != "INSTANT":
            body.update(units=inp.units, unitPrice=inp.unit_price)
        answer = await ats_answer(self._ats.create_order(inp.account_id, body, inp.idempotency_key))
        return T.order_of(answer.get("data") or {})

    @activity.defn(name=T.READ)
    async def read(self, inp: T.ReadInput) -> T.Snapshot:
        """The order at the ATS and its executions, seen from its side."""
        order = T.order_of((await ats_answer(self._ats.get_order(inp.account_id, inp.ats_order_id))).get("data") or {})
        executions: list[T.AtsExecution] = []
        if order.units_filled > 0:
            found = await ats_answer(self._ats.list_executions(accountId=inp.account_id, instrumentId=inp.instrument_id))
            for data in found.get("data") or []:
                if (x := T.execution_of(data, inp.ats_order_id)) is not None:
                    executions.append(x)
        return T.Snapshot(order, executions)

    @activity.defn(name=T.REHOLD)
    async def rehold(self, inp: T.ReholdInput) -> bool:
        """Holds the larger of the old and the new terms while the edit waits for the ATS, once per edit id."""
        async with self._sessions() as db:
            try:
                return await ledger.rehold(db, inp.order_id, inp.edit_id, inp.units, Decimal(inp.unit_price))
            except ledger.HoldRefused as exc:
                raise ApplicationError(f"hold refused: {exc.code}", exc.code, exc.units_available,
                                       type=T.HOLD_REFUSED, non_retryable=True) from None
            except ledger.HoldClosed:
                raise ApplicationError("the order's hold is closed", type=T.HOLD_CLOSED, non_retryable=True) from None

    @activity.defn(name=T.REPLACE)
    async def replace(self, inp: T.ReplaceInput) -> T.AtsOrder:
        answer = await ats_answer(self._ats.replace_order(inp.account_id, inp.ats_order_id, inp.units, inp.unit_price))
        return T.order_of(answer.get("data") or {})

    @activity.defn(name=T.FINISH_REHOLD)
    async def finish_rehold(self, inp: T.FinishReholdInput) -> bool:
        """The hold becomes what the terms the ATS kept need (the edit's when `applied`)."""
        async with self._sessions() as db:
            try:
                return await ledger.finish_rehold(db, inp.order_id, inp.edit_id, inp.applied)
            except ledger.HoldClosed:
                return False

    @activity.defn(name=T.CANCEL)
    async def cancel(self, inp: T.CancelInput) -> T.CancelAnswer:
        """Cancels at the ATS. Refused (AtsRejected LIVE_TRADING, nothing canceled) while the instrument trades live
        (spec doc 3 §4.4): the api refuses such a cancel itself, but the window may have opened between its check and
        this call (the ATS is the authority on the phase)."""
        if inp.instrument_id and trades_live(await ats_answer(read_instrument(self._ats, inp.instrument_id))):
            raise ApplicationError("the instrument trades live: no cancel", O.LIVE_TRADING, type=T.ATS_REJECTED,
                                   non_retryable=True)
        answer = await ats_answer(self._ats.cancel_order(inp.account_id, inp.ats_order_id))
        return T.CancelAnswer(str(answer.get("cancel") or ""), T.order_of(answer.get("data") or {}))

    @activity.defn(name=T.CONFIRM)
    async def confirm(self, inp: T.ConfirmInput) -> int:
        """Confirms this side of each execution (idempotent at the ATS); answers how many were confirmed."""
        for execution_id in inp.execution_ids:
            await ats_answer(self._ats.confirm_execution(execution_id, inp.account_id))
        return len(inp.execution_ids)

    @activity.defn(name=T.VOID)
    async def void(self, inp: T.VoidInput) -> str:
        """Voids the execution at the ATS (idempotent); answers its status."""
        answer = await ats_answer(self._ats.void_execution(inp.execution_id, inp.reason))
        return str((answer.get("data") or {}).get("status") or "")

    @activity.defn(name=T.SETTLE)
    async def settle(self, inp: T.SettleInput) -> bool:
        """Posts one settled execution of the order once (key `fill:{order_id}:{execution_id}`)."""
        return await self._settle(inp)

    @activity.defn(name=T.SETTLE_MANY)
    async def settle_many(self, inp: T.SettleManyInput) -> T.SettleManyAnswer:
        """Posts several settled executions of one order, each once under its own key (a retry, or the activity run
        again, posts nothing twice). One the ledger refuses does not stop the others; then the activity fails
        non-retryably with the first refusal's type (FillNotCovered, HoldClosed: visible in the history as a single
        settlement's was) and details [the executions posted, those refused]."""
        return await self._settle_many(inp)

    async def _settle_many(self, inp: T.SettleManyInput) -> T.SettleManyAnswer:
        settled: list[str] = []
        refused: list[str] = []
        first: ApplicationError | None = None
        for x in inp.executions:
            try:
                await self._settle(x)
                settled.append(x.execution_id)
            except ApplicationError as exc:
                if exc.type not in T.SETTLE_REFUSALS:
                    raise
                first, refused = first or exc, [*refused, x.execution_id]
        if first is not None:
            raise ApplicationError(f"{first.message} (and {len(refused) - 1} more)" if len(refused) > 1 else first.message,
                                   settled, refused, type=first.type, non_retryable=True)
        return T.SettleManyAnswer(settled)

    async def _settle(self, inp: T.SettleInput) -> bool:
        async with self._sessions() as db:
            try:
                return await ledger.post_fill(db, inp.order_id, inp.execution_id, inp.units, Decimal(inp.unit_price),
                                              proceeds_delay=self._delay)
            except ledger.FillNotCovered as exc:
                raise ApplicationError(f"the hold does not cover execution {exc}", type=T.FILL_NOT_COVERED,
                                       non_retryable=True) from None
            except ledger.HoldClosed:
                raise ApplicationError("the order's hold is closed", type=T.HOLD_CLOSED, non_retryable=True) from None

    @activity.defn(name=T.SETTLE_PASS)
    async def settle_pass(self, inp: T.SettlePassInput) -> T.SettleManyAnswer:
        """A settlement's pass in one activity: the executions posted as `settle_many` posts them (a refusal fails
        it the same way, before anything is released or written), then the rest of the hold released when the order
        is done or the parts the facts free, then the view written. Each step is idempotent on its business key (a
        fill on `fill:{order_id}:{execution_id}`, the release on the order id, a partial release on its facts, the
        view on its version), so a retry of the activity applies nothing twice."""
        answer = await self._settle_many(inp.settle)
        if inp.release_all:
            await self._release(inp.order_id)
        elif inp.release_part is not None:
            await self._release_part(inp.release_part)
        if inp.record is not None:
            await self._record(inp.record)
        return answer

    @activity.defn(name=T.RELEASE_PART)
    async def release_part(self, inp: T.ReleasePartInput) -> bool:
        """Gives back the part of the hold the order no longer needs (its unfilled units once it ended, what a bid's
        executions cost below its limit, a voided execution's part); the filled units stay held until they settle.
        Idempotent on the facts it applies (a retry gives nothing back twice)."""
        return await self._release_part(inp)

    async def _release_part(self, inp: T.ReleasePartInput) -> bool:
        reported = [ledger.ReportedExecution(x.execution_id, x.units, Decimal(x.unit_price), x.voided)
                    for x in inp.executions]
        async with self._sessions() as db:
            try:
                return await ledger.release_part(db, inp.order_id, reported, inp.ended_filled)
            except ledger.HoldClosed:
                return False

    @activity.defn(name=T.RELEASE)
    async def release(self, order_id: str) -> bool:
        """Gives back what the order still holds, once."""
        return await self._release(order_id)

    @activity.defn(name=T.RELEASE_RECORD)
    async def release_record(self, inp: T.ReleaseRecordInput) -> bool:
        """The order's end in one activity: its release, then its view written to the order list (each idempotent:
        the release on the order id, the view on its version)."""
        released = await self._release(inp.order_id)
        if inp.record is not None:
            await self._record(inp.record)
        return released

    async def _release(self, order_id: str) -> bool:
        async with self._sessions() as db:
            try:
                return await ledger.release(db, order_id)
            except ledger.HoldClosed:
                return False

    @activity.defn(name=T.RECORD)
    async def record(self, inp: T.RecordInput) -> bool:
        """Writes the view to the order list (unless a newer version is there) and tells the investor's pages."""
        return await self._record(inp)

    async def _record(self, inp: T.RecordInput) -> bool:
        view = store_orders.view_of(inp.view)
        async with self._sessions() as db:
            written = await store_orders.save_view(db, view, inp.user_id)
        if written:
            await publish_order(self._redis, inp.user_id, view)
        return written


def activities_of(a: TradingActivities) -> list[Any]:
    return [a.hold, a.place, a.read, a.rehold, a.replace, a.finish_rehold, a.cancel, a.confirm, a.void, a.settle,
            a.release, a.record, a.record_hold, a.release_record, a.hold_place, a.settle_many, a.release_part,
            a.settle_pass]

