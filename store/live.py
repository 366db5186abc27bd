"""Live updates over Redis pub/sub (issue 11): the api's SSE endpoints subscribe, activities and the api publish.

Channels: `flow:{flow_id}` — the flow's new FlowState (its JSON, SSE `data`), published by the api for the state an
Update returned and by the workflow (activities/live.py) for a change it made by itself;
`trading:user:{user_id}` — an order of that investor changed (payload: its OrderView JSON, SSE event
`order`; consumers keep the highest `version`), a window their order is matched in moved on
(`{"type": "window"}`) or they got a notice (`{"type": "notice", "data": notice}`, SSE `notice`: store/notices.py);
`trading:market:{instrument_id}` — the book, window or pricing of an instrument changed
(`{"type": "book"|"window"|"pricing", "data": ...}`)."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from redis.asyncio import Redis

from workflows.trading.order_types import OrderView


def flow_channel(flow_id: str) -> str:
    return f"flow:{flow_id}"


async def publish_flow(redis: Redis, flow_id: str, state: bytes | dict[str, Any]) -> None:
    """Tells the flow's open streams its new FlowState: as the workflow encoded it (bytes) or as a JSON object."""
    body = state if isinstance(state, bytes) else json.dumps(state, default=str, separators=(",", ":")).encode()
    await redis.publish(flow_channel(flow_id), body)


def user_channel(user_id: int) -> str:
    return f"trading:user:{user_id}"


def market_channel(instrument_id: str) -> str:
    return f"trading:market:{instrument_id}"


async def publish_order(redis: Redis, user_id: int, view: OrderView) -> None:
    """Tells the investor's open pages that one of their orders changed."""
    await redis.publish(user_channel(user_id), json.dumps(asdict(view), default=str))


def market_cache_key(instrument_id: str, kind: str) -> str:
    """The api's short Redis copy of one market read (api/trading/market_data.py): `pricing`, `history` or `book`."""
    return f"market:{instrument_id}:{kind}"


async def publish_market(redis: Redis, instrument_id: str, kind: str, data: object) -> None:
    """Tells every page watching the instrument that its book, window or pricing changed (`kind`: book | window |
    pricing). A window event also drops the cached pricing, history and book (a close prints a price and the
    book's mode changes); the catalogue's trading fields follow at the market refresher's next pass."""
    if kind == "window":
        await redis.delete(*(market_cache_key(instrument_id, k) for k in ("pricing", "history", "book")))
    await redis.publish(market_channel(instrument_id), json.dumps({"type": kind, "data": data}, default=str))


async def publish_window_to_users(redis: Redis, user_ids: list[int], data: object) -> None:
    """Tells each investor with an order in the window (their shell's stream) that it moved on — the confirm-trade
    popup opens when CONFIRMATION starts without the page being on the instrument."""
    body = json.dumps({"type": "window", "data": data}, default=str)
    for user_id in user_ids:
        await redis.publish(user_channel(user_id), body)


async def publish_notice(redis: Redis, user_id: int, notice: dict[str, Any]) -> None:
    """Tells the person's shell (its event stream) that a notice of theirs was written: the bell reads its list."""
    await redis.publish(user_channel(user_id), json.dumps({"type": "notice", "data": notice}, default=str))
