"""Starting an order workflow (issue 11 contract, workflows/trading/order_types.py), the same way from the api's create call
and from the order wizard's placing activity: id `order-{order_id}` where the order id comes from the caller's
business key, id conflict policy USE_EXISTING (a retried create attaches to the same order), search attributes and
a static summary for ops. Not workflow code: callers hold a Temporal client."""

from __future__ import annotations

from typing import Any

from temporalio.client import Client, WorkflowHandle
from temporalio.common import (
    SearchAttributePair,
    TypedSearchAttributes,
    WorkflowIDConflictPolicy,
    WorkflowIDReusePolicy,
)

import workflows.search_attributes as sa
import workflows.trading.order_types as O


def order_summary(inp: O.OrderInput) -> str:
    kind = "Instant buy" if inp.order_type == "INSTANT" else f"Limit {inp.side.lower()}"
    return f"{kind} of {inp.units} x {inp.ticker} at ${inp.unit_price} by user {inp.user_id}"


def order_attributes(inp: O.OrderInput) -> TypedSearchAttributes:
    return TypedSearchAttributes([SearchAttributePair(sa.USER_ID, str(inp.user_id)),
                                  SearchAttributePair(sa.ASSET_TICKER, inp.ticker),
                                  SearchAttributePair(sa.ORDER_STATUS, "SUBMITTED")])


async def start_order(client: Client, inp: O.OrderInput, task_queue: str, *,
                      new_only: bool = False) -> WorkflowHandle[Any, Any]:
    """Starts the order's workflow, or finds the one this business key started already. `new_only` (the api's
    create): an order this key started already, running or ended, raises WorkflowAlreadyStartedError instead — the
    server answers it with the start itself, no `describe` before."""
    conflict = WorkflowIDConflictPolicy.FAIL if new_only else WorkflowIDConflictPolicy.USE_EXISTING
    reuse = WorkflowIDReusePolicy.REJECT_DUPLICATE if new_only else WorkflowIDReusePolicy.ALLOW_DUPLICATE
    return await client.start_workflow(
        O.WORKFLOW_TYPE, inp, id=O.workflow_id(inp.order_id), task_queue=task_queue, id_conflict_policy=conflict,
        id_reuse_policy=reuse, static_summary=order_summary(inp), search_attributes=order_attributes(inp))
