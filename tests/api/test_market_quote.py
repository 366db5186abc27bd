"""The prevalidation's Redis copy of an instrument's market (store/trading/market_quote.py, issue 20 item 6): a create reads
it instead of calling the ATS twice, yet an instant buy prices at the lowest ask the ATS has now — another
participant's ask (heard of only through the signed `market.changed` webhook) makes the copy old, and the next
create prices at the new ask; a copy read before a change is never kept."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from temporalio.client import Client

from api.state import AppState
from config import Settings
from store.trading import market_quote as Q
from tests.api.apps import api_with, client, random_address
from tests.api.test_ats_webhook import URL, signed
from tests.api.test_market_live import MAKER
from tests.api.test_orders import create, order_body, orders_url, prevalidate
from tests.conftest import Providers
from tests.flows.investors import funded_investor
from tests.flows.test_place_order import trading_asset
from tests.waiting import eventually


async def _maker_ask(providers: Providers, iid: str, price: str) -> None:
    async with httpx.AsyncClient(base_url=providers.url) as ats:
        token = (await ats.post("/sandbox/ats/oauth/token", data=MAKER)).json()["access_token"]
        body = {"financialInstrumentId": iid, "type": "LIMIT", "term": "GOOD_TIL_CANCELED", "context": "ASK",
                "units": 3, "unitPrice": price, "disclosureReadAndAgreedTo": True}
        r = await ats.post("/sandbox/ats/financial-accounts/maker-1/orders", json=body,
                           headers={"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex})
        assert r.status_code == 201, r.text


async def test_an_instant_buy_prices_at_the_ask_the_ats_has_now(api: httpx.AsyncClient, app_state: AppState,
                                                                providers: Providers, served_api: str,
                                                                settings: Settings, temporal_client: Client) -> None:
    asset = await trading_asset(app_state, providers)
    investor = await funded_investor(api, app_state, cash="1000.00")
    # a copy trusted for an hour: only the webhook can make it old within the test
    async with api_with(settings, temporal_client, market_quote_seconds=3600) as state, \
            client(state, random_address()) as trader:
        await _instant_buys(trader, app_state, providers, investor, asset.ticker)


async def _instant_buys(api: httpx.AsyncClient, app_state: AppState, providers: Providers, investor: dict[str, Any],
                        ticker: str) -> None:
    iid = ticker.lstrip("#")
    instant = order_body(ticker, "bid", kind="INSTANT")

    async def kept() -> bool:  # no ask yet: the copy is kept with none — once no webhook about the instrument (its
        # setup's, still being delivered) lands between the prevalidation's read and its save: such a copy is not kept
        first = await prevalidate(api, investor, instant)
        assert first["code"] == "INSTANT_BUY_UNAVAILABLE", first
        return await Q.load(app_state.redis, iid) is not None

    await eventually(kept)

    await _maker_ask(providers, iid, "12.35")  # the ATS tells Vitrine by its market.changed webhook

    async def valid() -> dict[str, Any] | None:
        answer = await prevalidate(api, investor, instant)
        return answer if answer["valid"] else None

    await eventually(valid)
    await _maker_ask(providers, iid, "12.10")  # a lower ask: the next instant buy is priced at it

    async def priced_at_the_new_ask() -> str | None:
        r = await create(api, investor, instant)
        assert r.status_code == 201, r.text
        order = await api.get(orders_url(investor, f"/{r.json()['data']['id']}"), headers=investor["headers"])
        price = str(order.json()["data"]["pricing"]["order"])
        return price if price == "12.10" else None

    assert await eventually(priced_at_the_new_ask) == "12.10"


async def test_a_copy_read_before_a_change_is_never_kept(app_state: AppState) -> None:
    redis, iid = app_state.redis, f"Q{uuid.uuid4().hex[:6]}"
    inst = {"status": "TRADING", "markets": {"secondaryMarket": {"status": "open"}}, "orderBook": {"askLow": "9.00"},
            "name": "not kept"}
    gen = await Q.generation(redis, iid)
    await Q.save(redis, iid, gen, inst, {"current": "9.00"}, 30)
    kept = await Q.load(redis, iid)
    assert kept is not None and kept.instrument["orderBook"] == {"askLow": "9.00"} and "name" not in kept.instrument
    await Q.invalidate(redis, iid)  # the book changed: the copy is old
    assert await Q.load(redis, iid) is None
    raced = await Q.generation(redis, iid)
    await Q.invalidate(redis, iid)  # changed again while that read was in flight
    await Q.save(redis, iid, raced, inst, {}, 30)
    assert await Q.load(redis, iid) is None
    await Q.save(redis, iid, await Q.generation(redis, iid), inst, {}, 0)  # no copy kept when switched off
    assert await Q.load(redis, iid) is None


async def test_book_and_window_webhooks_make_the_copy_old_before_they_are_answered(api: httpx.AsyncClient,
                                                                                   app_state: AppState) -> None:
    """The ATS's answer to a webhook comes after the copy is old: a create after it reads the ATS afresh."""
    iid = f"Q{uuid.uuid4().hex[:6].upper()}"  # an instrument of its own: no other webhook touches its copy
    inst = {"status": "TRADING", "markets": {"secondaryMarket": {"status": "open"}}, "orderBook": {"askLow": "9.00"}}
    events = [("market.changed", {"financialInstrumentId": iid, "traded": False}),
              ("market.changed", {"financialInstrumentId": iid, "traded": True}),
              ("window.confirmation", {"id": f"W-{iid}-1", "instrument_id": iid, "status": "CONFIRMATION"})]
    for topic, data in events:
        await Q.save(app_state.redis, iid, await Q.generation(app_state.redis, iid), inst, {}, 3600)
        assert await Q.load(app_state.redis, iid) is not None
        event = {"id": f"evt_{uuid.uuid4().hex}", "topic": topic, "created": "2026-11-27T12:00:00Z", "data": data}
        body, headers = signed(app_state.settings.webhook_secret, event)
        r = await api.post(URL, content=body, headers=headers)
        assert r.status_code == 200, r.text
        assert await Q.load(app_state.redis, iid) is None, topic
