"""The purchase's top-up (`workflows/purchase/workflow.py`, the not-enough-cash step): the shortfall is deposited from
the linked bank through a transfer child workflow, and the flow waits until it settles — then re-reads the cash and
moves on when it covers the cost, or shows why the deposit failed."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import domain.transfer_rules as T
    from activities.interfaces.purchase import PurchaseActivities
    from domain.money import money_str
    from workflows.deposit import PURCHASE_DEPOSIT_LOCAL, start_deposit
    from workflows.flow_core import ACTIVE, WAITING, FlowCore, FlowError, invalid
    from workflows.purchase.input import DB_RETRY, PROVIDER_RETRY, SHORT


class PurchaseDeposit:
    def __init__(self, flow: FlowCore, user_id: int, poll_seconds: int, tasks: list[asyncio.Task[None]],
                 recost: Callable[[], None], advance: Callable[[], Awaitable[None]],
                 changed: Callable[[], Awaitable[None]], activity_timeout_seconds: float = 30.0) -> None:
        self.flow, self.user_id, self.poll_seconds, self.tasks = flow, user_id, poll_seconds, tasks
        self.activity_timeout_seconds = activity_timeout_seconds
        self._recost, self._advance, self._changed = recost, advance, changed

    async def start(self) -> None:
        """Transfers the shortfall from the linked bank; the flow waits until it settles."""
        f = self.flow
        shortfall = Decimal(str(f.facts["cost"])) - Decimal(str(f.facts["cash"]))
        if shortfall > T.TRANSFER_LIMIT:
            raise invalid({}, T.LIMIT_MESSAGE)
        if f.serial and f.waiting_for == "deposit":  # submitted again while its deposit settles: nothing new
            f.status = WAITING
            return
        amount = money_str(shortfall)
        handle = await start_deposit(f, self.user_id, amount, f.key(f"deposit:{f.version}:{amount}"),
                                     self.poll_seconds, PROVIDER_RETRY,
                                     f"Deposit of ${amount} for user {self.user_id}'s purchase",
                                     activity_timeout_seconds=self.activity_timeout_seconds,
                                     server_activity=not workflow.patched(PURCHASE_DEPOSIT_LOCAL))
        if handle is None:
            if f.error is None:  # its transfer runs already (a Reset replayed this step): wait for it on the cash
                f.error = FlowError("Deposit in progress", "Your deposit is being processed. Continue once it shows "
                                                           "in your cash.")
            return
        f.status, f.waiting_for = WAITING, "deposit"
        self.tasks.append(asyncio.create_task(self._settled(handle)))

    async def _settled(self, handle: workflow.ChildWorkflowHandle[Any, str]) -> None:
        f = self.flow
        outcome = await handle
        f.status, f.waiting_for = ACTIVE, None
        if outcome == "processed":
            f.facts["cash"] = await workflow.execute_local_activity_method(
                PurchaseActivities.cash, self.user_id, start_to_close_timeout=SHORT, retry_policy=DB_RETRY)
            self._recost()
            if f.step == "not-enough-cash" and not f.facts["needs_cash"]:
                await self._advance()
        else:
            f.error = FlowError("Transfer failed", "Your deposit could not be completed. Please check your bank "
                                                  "account and try again.")
        await self._changed()
