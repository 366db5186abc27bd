"""One order on the secondary market (`order-{order_id}`, type `Order`; contract in workflows/order_types.py):
hold in the ledger → place at the ATS (an ATS that keeps refusing makes the order QUEUED; the workflow carries on
until it is placed) → follow it (verified webhooks arrive as `ats_event` signals; it also polls on its own every
`poll_seconds`, and continues as new after `polls_per_run` polls) → settle each execution the ATS settled exactly
once, post nothing for a voided one → once the order ended and every execution is settled or voided, release the
rest of the hold. Edit, cancel and confirm are Updates with validators, one at a time; ops void a match with the
`void` signal. Every change is written to the order list (`trading_orders`) and published to the investor."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import asdict, replace
from datetime import timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError

with workflow.unsafe.imports_passed_through():
    from activities import trading_types as T
    from domain import order_rules as R
    from workflows import order_types as O
    from workflows import search_attributes as sa
    from workflows.order_state import OrderState, refusal_message

# bounded: a ledger step is retried ~4 minutes, then the workflow answers or waits for its next poll
LEDGER_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=30), maximum_attempts=10,
                           non_retryable_error_types=[T.HOLD_REFUSED, T.HOLD_CLOSED, T.FILL_NOT_COVERED])
# one placement attempt: a few quick retries; the workflow itself goes on trying with timers (QUEUED meanwhile)
ATS_RETRY = RetryPolicy(initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=5),
                        maximum_attempts=3, non_retryable_error_types=[T.ATS_REJECTED, T.ATS_INVALID_CLIENT])
TIMEOUT = timedelta(seconds=30)
NOT_FINAL_EDIT = frozenset({"ORDER_ALREADY_FILLED", "ORDER_FINISHED"})


def _cause(exc: ActivityError) -> tuple[str | None, list[Any]]:
    cause = exc.cause
    if isinstance(cause, ApplicationError):
        return cause.type, list(cause.details)
    return None, []


@workflow.defn(name=O.WORKFLOW_TYPE)
class OrderWorkflow:
    @workflow.init
    def __init__(self, inp: O.OrderInput) -> None:
        self._inp = inp
        self._s = OrderState.start(inp)
        self._answered = inp.carried is not None  # submit's answer: the ATS answered, QUEUED or REJECTED
        self._wake = False
        self._read_now = inp.carried is not None and inp.carried.ats_order_id is not None
        self._voids: list[O.VoidRequest] = []
        self._lock = asyncio.Lock()
        self._attr_status = "SUBMITTED" if inp.carried is None else ""
        self._recorded = -1
        self._submitted = inp.carried is not None

    # --- the run ---------------------------------------------------------------------------------------------
    @workflow.run
    async def run(self, inp: O.OrderInput) -> str:
        s = self._s
        if inp.carried is None:
            await self._record()
            if not await self._hold():
                return await self._finish()
            if not await self._place():
                return await self._finish()
        polls, cap = 0, inp.timings.polls_per_run
        while not s.done():
            if polls >= cap or workflow.info().is_continue_as_new_suggested():
                await workflow.wait_condition(lambda: workflow.all_handlers_finished() and not self._voids)
                if not s.done():
                    workflow.continue_as_new(replace(inp, carried=s.carry()))
                break
            timed_out = False
            if not self._read_now and not self._voids and not self._wake:
                try:
                    await workflow.wait_condition(lambda: self._wake or self._read_now or bool(self._voids),
                                                  timeout=timedelta(seconds=inp.timings.poll_seconds))
                except TimeoutError:
                    timed_out = True
                    polls += 1
            self._wake = False
            await self._void_requested()
            if timed_out or self._read_now:
                await self._read()
            await self._settle()
            await self._record()
        return await self._finish()

    async def _hold(self) -> bool:
        s, inp = self._s, self._inp
        try:
            await workflow.execute_activity(
                T.HOLD, T.HoldInput(inp.order_id, inp.user_id, inp.asset_id, inp.side, s.units, s.unit_price),
                start_to_close_timeout=TIMEOUT, retry_policy=LEDGER_RETRY, result_type=bool)
            return True
        except ActivityError as exc:
            kind, details = _cause(exc)
            if kind != T.HOLD_REFUSED:
                raise
            code, units = str(details[0]), int(details[1]) if len(details) > 1 else 0
            self._reject(code, refusal_message(code, units) or code)
            return False

    def _reject(self, code: str, message: str | None) -> None:
        s = self._s
        s.status, s.code, s.message, s.pending = O.REJECTED, code, message, None
        self._answered = True

    async def _place(self) -> bool:
        """Places the order, trying again with timers while the ATS refuses (QUEUED after a while)."""
        s, inp = self._s, self._inp
        started, delay = workflow.now(), 1.0
        body = T.PlaceInput(O.account_id_for(inp.user_id), workflow.info().workflow_id, O.instrument_id_of(inp.ticker),
                            inp.side, inp.order_type, inp.term, s.units, s.unit_price)
        while True:
            try:
                order = await workflow.execute_activity(T.PLACE, body, start_to_close_timeout=TIMEOUT,
                                                        retry_policy=ATS_RETRY, result_type=T.AtsOrder)
                break
            except ActivityError as exc:
                kind, details = _cause(exc)
                if kind == T.ATS_REJECTED:
                    code = str(details[0]) if details else "REJECTED"
                    self._reject(code, refusal_message(code))
                    return False
                if kind == T.ATS_INVALID_CLIENT:
                    workflow.logger.error("order %s: the ATS refuses Vitrine's client credentials", inp.order_id)
            queued_after = timedelta(seconds=inp.timings.queued_after_seconds)
            if s.status != O.QUEUED and workflow.now() - started >= queued_after:
                s.status = O.QUEUED  # the api shows the spec's high-volume text for the market's state
                self._answered = True
                await self._record()
            await workflow.sleep(timedelta(seconds=delay))
            delay = min(delay * 2, max(inp.timings.poll_seconds, 1.0))
        s.status, s.message = "SUBMITTED", None
        s.apply_order(order)
        self._answered = True
        self._read_now = order.units_filled > 0 or order.status in O.ENDED
        await self._record()
        return True

    async def _read(self) -> None:
        s, inp = self._s, self._inp
        if s.ats is None:
            return
        self._read_now = False
        try:
            snap = await workflow.execute_activity(
                T.READ, T.ReadInput(O.account_id_for(inp.user_id), s.ats.id, O.instrument_id_of(inp.ticker)),
                start_to_close_timeout=TIMEOUT, retry_policy=ATS_RETRY, result_type=T.Snapshot)
        except ActivityError:  # the ATS did not answer: the next poll (or webhook) asks again
            workflow.logger.warning("order %s: the ATS's state could not be read", inp.order_id)
            return
        changed = s.apply_order(snap.order)
        for x in snap.executions:
            changed = s.apply_execution(x) or changed
        if changed:
            s.version += 1

    async def _settle(self) -> None:
        """Posts each execution the ATS settled, once; a voided one posts nothing."""
        s = self._s
        for x in s.newly_voided():
            s.voided.add(x.id)
            s.version += 1
        for x in s.to_settle():
            try:
                await workflow.execute_activity(
                    T.SETTLE, T.SettleInput(self._inp.order_id, x.id, x.units, x.unit_price),
                    start_to_close_timeout=TIMEOUT, retry_policy=LEDGER_RETRY, result_type=bool)
            except ActivityError as exc:  # runbook "re-drive a stuck settlement": retried at every poll
                workflow.logger.error("order %s: execution %s could not be settled: %s", self._inp.order_id, x.id,
                                      exc.cause)
                workflow.set_current_details(f"settling execution {x.id} failed ({_cause(exc)[0]}); "
                                             "retried at every poll")
                continue
            s.settled.add(x.id)
            s.version += 1

    async def _void_requested(self) -> None:
        while self._voids:
            req = self._voids.pop(0)
            try:
                status = await workflow.execute_activity(T.VOID, T.VoidInput(req.execution_id, req.reason),
                                                         start_to_close_timeout=TIMEOUT, retry_policy=ATS_RETRY,
                                                         result_type=str)
                workflow.logger.info("order %s: execution %s voided (%s)", self._inp.order_id, req.execution_id, status)
            except ActivityError as exc:
                workflow.logger.error("order %s: execution %s could not be voided: %s", self._inp.order_id,
                                      req.execution_id, exc.cause)
            self._read_now = True

    async def _release(self) -> None:
        await workflow.execute_activity(T.RELEASE, self._inp.order_id, start_to_close_timeout=TIMEOUT,
                                        retry_policy=LEDGER_RETRY, result_type=bool)

    async def _finish(self) -> str:
        s = self._s
        await self._release()  # nothing held (a refused hold) or already released: a no-op
        s.version += 1
        if not self._submitted:  # the api's `submit` may come a moment after a quick end: answer it, then end
            with contextlib.suppress(TimeoutError):
                await workflow.wait_condition(lambda: self._submitted,
                                              timeout=timedelta(seconds=self._inp.timings.queued_after_seconds))
        await workflow.wait_condition(workflow.all_handlers_finished)
        await self._record()
        return s.shown_status()

    async def _record(self) -> None:
        """Writes the view to the order list and the investor's live channel once per version; search attribute
        and current details follow the status."""
        s = self._s
        status = s.shown_status()
        if status != self._attr_status:
            self._attr_status = status
            workflow.upsert_search_attributes([sa.ORDER_STATUS.value_set(status)])
        workflow.set_current_details(s.details())
        if self._recorded == s.version:
            return
        self._recorded = s.version
        await workflow.execute_activity(T.RECORD, T.RecordInput(self._inp.user_id, asdict(s.view())),
                                        start_to_close_timeout=TIMEOUT, retry_policy=LEDGER_RETRY, result_type=bool)

    async def _changed(self) -> None:
        self._s.version += 1
        await self._record()

    # --- signals ---------------------------------------------------------------------------------------------
    @workflow.signal(name=O.ATS_EVENT)
    def ats_event(self, event: O.AtsEvent) -> None:
        """A verified webhook about this order or one of its executions: applied when newer than what we know."""
        s = self._s
        if s.seen_event(event.event_id) or s.ats is None:
            self._read_now = self._read_now or s.ats is None
            return
        changed = False
        if event.topic.startswith("order."):
            changed = s.apply_order(T.order_of(dict(event.data)), fresh=False)
        elif event.topic.startswith("execution."):
            x = T.execution_of(dict(event.data), s.ats.id)
            changed = x is not None and s.apply_execution(x, fresh=False)
        if changed:
            s.version += 1
            self._wake = True

    @workflow.signal(name=O.VOID)
    def void(self, req: O.VoidRequest) -> None:
        """Ops void a match (the investor's "Cancel Match" e-mail): voided at the ATS, nothing posted."""
        self._voids.append(req)

    # --- updates ---------------------------------------------------------------------------------------------
    @workflow.update(name=O.SUBMIT)
    async def submit(self) -> O.OrderView:
        self._submitted = True
        await workflow.wait_condition(lambda: self._answered)
        return self._s.view()

    @workflow.update(name=O.REPLACE)
    async def replace_order(self, req: O.EditRequest) -> O.OrderView:
        s, inp = self._s, self._inp
        async with self._lock:
            s.pending = O.PENDING_REPLACE
            await self._changed()
            try:
                await workflow.wait_condition(lambda: s.ats is not None or s.ended())
                if s.ats is None or s.ended():
                    raise ApplicationError(O.EDIT_FAILED, "ORDER_FINISHED", type="EditRefused")
                s.edits += 1
                edit_id = f"{workflow.info().workflow_id}:edit:{s.edits}"
                total = s.filled + req.units
                await self._rehold(edit_id, total, req.unit_price)
                applied = False
                try:
                    order = await workflow.execute_activity(
                        T.REPLACE, T.ReplaceInput(O.account_id_for(inp.user_id), s.ats.id, total, req.unit_price),
                        start_to_close_timeout=TIMEOUT, retry_policy=ATS_RETRY, result_type=T.AtsOrder)
                    applied = True
                    s.apply_order(order)
                except ActivityError as exc:
                    kind, details = _cause(exc)
                    self._read_now = True
                    code = str(details[0]) if kind == T.ATS_REJECTED and details else "ATS_UNAVAILABLE"
                    raise ApplicationError(O.EDIT_FAILED, code, type="EditRefused") from None
                finally:
                    await workflow.execute_activity(T.FINISH_REHOLD, T.FinishReholdInput(inp.order_id, edit_id, applied),
                                                    start_to_close_timeout=TIMEOUT, retry_policy=LEDGER_RETRY,
                                                    result_type=bool)
                self._read_now = self._read_now or s.filled > 0
            finally:
                s.pending = None
                await self._changed()
            return s.view()

    async def _rehold(self, edit_id: str, total: int, unit_price: str) -> None:
        try:
            await workflow.execute_activity(T.REHOLD, T.ReholdInput(self._inp.order_id, edit_id, total, unit_price),
                                            start_to_close_timeout=TIMEOUT, retry_policy=LEDGER_RETRY, result_type=bool)
        except ActivityError as exc:
            kind, details = _cause(exc)
            if kind == T.HOLD_REFUSED:
                code, units = str(details[0]), int(details[1]) if len(details) > 1 else 0
                raise ApplicationError(refusal_message(code, units) or O.EDIT_FAILED, code, units,
                                       type=T.HOLD_REFUSED) from None
            raise ApplicationError(O.EDIT_FAILED, kind or "", type="EditRefused") from None

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
        if req.units < R.MIN_UNITS or price <= 0 or not R.is_on_tick(price) or price != price.quantize(Decimal("0.01")):
            raise ApplicationError(O.EDIT_FAILED, "INVALID_REQUEST", type="EditRefused")

    @workflow.update(name=O.CANCEL)
    async def cancel(self) -> O.CancelResult:
        s, inp = self._s, self._inp
        async with self._lock:
            if s.ended():
                return O.CancelResult("ALREADY_ENDED", s.view())
            s.pending = O.PENDING_CANCEL
            await self._changed()
            try:
                await workflow.wait_condition(lambda: s.ats is not None or s.ended())
                if s.ats is None:
                    return O.CancelResult("ALREADY_ENDED", s.view())
                try:
                    answer = await workflow.execute_activity(
                        T.CANCEL, T.CancelInput(O.account_id_for(inp.user_id), s.ats.id),
                        start_to_close_timeout=TIMEOUT, retry_policy=ATS_RETRY, result_type=T.CancelAnswer)
                except ActivityError as exc:
                    kind, details = _cause(exc)
                    code = str(details[0]) if kind == T.ATS_REJECTED and details else "ATS_UNAVAILABLE"
                    raise ApplicationError(O.CANCEL_FAILED, code, type="CancelRefused") from None
                s.apply_order(answer.order)
                self._read_now = True
            finally:
                s.pending = None
                await self._changed()
            return O.CancelResult(answer.outcome, s.view())

    @cancel.validator
    def _check_cancel(self) -> None:
        if self._lock.locked() or self._s.pending is not None:
            raise ApplicationError(O.UNABLE_TO_CANCEL, type="UpdateInProgress")

    @workflow.update(name=O.CONFIRM)
    async def confirm(self) -> O.OrderView:
        s, inp = self._s, self._inp
        async with self._lock:
            waiting = s.waiting_confirmation()
            if not waiting:
                return s.view()
            s.pending = O.PROCESSING_UPDATE
            await self._changed()
            try:
                await workflow.execute_activity(
                    T.CONFIRM, T.ConfirmInput(O.account_id_for(inp.user_id), [x.id for x in waiting]),
                    start_to_close_timeout=TIMEOUT, retry_policy=ATS_RETRY, result_type=int)
                for x in waiting:
                    x.confirmed = True
            except ActivityError as exc:
                kind, details = _cause(exc)
                code = str(details[0]) if kind == T.ATS_REJECTED and details else "ATS_UNAVAILABLE"
                self._read_now = True
                raise ApplicationError(O.NOT_IN_CONFIRMATION if code == "WINDOW_NOT_IN_CONFIRMATION" else
                                       "Something went wrong, please try again", code, type="ConfirmRefused") from None
            finally:
                s.pending = None
                await self._changed()
            self._read_now = True
            return s.view()

    @confirm.validator
    def _check_confirm(self) -> None:
        if not self._s.waiting_confirmation():
            raise ApplicationError(O.NOT_IN_CONFIRMATION, "NO_MATCH_WAITING", type="ConfirmRefused")

    # --- query -----------------------------------------------------------------------------------------------
    @workflow.query(name=O.VIEW)
    def view(self) -> O.OrderView:
        return self._s.view()

