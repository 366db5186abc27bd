"""The create's note of whose a new order is (store/trading/order_owner.py), which the submit's owner check reads first:
it vouches only for the investor the create recorded — another investor, or an order no create recorded, is not
vouched for (the caller then checks the order list and the workflow, as tests/api/test_orders.py does through
every door)."""

from __future__ import annotations

import uuid

from api.state import AppState
from store.trading import order_owner


async def test_the_note_vouches_only_for_the_creator(app_state: AppState) -> None:
    order_id, other = str(uuid.uuid4()), str(uuid.uuid4())
    await order_owner.remember(app_state.redis, order_id, 41)
    assert await order_owner.is_owner(app_state.redis, order_id, 41)
    assert not await order_owner.is_owner(app_state.redis, order_id, 42)
    assert not await order_owner.is_owner(app_state.redis, other, 41)
    ttl = await app_state.redis.ttl(order_owner.owner_key(order_id))
    assert 0 < ttl <= order_owner.KEPT_SECONDS
