"""The order workflow's steps (workflows/trading/order.py drives them): each runs one activity by name (the
implementations are in activities/trading/order.py; only their interface, activities/interfaces/trading, enters the sandbox)
and brings the OrderState up to date. Deterministic workflow code: it runs inside the Order workflow."""

from __future__ import annotations

import contextlib
from dataclasses import asdict
from datetime import timedelta
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError, FailureError

with workflow.unsafe.imports_passed_through():
    import activities.interfaces.trading as T
    import workflows.search_attributes as sa
    import workflows.trading.order_types as O
    from workflows.trading.order_calls import OrderCalls, ats_code, cause_of
    from workflows.trading.order_patches import (
        CANCEL_WINS_PLACING,
        HOLD_PLACE_LOCAL,
        PARTIAL_RELEASE,
        PLACE_CONTINUES,
        SETTLE_LOCAL,
        SETTLE_TOGETHER,
        OrderPatches,
    )
    from workflows.trading.order_retries import (
        ATS_RETRY,
        FIRST_STEPS_RETRY,
        LEDGER_RETRY,
        UPDATE_RETRY,
    )
    from workflows.trading.order_state import OrderState, refusal_message


class OrderSteps:
    def __init__(self, inp: O.OrderInput) -> None:
        self._inp = inp
        self._s = OrderState.start(inp)
        self.answered = inp.carried is not None  # submit's answer is ready: the ATS answered, QUEUED or REJECTED
        self.read_now = inp.carried is not None and inp.carried.ats_order_id is not None
        self._attr_status = "SUBMITTED" if inp.carried is None else ""
        self._recorded = -1
        self.cancel_pending = False  # a cancel Update waits for the ATS to take the order (patch CANCEL_WINS_PLACING)
        self.read_failed = False  # the last ATS read got no answer: asked again after `poll_seconds` (patch EVENT_DRIVEN)
        self.ended_in_pass = False  # the settle pass released the rest and wrote the end's view (patch SETTLE_PASS)
        self.patches = OrderPatches()  # every patch decision of this run, the main loop's and the Updates'
        self.calls = OrderCalls(inp, self.patches)  # how each step's activity is run

    @property
    def state(self) -> OrderState:
        return self._s

    def _hold_input(self) -> T.HoldInput:
        s, inp = self._s, self._inp
        return T.HoldInput(inp.order_id, inp.user_id, inp.asset_id, inp.side, s.units, s.unit_price)

    def _place_input(self) -> T.PlaceInput:
        s, inp = self._s, self._inp
        return T.PlaceInput(O.account_id_for(inp.user_id), workflow.info().workflow_id, O.instrument_id_of(inp.ticker),
                            inp.side, inp.order_type, inp.term, s.units, s.unit_price)

    def _refused_hold(self, details: list[Any]) -> None:
        code, units = str(details[0]), int(details[1]) if len(details) > 1 else 0
        self.reject(code, refusal_message(code, units) or code)

    async def hold_and_place(self) -> bool | None:
        """A new order's first view, hold and placement in one activity (patch HOLD_AND_PLACE). True: placed;
        False: its hold or the ATS refused it for good (REJECTED); None: the activity gave up (the ATS or the
        ledger not answering) — the caller takes the steps one by one (each idempotent: nothing twice)."""
        view = self._to_record()
        try:
            order: T.AtsOrder = await self.calls.run_local_first(
                HOLD_PLACE_LOCAL, T.HOLD_PLACE, T.HoldPlaceInput(view, self._hold_input(), self._place_input()),
                T.AtsOrder, (T.HOLD_REFUSED, T.ATS_REJECTED), FIRST_STEPS_RETRY)
        except (ActivityError, ApplicationError) as exc:  # a local try's refusal replayed: the ApplicationError alone
            kind, details = cause_of(exc)
            if kind == T.HOLD_REFUSED:
                self._refused_hold(details)
                return False
            if kind == T.ATS_REJECTED:
                code = str(details[0]) if details else "REJECTED"
                self.reject(code, refusal_message(code))
                return False
            self._recorded = -1  # the first view may not be written: the hold writes it
            return None
        await self._placed(order)
        return True

    async def hold(self, *, record: bool = False) -> bool:
        """Holds the order's cash or units; `record`: its view is written to the order list first, in the same
        activity (patch RECORD_WITH_HOLD). A refused hold: REJECTED, False."""
        req = self._hold_input()
        name: str = T.HOLD
        arg: T.HoldInput | T.RecordHoldInput = req
        if record:
            view = self._to_record()
            if view is not None:
                name, arg = T.RECORD_HOLD, T.RecordHoldInput(view, req)
        try:
            await self.calls.run(name, arg, bool)
            return True
        except ActivityError as exc:
            kind, details = cause_of(exc)
            if kind != T.HOLD_REFUSED:
                raise
            self._refused_hold(details)
            return False

    def reject(self, code: str, message: str | None) -> None:
        s = self._s
        s.status, s.code, s.message, s.pending = O.REJECTED, code, message, None
        self.answered = True

    async def place(self) -> bool | None:
        """Places the order, trying again with timers while the ATS refuses (QUEUED after a while). True: placed;
        False: refused for good (REJECTED) or a cancel came first (CANCELED, patch CANCEL_WINS_PLACING); None: still
        refused after this run's tries with no Update running — the caller continues as new and places on (patch
        PLACE_CONTINUES)."""
        s, inp = self._s, self._inp
        started, delay, tries = workflow.now(), 1.0, 0
        body = self._place_input()
        while True:
            if self.cancel_pending and self.patches.on(CANCEL_WINS_PLACING):
                self._canceled_before_placed()
                return False
            try:
                order: T.AtsOrder = await self.calls.run(T.PLACE, body, T.AtsOrder, ATS_RETRY)
                break
            except ActivityError as exc:
                kind, details = cause_of(exc)
                if kind == T.ATS_REJECTED:
                    code = str(details[0]) if details else "REJECTED"
                    self.reject(code, refusal_message(code))
                    return False
                if kind == T.ATS_INVALID_CLIENT:
                    workflow.logger.error("order %s: the ATS refuses Vitrine's client credentials", inp.order_id)
            tries += 1
            queued_after = timedelta(seconds=inp.timings.queued_after_seconds)
            if s.status != O.QUEUED and workflow.now() - started >= queued_after:
                s.status = O.QUEUED  # the api shows the spec's high-volume text for the market's state
                self.answered = True
                await self.record()
            if (s.status == O.QUEUED and tries >= inp.timings.place_tries_per_run
                    and workflow.all_handlers_finished() and self.patches.on(PLACE_CONTINUES)):
                return None
            if self.patches.on(CANCEL_WINS_PLACING):  # the back-off ends early for a cancel
                with contextlib.suppress(TimeoutError):
                    await workflow.wait_condition(lambda: self.cancel_pending, timeout=timedelta(seconds=delay))
            else:
                await workflow.sleep(timedelta(seconds=delay))
            delay = min(delay * 2, max(inp.timings.poll_seconds, 1.0))
        await self._placed(order)
        return True

    def _canceled_before_placed(self) -> None:
        """The cancel wins over the next placement: every try so far failed (the ATS refused it, or did not answer),
        so the order ends CANCELED with no ATS order and its end releases the hold. Left open: a try the ATS took
        whose answer was lost in transit would rest there under the order's key with nothing held."""
        s = self._s
        s.status, s.code, s.message = O.CANCELED, None, None
        self.answered = True
        workflow.logger.info("order %s: canceled before the ATS took it", self._inp.order_id)

    async def _placed(self, order: T.AtsOrder) -> None:
        """The ATS accepted the order: submit's answer is ready, the view written."""
        s = self._s
        s.status, s.message = "SUBMITTED", None
        s.apply_order(order)
        self.answered = True
        self.read_now = order.units_filled > 0 or order.status in O.ENDED
        await self.record()

    async def read(self) -> None:
        s, inp = self._s, self._inp
        if s.ats is None:
            return
        self.read_now = False
        try:
            snap: T.Snapshot = await self.calls.run(
                T.READ, T.ReadInput(O.account_id_for(inp.user_id), s.ats.id, O.instrument_id_of(inp.ticker)),
                T.Snapshot, ATS_RETRY)
        except ActivityError:  # the ATS did not answer: the next poll (or webhook) asks again
            workflow.logger.warning("order %s: the ATS's state could not be read", inp.order_id)
            self.read_failed = True
            return
        self.read_failed = False
        changed = s.apply_order(snap.order)
        for x in snap.executions:
            changed = s.apply_execution(x) or changed
        if changed:
            s.version += 1

    def _mark_voided(self) -> None:
        s = self._s
        for x in s.newly_voided():
            s.voided.add(x.id)
            s.version += 1

    async def settle_pass(self) -> bool:
        """Posts the executions the ATS settled, brings the hold down and writes the view in one activity (patch
        SETTLE_PASS): the rest of the hold released when that settles the order's end (`ended_in_pass`: the end's
        view written, version counted as the end counts it), else the parts the ATS's facts free. True when the
        pass went through; False when the ledger refused an execution or the activity gave up: the executions posted
        are kept, nothing was released or written, and the caller's steps before the patch follow."""
        s, order_id = self._s, self._inp.order_id
        self._mark_voided()
        due = s.to_settle()
        before = set(s.settled)
        s.settled.update(x.id for x in due)  # as if posted: the end, the facts and the view follow from it
        s.version += len(due)
        end = s.done()
        facts = [] if end else s.release_facts()
        part = None
        if facts and self.patches.on(PARTIAL_RELEASE):
            s.released.update(facts)
            part = self._release_part_input()
        if end:
            s.version += 1  # the end's version (_finish counts it on the path before this patch)
        batch = T.SettleManyInput([T.SettleInput(order_id, x.id, x.units, x.unit_price) for x in due])
        try:
            await self.calls.run_local_first(SETTLE_LOCAL, T.SETTLE_PASS,
                                       T.SettlePassInput(order_id, batch, end, part, self._to_record()),
                                       T.SettleManyAnswer, T.SETTLE_REFUSALS)
        except (ActivityError, ApplicationError) as exc:  # a local pass's refusal replayed: the ApplicationError alone
            posted = self._posted(exc)
            s.settled = before | set(posted)
            s.released.difference_update(facts)
            self._recorded = -1  # the view was not written: the next record writes it
            workflow.logger.error("order %s: executions %s could not be settled: %s", order_id,
                                  ", ".join(x.id for x in due if x.id not in posted), exc)
            return False
        self.ended_in_pass = end
        return True

    @staticmethod
    def _posted(exc: FailureError) -> list[str]:
        """The executions a failed settlement posted: a refusal's details say [posted, refused]; else none known."""
        kind, details = cause_of(exc)
        return [str(i) for i in details[0]] if kind in T.SETTLE_REFUSALS and details else []

    async def settle(self) -> None:
        """Posts each execution the ATS settled, once; a voided one posts nothing."""
        s = self._s
        self._mark_voided()
        due = s.to_settle()
        if due and self.patches.on(SETTLE_TOGETHER):
            await self._settle_together(due)
            return
        for x in due:
            try:
                await self.calls.run(T.SETTLE, T.SettleInput(self._inp.order_id, x.id, x.units, x.unit_price), bool)
            except ActivityError as exc:  # runbook "re-drive a stuck settlement": retried at every poll
                workflow.logger.error("order %s: execution %s could not be settled: %s", self._inp.order_id, x.id,
                                      exc.cause)
                continue
            s.settled.add(x.id)
            s.version += 1

    async def _settle_together(self, due: list[T.AtsExecution]) -> None:
        """The executions in one activity (patch SETTLE_TOGETHER); one the ledger refused, or all when the activity
        gave up, are settled again at the next poll or webhook (runbook "re-drive a stuck settlement")."""
        s, order_id = self._s, self._inp.order_id
        batch = T.SettleManyInput([T.SettleInput(order_id, x.id, x.units, x.unit_price) for x in due])
        try:
            answer: T.SettleManyAnswer = await self.calls.run(T.SETTLE_MANY, batch, T.SettleManyAnswer)
            settled = answer.settled
        except ActivityError as exc:
            settled = self._posted(exc)
            workflow.logger.error("order %s: executions %s could not be settled: %s", order_id,
                                  ", ".join(x.id for x in due if x.id not in settled), exc.cause)
        for execution_id in settled:
            s.settled.add(execution_id)
            s.version += 1

    async def void(self, req: O.VoidRequest) -> None:
        """Voids the execution at the ATS (ops); the next read sees it VOIDED and nothing is posted for it."""
        try:
            status = await self.calls.run(T.VOID, T.VoidInput(req.execution_id, req.reason), str, UPDATE_RETRY)
            workflow.logger.info("order %s: execution %s voided (%s)", self._inp.order_id, req.execution_id, status)
        except ActivityError as exc:
            workflow.logger.error("order %s: execution %s could not be voided: %s", self._inp.order_id,
                                  req.execution_id, exc.cause)
        self.read_now = True

    async def release_part(self, retry: RetryPolicy = LEDGER_RETRY, *, done_too: bool = False) -> None:
        """Tells the ledger what the ATS reported that frees part of the hold, once per fact (patch PARTIAL_RELEASE):
        the hold is brought down to what the order's filled-unsettled executions and open units still need. A failure
        is told again at the next pass (and the order's end releases the rest anyway)."""
        s = self._s
        facts = s.release_facts(done_too=done_too)
        if not facts or not self.patches.on(PARTIAL_RELEASE):
            return
        s.released.update(facts)  # before the activity: the cancel's Update and the main loop never send it twice
        try:
            await self.calls.run(T.RELEASE_PART, self._release_part_input(), bool, retry)
        except ActivityError as exc:
            s.released.difference_update(facts)
            workflow.logger.warning("order %s: part of the hold could not be released yet: %s", self._inp.order_id,
                                    exc.cause)

    def _release_part_input(self) -> T.ReleasePartInput:
        s = self._s
        reported = [T.ReportedExecution(x.id, x.units, x.unit_price, x.status == "VOIDED") for x in s.unsettled()]
        return T.ReleasePartInput(self._inp.order_id, reported, s.filled if s.ended() else None)

    async def release(self, *, record: bool = False) -> None:
        """Gives back what the order still holds (a no-op when nothing is held or it was released); `record`: the
        view is written in the same activity (patch RELEASE_WITH_RECORD)."""
        if not record:
            await self.calls.run(T.RELEASE, self._inp.order_id, bool)
            return
        await self.calls.run(T.RELEASE_RECORD, T.ReleaseRecordInput(self._inp.order_id, self._to_record()), bool)

    async def record(self) -> None:
        """Writes the view to the order list and the investor's live channel once per version; search attribute
        and current details follow the status."""
        view = self._to_record()
        if view is not None:
            await self.calls.run(T.RECORD, view, bool)

    def _to_record(self) -> T.RecordInput | None:
        """The search attribute and current details brought up to date; the view to write when its version was
        not written yet (counted as written: the caller writes it)."""
        s = self._s
        status = s.shown_status()
        if status != self._attr_status:
            self._attr_status = status
            workflow.upsert_search_attributes([sa.ORDER_STATUS.value_set(status)])
        workflow.set_current_details(s.details())
        if self._recorded == s.version:
            return None
        self._recorded = s.version
        return T.RecordInput(self._inp.user_id, asdict(s.view()))

    async def changed(self) -> None:
        self._s.version += 1
        await self.record()

    async def rehold(self, edit_id: str, total: int, unit_price: str) -> None:
        """Holds the larger of the old and new terms while the edit waits; a refusal is the Update's answer."""
        try:
            await self.calls.run(T.REHOLD, T.ReholdInput(self._inp.order_id, edit_id, total, unit_price), bool)
        except ActivityError as exc:
            kind, details = cause_of(exc)
            if kind == T.HOLD_REFUSED:
                code, units = str(details[0]), int(details[1]) if len(details) > 1 else 0
                raise ApplicationError(refusal_message(code, units) or O.EDIT_FAILED, code, units,
                                       type=T.HOLD_REFUSED) from None
            raise ApplicationError(O.EDIT_FAILED, kind or "", type="EditRefused") from None

    async def replace(self, req: O.EditRequest) -> None:
        """One edit: re-hold, replace at the ATS, then the hold the kept terms need (`finish_rehold`)."""
        s, inp = self._s, self._inp
        if s.ats is None or s.ended():
            raise ApplicationError(O.EDIT_FAILED, "ORDER_FINISHED", type="EditRefused")
        s.edits += 1
        edit_id = f"{workflow.info().workflow_id}:edit:{s.edits}"
        total = s.filled + req.units  # the ATS takes the new total size, filled units included
        await self.rehold(edit_id, total, req.unit_price)
        applied = False
        try:
            order: T.AtsOrder = await self.calls.run(
                T.REPLACE, T.ReplaceInput(O.account_id_for(inp.user_id), s.ats.id, total, req.unit_price), T.AtsOrder,
                UPDATE_RETRY)
            applied = True
            s.apply_order(order)
        except ActivityError as exc:  # e.g. ORDER_ALREADY_FILLED: the fill came first
            self.read_now = True
            raise ApplicationError(O.EDIT_FAILED, ats_code(exc), type="EditRefused") from None
        finally:
            await self.calls.run(T.FINISH_REHOLD, T.FinishReholdInput(inp.order_id, edit_id, applied), bool)
        self.read_now = self.read_now or s.filled > 0

    async def cancel(self) -> str:
        """Cancels at the ATS: its outcome CANCELED | TOO_LATE | ALREADY_ENDED."""
        s = self._s
        if s.ats is None:  # the cancel won over the placement (patch CANCEL_WINS_PLACING), or the order was refused
            return "CANCELED" if s.status == O.CANCELED else "ALREADY_ENDED"
        cancel = T.CancelInput(O.account_id_for(self._inp.user_id), s.ats.id, O.instrument_id_of(self._inp.ticker))
        try:
            answer: T.CancelAnswer = await self.calls.run(T.CANCEL, cancel, T.CancelAnswer, UPDATE_RETRY)
        except ActivityError as exc:
            code = ats_code(exc)
            if code == O.LIVE_TRADING:  # the window opened before the cancel reached the ATS
                raise ApplicationError(O.CANCEL_WHILE_LIVE, code, type="CancelRefused") from None
            raise ApplicationError(O.CANCEL_FAILED, code, type="CancelRefused") from None
        s.apply_order(answer.order)
        self.read_now = True
        return answer.outcome

    async def confirm(self) -> None:
        """Confirms this side of every execution waiting for it; outside CONFIRMATION the ATS refuses."""
        s = self._s
        waiting = s.waiting_confirmation()
        try:
            await self.calls.run(T.CONFIRM, T.ConfirmInput(O.account_id_for(self._inp.user_id),
                                                              [x.id for x in waiting]), int, UPDATE_RETRY)
        except ActivityError as exc:
            self.read_now = True
            code = ats_code(exc)
            raise ApplicationError(O.NOT_IN_CONFIRMATION if code == "WINDOW_NOT_IN_CONFIRMATION" else
                                   "Something went wrong, please try again", code, type="ConfirmRefused") from None
        for x in waiting:
            x.confirmed = True
        self.read_now = True
