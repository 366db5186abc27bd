"""Live trading over Server-Sent Events (issue 11 "Live updates"), fanned out through Redis pub/sub so a change made
by any api instance or inside a workflow (its activities publish, store/live.py) reaches every open page:

- `order`: one of the caller's orders changed (channel `trading:user:{id}`; the api's Order, keep the highest
  `version`); on connect, the caller's open orders (of the instrument, if named) as they are now;
- `window` on the caller's channel too: a trading window one of their orders is matched in moved on (e.g. into
  CONFIRMATION: the shell's confirm-trade popup opens without the investor being on the asset's page);
- `notice` on the caller's channel: a "Notify me" of theirs was answered (the notice as `GET /api/notifications/`
  lists it: the shell's bell reads its list again);
- `book`, `window`, `pricing`: the instrument's order book, trading window or pricing changed
  (channel `trading:market:{instrumentId}`; `data` as published);
- `subscribed` (`data: {}`): the stream is subscribed, after the open orders: a page reads what the stream does not
  carry on connect (positions, the book) from here on, so a change made before the stream listened (a settlement
  between the page's first read and the subscription) is not lost.

Authenticated as the flow streams are (the Bearer/JWT header); framed, kept alive and subscribed again after Redis
restarts as the flow streams are (api/sse.py)."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Query
from sqlalchemy import select
from sqlmodel import col

from api.deps import CurrentCaller, State
from api.openapi_docs import event_stream
from api.sse import Event, EventStream, channel_events, event_source
from api.trading import order_calls as C
from api.trading.order_schemas import order_out
from store.live import market_channel, user_channel
from store.models import Asset
from store.trading.orders import list_views
from workflows.trading import order_types as O

router = APIRouter(tags=["trading"])
log = logging.getLogger("vitrine.sse")
MARKET_EVENTS = ("book", "window", "pricing")
USER_EVENTS = ("window", "notice")  # on the caller's channel beside their orders
InstrumentId = Annotated[str | None, Query(max_length=64, pattern=r"^#?[A-Za-z0-9_-]+$")]


def sse(event: str, data: Any) -> Event:
    return {"event": event, "data": json.dumps(data, default=str, separators=(",", ":"))}


def _decode(message: dict[str, Any], account: str) -> tuple[str, Any] | None:
    """(event, data) of a published message, None for anything unreadable (skipped); `account`: the caller's
    financial account id, as their orders show it."""
    try:
        channel = message["channel"].decode() if isinstance(message["channel"], bytes) else str(message["channel"])
        payload = json.loads(message["data"])
        if channel.startswith("trading:user:"):  # the caller's orders, the windows their orders are matched in, notices
            if payload.get("type") in USER_EVENTS:
                return payload["type"], payload.get("data")
            return "order", order_out(payload, account).model_dump()
        kind = payload.get("type")
        return (kind, payload.get("data")) if kind in MARKET_EVENTS else None
    except (ValueError, KeyError, TypeError, AttributeError):
        log.warning("unreadable live message on %r", message.get("channel"))
        return None


async def _open_orders(state: State, user_id: int, instrument_id: str | None) -> tuple[str, list[dict[str, Any]]]:
    """The caller's financial account id and their open orders (of the instrument, if named)."""
    async with state.sessions() as db:
        account = await C.account_of(db, user_id)
        asset_id = None
        if instrument_id:
            asset_id = await db.scalar(select(col(Asset.id)).where(col(Asset.ticker) == f"#{instrument_id}"))
            if asset_id is None:
                return account, []
        views = await list_views(db, user_id, asset_id=asset_id, active=True)
    return account, [order_out(asdict(v), account).model_dump() for v in views]


@router.get("/api/trading/events", response_class=EventStream,
            responses=event_stream("`order` (an Order), `book`, `window`, `pricing`, `notice` (a Notice) events; "
                                   "`subscribed` once listening", ("order", *MARKET_EVENTS, "notice", "subscribed")))
async def trading_events(user: CurrentCaller, state: State, instrumentId: InstrumentId = None) -> EventStream:
    """Server-Sent Events: `order` (the caller's orders), `book` / `window` / `pricing` (the instrument's market),
    `notice` (a notice of the caller's); `subscribed` once listening (read anything else the page shows after it)."""
    instrument = O.instrument_id_of(instrumentId) if instrumentId else None
    channels = [user_channel(user.id)] + ([market_channel(instrument)] if instrument else [])
    account = ""

    async def opened() -> list[Event]:
        nonlocal account
        account, orders = await _open_orders(state, user.id, instrument)
        return [sse("order", order) for order in orders] + [sse("subscribed", {})]

    def received(message: dict[str, Any]) -> Event | None:
        decoded = _decode(message, account)
        return None if decoded is None else sse(*decoded)

    return event_source(channel_events(state.redis, channels, opened, received))
