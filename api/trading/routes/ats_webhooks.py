"""The ATS's signed webhooks (docs/ats.md "Webhooks"): the HMAC-SHA256 of the raw body under the sandbox's webhook
secret (forged → 401, nothing signalled), de-duplicated by event id (recorded only once every order concerned has
the `ats_event` signal: until then 503, so the ATS delivers it again; a replay of an applied event changes nothing).

- `order.*`: the order's workflow is named by its ATS idempotency key (`order-{order_id}`, the workflow id).
  `order.accepted` wakes no workflow (`ANSWERED_BY_PLACEMENT`): the order learns its acceptance from its own placement
  activity's answer, which it waits for (a retried placement is answered the same order on its idempotency key), and
  a fill in the same command has an `order.filled` / `order.partially_filled` event of its own.
- `execution.*`: each of Vitrine's sides (not `external`) names an ATS order id → the Vitrine order (the projection's
  `ats_order_id`, else the ATS order's idempotency key, read from the ATS).
- `window.*`: fanned out to the instrument's live pages (`store/live.publish_market`, SSE `window`) and to the
  streams of the investors with an order matched in that window (the shell's confirm-trade popup).
- `market.changed`: another participant's order moved the book (or traded): the instrument's pages read it afresh
  (SSE `book`, and `pricing` after a trade), as after Vitrine's own order events."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Request
from redis.exceptions import RedisError

from api.deps import Db, State
from api.errors import ApiError
from api.routes.webhooks import NOT_DELIVERED, applied, applied_before, signal, verified
from api.state import AppState
from api.trading import market_refresher
from api.trading.market_data import market_changed
from api.trading.order_checks import ats
from api.trading.order_schemas import WebhookAck
from clients.ats import AtsUnavailable
from clients.http import ProviderRejected
from store.live import publish_market, publish_window_to_users
from store.trading import market_quote
from store.trading.orders import order_of_ats_id, users_in_window
from workflows.trading import order_types as O

router = APIRouter(tags=["webhooks"])
# events the order workflow always has from its own activity's answer: applied without a signal (one signal, one
# workflow task and one worker activation fewer per placed order) and without de-duplication (the book's refresh is
# all they do: no database read or write per placed order)
ANSWERED_BY_PLACEMENT = frozenset({"order.accepted"})
log = logging.getLogger("vitrine.webhooks")


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _workflow_of_key(key: Any) -> str | None:
    return key if isinstance(key, str) and key.startswith("order-") and len(key) <= 100 else None


async def _workflow_of_ats_order(state: State, db: Db, ats_order_id: str, account_id: Any) -> str:
    """The order workflow of an ATS order of Vitrine's: from the projection, else from the ATS order's idempotency
    key (a webhook may come before the workflow recorded the ATS id). Unknown yet → 503 (delivered again)."""
    found = await order_of_ats_id(db, ats_order_id)
    if found is not None:
        return O.workflow_id(found[0])
    if isinstance(account_id, str) and O.user_of_account(account_id) is not None:
        try:
            order = await ats(state).get_order(account_id, ats_order_id)
        except (AtsUnavailable, ProviderRejected):
            order = {}
        workflow = _workflow_of_key(_dict(order.get("data")).get("idempotencyKey"))
        if workflow is not None:
            return workflow
    log.warning("ATS webhook: no Vitrine order for ATS order %s (yet)", ats_order_id)
    raise ApiError(503, NOT_DELIVERED)


async def _targets(state: State, db: Db, topic: str, data: dict[str, Any]) -> list[str]:
    """The order workflows this event is about."""
    if topic.startswith("order."):
        workflow = _workflow_of_key(data.get("idempotencyKey"))
        if workflow is None and isinstance(data.get("id"), str):
            workflow = await _workflow_of_ats_order(state, db, data["id"], _dict(data.get("financialAccount")).get("id"))
        return [workflow] if workflow else []
    out: list[str] = []
    for role in ("buyer", "seller"):
        side = _dict(data.get(role))
        if side.get("external") is False and isinstance(side.get("orderId"), str):
            workflow = await _workflow_of_ats_order(state, db, side["orderId"], side.get("accountId"))
            if workflow not in out:
                out.append(workflow)
    return out


async def _refresh_market(state: AppState, instrument: str, *, pricing: bool) -> None:
    """The prevalidation's copy of the instrument is old at once (store/trading/market_quote.py: the next create reads the
    ATS); its pages read its book (and pricing) afresh in the background: a burst of events, one read."""
    await market_quote.invalidate(state.redis, instrument)
    state.background.request(f"market:{instrument}:{'pricing' if pricing else 'book'}",
                             lambda: market_changed(state, instrument, pricing=pricing))


@router.post("/api/webhooks/ats/", response_model=WebhookAck)
async def ats_webhook(request: Request, state: State, db: Db) -> WebhookAck:
    event = await verified(request, state)
    topic, data = str(event["topic"]), _dict(event.get("data"))
    if topic in ANSWERED_BY_PLACEMENT:  # only the book moved: applying it twice is harmless, so no de-duplication
        instrument = data.get("financialInstrumentId")  # (no database at all)
        if isinstance(instrument, str):
            await _refresh_market(state, instrument, pricing=False)
        return WebhookAck(status="applied")
    if await applied_before(db, event):
        return WebhookAck(status="duplicate")
    if topic.startswith("window."):
        instrument = data.get("instrument_id")
        if isinstance(instrument, str):
            investors = await users_in_window(db, str(data.get("id", "")), instrument)
            await market_quote.invalidate(state.redis, instrument)  # the market's status may have changed
            market_refresher.due_now(state)  # the catalogue's copy of the market too, now (not at the next pass)
            try:
                await publish_market(state.redis, instrument, "window", data)
                await publish_window_to_users(state.redis, investors, data)
            except RedisError:
                raise ApiError(503, NOT_DELIVERED) from None
        await applied(db, event)
        return WebhookAck(status="applied")
    if topic == "market.changed":  # another participant moved the book (or traded): the pages read it afresh
        if isinstance(instrument := data.get("financialInstrumentId"), str):
            await _refresh_market(state, instrument, pricing=bool(data.get("traded")))
        await applied(db, event)
        return WebhookAck(status="applied")
    if not topic.startswith(("order.", "execution.")):
        await applied(db, event)
        return WebhookAck(status="ignored")
    targets = await _targets(state, db, topic, data)
    if targets:
        client = await state.temporal()
        nudge = O.AtsEvent(str(event["id"]), topic, data)
        sent = await asyncio.gather(*(signal(client, workflow, O.ATS_EVENT, nudge) for workflow in targets),
                                    return_exceptions=True)  # both sides at once; one not delivered → 503, sent again
        if failures := [x for x in sent if isinstance(x, BaseException)]:
            raise failures[0]
    if isinstance(instrument := data.get("financialInstrumentId"), str):  # the book (and pricing) moved
        await _refresh_market(state, instrument, pricing=topic.startswith("execution."))
    await applied(db, event)
    return WebhookAck(status="applied" if targets else "ignored")
