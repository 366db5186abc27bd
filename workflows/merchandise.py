"""A merchandise order (`merchandise-order-{key}`, the upsell after a purchase), as a saga: charge the investor's
cash (the shop's price, under the user's lock), place the order at the shop with the business key as its
Idempotency-Key, and when the shop refuses it (or cannot be reached within the retry bound) refund the charge.
The result says confirmed or failed; a failed order moved no money in the end."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError

with workflow.unsafe.imports_passed_through():
    import workflows.search_attributes as sa
    from activities.interfaces.merchandise import REFUSED, MerchandiseActivities, MerchandiseOrderRequest

TIMEOUT = timedelta(seconds=30)
# the shop is retried a bounded number of times, then the charge is refunded; a refusal is never retried
SHOP_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=10), maximum_attempts=8, non_retryable_error_types=[REFUSED])
# the ledger's refund must happen: retried until the database answers
REFUND_RETRY = RetryPolicy(maximum_interval=timedelta(seconds=60))


@dataclass
class MerchandiseOrderResult:
    status: str  # confirmed | failed
    order_id: int | None = None
    provider_order_id: str | None = None


def workflow_id(key: str) -> str:
    return f"merchandise-order-{key}"


@workflow.defn(name="MerchandiseOrder")
class MerchandiseOrderWorkflow:
    @workflow.run
    async def run(self, req: MerchandiseOrderRequest) -> MerchandiseOrderResult:
        try:
            order_id: int = await workflow.execute_activity_method(
                MerchandiseActivities.charge, req, start_to_close_timeout=TIMEOUT, retry_policy=SHOP_RETRY)
        except ActivityError as exc:
            self._set("failed", f"refused before any charge: {exc.cause or exc}")
            return MerchandiseOrderResult("failed")
        self._set("charged", "the investor's cash is charged; placing the order at the store")
        try:
            placed: str = await workflow.execute_activity_method(
                MerchandiseActivities.place, req, start_to_close_timeout=TIMEOUT, retry_policy=SHOP_RETRY)
        except ActivityError as exc:
            self._set("refunding", f"the store did not take the order ({exc.cause or exc}); refunding")
            await workflow.execute_activity_method(
                MerchandiseActivities.refund, req, start_to_close_timeout=TIMEOUT, retry_policy=REFUND_RETRY)
            self._set("failed", "refunded: the store did not take the order")
            return MerchandiseOrderResult("failed", order_id)
        self._set("confirmed", f"store order {placed}")
        return MerchandiseOrderResult("confirmed", order_id, placed)

    def _set(self, step: str, details: str) -> None:
        workflow.upsert_search_attributes([sa.STEP.value_set(step)])
        workflow.set_current_details(details)
