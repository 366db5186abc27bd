"""One order on the secondary market (`order-{order_id}`, type `Order`; contract in workflows/trading/order_types.py): hold in
the ledger → place at the ATS (one activity: patch HOLD_AND_PLACE; local in the start's first task: patch
HOLD_PLACE_LOCAL) (an ATS that keeps refusing makes the order
QUEUED; the workflow carries on until it is placed, or a cancel comes first) → follow it (verified webhooks arrive as
`ats_event` signals; idle, it sleeps until an event, a void, an Update or the reconciliation's `reconcile` signal —
sent only when the ATS's state of the order differs from its view, workflows/trading/order_reconcile.py — with a
safety read at the ATS after `safety_seconds` (900 s + up to 20 % jitter) when nothing came (patch EVENT_DRIVEN;
before it, a read every `poll_seconds`); it continues as new after `polls_per_run` such timed-out wakes, or when
Temporal suggests it)
→ settle each execution the ATS settled exactly once, post nothing for a voided one; give back at once the part of the
hold the order no longer needs (its end's unfilled units, a voided or below-limit execution) → once the order ended
and every execution is settled or voided, release the rest of the hold (the settlement, the hold brought down and the
view in one activity: patch SETTLE_PASS; a local one in the same workflow task when no Update handler runs: patch
SETTLE_LOCAL). Edit, cancel and confirm are Updates with
validators, one at a time; ops void a match with the `void` signal. Every change is written to the order list
(`trading_orders`) and published to the investor. The steps (one activity each) are in workflows/trading/order_steps.py, the
state and the view in workflows/trading/order_state.py."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal, InvalidOperation

from temporalio import workflow
from temporalio.exceptions import ApplicationError

with workflow.unsafe.imports_passed_through():
    import activities.interfaces.trading as T
    import domain.trading.order_rules as R
    import workflows.trading.order_types as O
    from workflows.trading.order_patches import (
        EVENT_DRIVEN,
        HOLD_AND_PLACE,
        RECORD_WITH_HOLD,
        RELEASE_WITH_RECORD,
        SETTLE_PASS,
    )
    from workflows.trading.order_retries import UPDATE_RETRY
    from workflows.trading.order_steps import OrderSteps


@workflow.defn(name=O.WORKFLOW_TYPE)
class OrderWorkflow:
    @workflow.init
    def __init__(self, inp: O.OrderInput) -> None:
        self._inp = inp
        self._x = OrderSteps(inp)
        self._s = self._x.state
        self._wake = False
        self._voids: list[O.VoidRequest] = []
        self._lock = asyncio.Lock()  # Updates one at a time (the validators refuse a second edit or cancel)
        self._submitted = inp.carried is not None
        self._updates = 0  # Updates finished: one ending wakes an idle order (patch EVENT_DRIVEN)
        self._event_driven: bool | None = None  # patch EVENT_DRIVEN, asked once per run at the first idle wait

    @workflow.run
    async def run(self, inp: O.OrderInput) -> str:
        s, x = self._s, self._x
        first: bool | None = None  # the first steps in one activity: placed / refused / the steps one by one
        if inp.carried is None and x.patches.on(HOLD_AND_PLACE):
            first = await x.hold_and_place()
            if first is False:
                return await self._finish()
        if inp.carried is None and first is None:
            if x.patches.on(RECORD_WITH_HOLD):
                held = await x.hold(record=True)
            else:
                await x.record()
                held = await x.hold()
            if not held:
                return await self._finish()
        if (inp.carried is None and first is None) or (inp.carried is not None and inp.carried.placing):
            placed = await x.place()
            if placed is None:  # the broker still refuses: a new run goes on placing (the hold stays)
                workflow.continue_as_new(replace(inp, carried=s.carry(placing=True)))
            if not placed:
                return await self._finish()
        polls, cap = 0, inp.timings.polls_per_run
        while not s.done():
            if polls >= cap or workflow.info().is_continue_as_new_suggested():
                await workflow.wait_condition(workflow.all_handlers_finished)
                await self._void_requested()  # the next run reads the voided execution first
                if not s.done():
                    workflow.continue_as_new(replace(inp, carried=s.carry()))
                break
            timed_out = False
            if not x.read_now and not self._voids and not self._wake:
                timed_out = await self._idle()
                polls += timed_out
            self._wake = False
            await self._void_requested()
            # an event told of fills whose executions the order does not know yet (no webhook names a new execution):
            # read them at once (patch EVENT_DRIVEN; before it, the next poll read them)
            if timed_out or x.read_now or (self._event_driven and s.executions_missing()):
                await x.read()
            # executions to post: posted, the hold brought down and the view written in one activity (patch
            # SETTLE_PASS); a refused or failed pass goes on with the steps before it (the settlement tried again later)
            if s.to_settle() and x.patches.on(SETTLE_PASS):
                if await x.settle_pass():
                    continue
            else:
                await x.settle()
            await x.release_part()  # the order's end, a voided or below-limit execution: that part back at once
            if not (s.done() and x.patches.on(RELEASE_WITH_RECORD)):  # done: the end's release writes the view
                await x.record()
        return await self._finish()

    async def _idle(self) -> bool:
        """Waits for something to do; True when the wait timed out (the caller reads the order at the ATS)."""
        x, t = self._x, self._inp.timings
        if self._event_driven is None:
            self._event_driven = x.patches.on(EVENT_DRIVEN)
        if self._event_driven:  # the safety timer: 900 s by default, jittered so the book's orders never wake at once;
            # a settlement the ledger refused, or a read the ATS did not answer, is tried again every `poll_seconds` as
            # before (runbook: a stuck settlement)
            jitter = 1 + 0.2 * workflow.random().random()
            seconds = t.poll_seconds if self._s.to_settle() or x.read_failed else t.safety_seconds * jitter
            seen = self._updates
            woke = lambda: self._wake or x.read_now or bool(self._voids) or self._updates != seen  # noqa: E731
        else:
            seconds = t.poll_seconds
            woke = lambda: self._wake or x.read_now or bool(self._voids)  # noqa: E731
        try:
            await workflow.wait_condition(woke, timeout=timedelta(seconds=seconds))
        except TimeoutError:
            return True
        return False

    async def _void_requested(self) -> None:
        while self._voids:
            await self._x.void(self._voids.pop(0))

    async def _finish(self) -> str:
        s = self._s
        if self._x.ended_in_pass:
            pass  # the settle pass released the rest and wrote the end's view (patch SETTLE_PASS)
        elif self._x.patches.on(RELEASE_WITH_RECORD):
            s.version += 1
            await self._x.release(record=True)  # with the view: the order list shows the end at once
        else:
            await self._x.release()  # nothing held (a refused hold) or already released: a no-op
            s.version += 1
        if not self._submitted:  # the api's `submit` may come a moment after a quick end: answer it, then end
            with contextlib.suppress(TimeoutError):
                await workflow.wait_condition(lambda: self._submitted,
                                              timeout=timedelta(seconds=self._inp.timings.queued_after_seconds))
        await workflow.wait_condition(workflow.all_handlers_finished)
        await self._x.record()
        return s.shown_status()

    # --- signals ---------------------------------------------------------------------------------------------
    @workflow.signal(name=O.ATS_EVENT)
    def ats_event(self, event: O.AtsEvent) -> None:
        """A verified webhook about this order or one of its executions: applied when newer than what we know
        (de-duplicated by event id; a late or doubled one changes nothing)."""
        s = self._s
        if s.seen_event(event.event_id) or s.ats is None:
            self._x.read_now = self._x.read_now or s.ats is None
            return
        changed = False
        if event.topic.startswith("order."):
            changed = s.apply_order(T.order_of(dict(event.data)), fresh=False)
        elif event.topic.startswith("execution."):
            found = T.execution_of(dict(event.data), s.ats.id)
            changed = found is not None and s.apply_execution(found, fresh=False)
        if changed:
            s.version += 1
        self._wake = True  # a new event also retries a stuck settlement now (runbook)

    @workflow.signal(name=O.RECONCILE)
    def reconcile(self) -> None:
        """The reconciliation found the ATS's state of this order (status, filled units, an execution) differing
        from the view, or the order no longer open there (a webhook lost): read it at the ATS now."""
        self._x.read_now = self._x.read_now or self._s.ats is not None

    @workflow.signal(name=O.VOID)
    def void(self, req: O.VoidRequest) -> None:
        """Ops void a match (the investor's "Cancel Match" e-mail): voided at the ATS, nothing posted; the hold
        is released when the order ends."""
        self._voids.append(req)

    # --- updates ---------------------------------------------------------------------------------------------
    @workflow.update(name=O.SUBMIT)
    async def submit(self) -> O.OrderView:
        """Answers once the ATS answered the placement, the order is QUEUED, or it was REJECTED."""
        self._submitted = True
        await workflow.wait_condition(lambda: self._x.answered)
        return self._s.view()

    async def _pending(self, status: str) -> None:
        self._s.pending = status
        await self._x.changed()

    async def _done_pending(self) -> None:
        self._s.pending = None
        await self._x.changed()

    @workflow.update(name=O.REPLACE)
    async def replace_order(self, req: O.EditRequest) -> O.OrderView:
        s = self._s
        async with self._lock:
            await self._pending(O.PENDING_REPLACE)
            try:
                await workflow.wait_condition(lambda: s.ats is not None or s.ended())
                await self._x.replace(req)
            finally:
                await self._done_pending()
                self._updates += 1
            return s.view()

    @replace_order.validator
    def _check_replace(self, req: O.EditRequest) -> None:
        if self._lock.locked() or self._s.pending is not None:
            raise ApplicationError(O.UNABLE_TO_EDIT, type="UpdateInProgress")
        if self._s.ended():
            raise ApplicationError(O.EDIT_FAILED, "ORDER_FINISHED", type="EditRefused")
        try:
            price = Decimal(req.unit_price)
        except InvalidOperation:
            price = Decimal(0)
        if req.units < R.MIN_UNITS or price <= 0 or price != price.quantize(Decimal("0.01")) or not R.is_on_tick(price):
            raise ApplicationError(O.EDIT_FAILED, "INVALID_REQUEST", type="EditRefused")

    @workflow.update(name=O.CANCEL)
    async def cancel(self) -> O.CancelResult:
        s = self._s
        async with self._lock:
            if s.ended():
                return O.CancelResult("ALREADY_ENDED", s.view())
            self._x.cancel_pending = True  # an order the ATS has not taken: no placement after it (the cancel wins)
            await self._pending(O.PENDING_CANCEL)
            try:
                await workflow.wait_condition(lambda: s.ats is not None or s.ended())
                outcome = await self._x.cancel()
                if outcome == "CANCELED":  # the unfilled units' part of the hold back before the answer
                    await self._x.release_part(UPDATE_RETRY, done_too=True)
            finally:
                self._x.cancel_pending = False
                await self._done_pending()
                self._updates += 1
            return O.CancelResult(outcome, s.view())

    @cancel.validator
    def _check_cancel(self) -> None:
        if self._lock.locked() or self._s.pending is not None:
            raise ApplicationError(O.UNABLE_TO_CANCEL, type="UpdateInProgress")

    @workflow.update(name=O.CONFIRM)
    async def confirm(self) -> O.OrderView:
        s = self._s
        async with self._lock:
            if not s.waiting_confirmation():
                return s.view()
            await self._pending(O.PROCESSING_UPDATE)
            try:
                await self._x.confirm()
            finally:
                await self._done_pending()
                self._updates += 1
            return s.view()

    @confirm.validator
    def _check_confirm(self) -> None:
        if not self._s.waiting_confirmation():
            raise ApplicationError(O.NOT_IN_CONFIRMATION, "NO_MATCH_WAITING", type="ConfirmRefused")

    # --- query -----------------------------------------------------------------------------------------------
    @workflow.query(name=O.VIEW)
    def view(self) -> O.OrderView:
        return self._s.view()
