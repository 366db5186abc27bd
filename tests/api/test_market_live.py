"""Everything on screen live (issue 20 item 3): an order of another participant at the ATS (the demo market maker, another
broker's investor) — which Vitrine hears of only through the ATS's signed `market.changed` webhook — reaches an open
trading stream as the instrument's fresh book; a window entering CONFIRMATION reaches the shell's stream of an
investor matched in it (the confirm-trade popup), on whatever page they are."""

from __future__ import annotations

import uuid

import httpx
from sqlalchemy import update
from sqlmodel import col

from api.state import AppState
from store.trading.models import TradingOrder
from tests.api.test_ats_webhook import URL, signed
from tests.api.test_orders import order_body, placed
from tests.api.test_trading_events import stream, until
from tests.conftest import Providers
from tests.flows.investors import funded_investor
from tests.flows.test_place_order import trading_asset

MAKER = {"grant_type": "client_credentials", "client_id": "market-maker", "client_secret": "market-maker-secret"}


async def test_another_participants_order_moves_an_open_streams_book(api: httpx.AsyncClient, app_state: AppState,
                                                                     providers: Providers, served_api: str) -> None:
    asset = await trading_asset(app_state, providers)
    iid = asset.ticker.lstrip("#")
    investor = await funded_investor(api, app_state)
    async with stream(served_api, investor["headers"], iid) as events:
        await until(events, "subscribed")
        async with httpx.AsyncClient(base_url=providers.url) as ats:
            token = (await ats.post("/sandbox/ats/oauth/token", data=MAKER)).json()["access_token"]
            body = {"financialInstrumentId": iid, "type": "LIMIT", "term": "GOOD_TIL_CANCELED", "context": "ASK",
                    "units": 3, "unitPrice": "12.35", "disclosureReadAndAgreedTo": True}
            r = await ats.post("/sandbox/ats/financial-accounts/maker-1/orders", json=body,
                               headers={"Authorization": f"Bearer {token}", "Idempotency-Key": uuid.uuid4().hex})
            assert r.status_code == 201, r.text
        book = await until(events, "book", lambda d: d.get("askLow") == "12.35")
        assert any(level["price"] == "12.35" and level["units"] == 3 for level in book["asks"]), book


async def test_confirmation_reaches_the_shell_stream_of_an_investor_matched_in_the_window(
        api: httpx.AsyncClient, app_state: AppState, providers: Providers, served_api: str) -> None:
    asset = await trading_asset(app_state, providers)
    iid = asset.ticker.lstrip("#")
    investor = await funded_investor(api, app_state)
    order = await placed(api, investor, order_body(asset.ticker, "bid", 1, "9.00"))
    window_id = f"W-{iid}-test-{uuid.uuid4().hex[:6]}"
    async with app_state.sessions() as db:  # as the order's record says once it is matched in that window
        await db.execute(update(TradingOrder).where(col(TradingOrder.order_id) == order["id"]).values(window_id=window_id))
        await db.commit()
    await assert_confirmation_reaches_the_shell(api, app_state, served_api, investor["headers"], iid, window_id)


async def test_confirmation_reaches_an_investor_whose_match_is_not_recorded_yet(
        api: httpx.AsyncClient, app_state: AppState, providers: Providers, served_api: str) -> None:
    """The window moved into CONFIRMATION before the execution's webhook reached the order (its record names no window
    yet): the investor with the open order on that instrument still hears of it, so the popup opens."""
    asset = await trading_asset(app_state, providers)
    iid = asset.ticker.lstrip("#")
    investor = await funded_investor(api, app_state)
    order = await placed(api, investor, order_body(asset.ticker, "bid", 1, "9.00"))
    async with app_state.sessions() as db:
        record = await db.get(TradingOrder, order["id"])
        assert record is not None and record.window_id is None  # nothing matched it
    window_id = f"W-{iid}-test-{uuid.uuid4().hex[:6]}"
    await assert_confirmation_reaches_the_shell(api, app_state, served_api, investor["headers"], iid, window_id)


async def assert_confirmation_reaches_the_shell(api: httpx.AsyncClient, app_state: AppState, served_api: str,
                                                investor: dict[str, str], iid: str, window_id: str) -> None:
    """The ATS says the window entered CONFIRMATION; the investor's shell stream (their own channel, no instrument of
    this asset named) hears of it."""
    async with stream(served_api, investor, "ELSEWHERE") as events:
        await until(events, "subscribed")
        event = {"id": f"evt_{uuid.uuid4().hex}", "topic": "window.confirmation", "created": "2026-11-27T12:00:00Z",
                 "data": {"id": window_id, "instrument_id": iid, "status": "CONFIRMATION"}}
        body, headers = signed(app_state.settings.webhook_secret, event)
        r = await api.post(URL, content=body, headers=headers)
        assert r.status_code == 200, r.text
        window = await until(events, "window", lambda d: d.get("id") == window_id)
        assert window["status"] == "CONFIRMATION"
