"""The shares a purchase flow holds (its reservation): taken when the flow opens and at select-shares, given back
when the flow closes, fails or the hold times out; a new hold (another share count, a reopened flow) restarts the
time limit. Short database writes: local activities."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    from activities.interfaces.purchase import HoldRequest, PurchaseActivities
    from domain.purchase import Hold
    from workflows.profile_steps import DB_RETRY

SHORT = timedelta(seconds=30)


class ShareHold:
    def __init__(self, user_id: int, asset_id: int, ttl_seconds: int, over: Callable[[], bool]) -> None:
        self.user_id, self.asset_id, self.ttl_seconds, self.over = user_id, asset_id, ttl_seconds, over
        self.reservation: dict[str, Any] = {"available_shares": 0, "reserved_shares": 0, "expires_at": None}
        self.gen = 0
        self.held = False

    async def take(self, shares: int) -> bool:
        """Holds `shares` (replacing the previous hold) when that many are free."""
        self.gen += 1
        h: Hold = await workflow.execute_local_activity_method(
            PurchaseActivities.hold, HoldRequest(workflow.info().workflow_id, self.user_id, self.asset_id, shares,
                                                 self.ttl_seconds),
            start_to_close_timeout=SHORT, retry_policy=DB_RETRY)
        self.reservation["available_shares"] = h.available_shares
        if h.ok:
            self.held = True
            self.reservation.update(reserved_shares=h.reserved_shares, expires_at=h.expires_at)
        return h.ok

    async def release(self) -> None:
        """Compensation: the held shares go back to the offering (nothing to do when none are held)."""
        if not self.held:
            return
        self.held = False
        self.reservation.update(reserved_shares=0, expires_at=None)
        await workflow.execute_local_activity_method(PurchaseActivities.release, workflow.info().workflow_id,
                                                     start_to_close_timeout=SHORT, retry_policy=DB_RETRY)

    def consumed(self) -> None:
        """The investment took the held shares (in its own transaction)."""
        self.held = False

    async def keep(self) -> None:
        """Runs beside the flow: releases the hold when it times out, until the flow is over."""
        ttl = timedelta(seconds=self.ttl_seconds)
        while not self.over():
            renewed = self._renewed(self.gen)
            try:
                await workflow.wait_condition(renewed, timeout=ttl)
            except TimeoutError:
                if not self.over():
                    await self.release()
                await workflow.wait_condition(renewed)

    def _renewed(self, gen: int) -> Callable[[], bool]:
        return lambda: self.gen != gen or self.over()
