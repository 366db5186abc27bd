"""The order entry wizard (place-order) on the real stack: the flow API, the worker, PostgreSQL, the ATS sandbox over
HTTP and the order workflow. What an investor notices: the select screen's numbers and the spec's messages, the
summary's result and transaction id, cash and shares held for the order, an edit through the wizard."""

from __future__ import annotations

import uuid
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import update
from sqlmodel import col

from api.state import AppState
from clients.http import tls_context
from domain import ledger as L
from domain.trading import order_rules as R
from domain.trading import order_wizard as W
from store.ledger import balance, post
from store.models import Asset, Email
from tests.api.accounts import signup
from tests.conftest import Providers
from tests.error_shape import field_errors, first_message
from tests.flows.driver import Flow
from tests.flows.investors import funded_investor, offering
from tests.waiting import eventually, within_deadline
from tests.workflows.histories import record

LONG_AGO = date.today() - timedelta(days=60)


async def trading_asset(state: AppState, providers: Providers, last_close: str = "10.00") -> Asset:
    """A Trading asset in Vitrine and its instrument at the ATS, whose last close is `last_close`."""
    asset = await offering(state, shares=1000, value="10000.00", status="Trading")
    body = {"id": asset.ticker.lstrip("#"), "symbol": asset.ticker, "name": asset.display_name, "status": "TRADING",
            "issuePrice": "10.00", "unitsOutstanding": 1000,
            "history": [{"date": (date.today() - timedelta(days=2)).isoformat(), "close": last_close}]}
    async with httpx.AsyncClient(base_url=providers.url, verify=tls_context()) as http:
        r = await http.post("/sandbox/ats/instruments", json=body,
                            headers={"X-Provider-Key": providers.settings.api_key})
        assert r.status_code == 200, r.text
    return asset


async def give_shares(state: AppState, user_id: int, asset_id: int, units: int, day: date = LONG_AGO) -> None:
    async with state.sessions() as db:
        await post(db, f"test-shares-{user_id}-{asset_id}-{uuid.uuid4().hex[:6]}", "test-shares", [],
                   shares=L.offering_shares(user_id, asset_id, units, day))
        await db.commit()


class Wizard(Flow):
    def __init__(self, api: httpx.AsyncClient, user: dict[str, Any], asset_id: int, side: str = "BID",
                 order_id: str = "") -> None:
        start: dict[str, Any] = {"asset_id": asset_id, "side": side}
        if order_id:
            start["order_id"] = order_id
        super().__init__(api, user["headers"], "place-order", start)

    async def to_select(self) -> dict[str, Any]:
        await self.open()
        for _ in range(4):
            if self.state["step"] == "select-bid":
                break
            await self.ok({})
        assert self.state["step"] == "select-bid", self.state
        return self.state

    async def place(self, fields: dict[str, Any]) -> dict[str, Any]:
        """select → review → placing → summary."""
        await self.ok(fields)
        assert self.state["step"] == "review", self.state
        return await self.ok({})


async def finished(api_state: AppState, flow_id: str, fixture: str) -> None:
    """Waits for the wizard's workflow to end and records its history as a replay fixture (when recording)."""
    handle = (await api_state.temporal()).get_workflow_handle(flow_id)
    await within_deadline(handle.result(), what=f"the end of {flow_id}")
    await record(handle, fixture)


async def held_cash(state: AppState, user_id: int, order_id: str) -> Decimal:
    async with state.sessions() as db:
        return await balance(db, L.held(user_id, order_id))


async def test_bid_from_start_to_summary(api: httpx.AsyncClient, app_state: AppState, providers: Providers) -> None:
    asset = await trading_asset(app_state, providers)
    user = await funded_investor(api, app_state, cash="100.00")
    wiz = Wizard(api, user, asset.id)
    state = await wiz.open()
    assert state["step"] == "intro" and "dwolla-tos" in wiz.skipped()
    assert {"name-phone-info", "ssn", "connect-bank"} <= wiz.skipped()  # the passport applies: no profile steps
    await wiz.ok({})
    assert wiz.state["step"] == "investing-passport"
    ctx = (await wiz.ok({}))["context"]
    assert wiz.state["step"] == "select-bid"
    assert ctx["available_cash"] == "100.00" and ctx["side"] == "BID" and ctx["max_units"] == 1000
    assert ctx["default_price"] == "10.00" and ctx["last_traded_price"] == "10.00"
    assert ctx["messages"]["funds"] == R.FUNDS_MESSAGE
    assert wiz.state["values"]["units"] == 1 and wiz.state["values"]["unitPrice"] == "10.00"

    await wiz.ok({"orderType": "LIMIT", "units": 3, "unitPrice": "9.95"})
    review = wiz.state["context"]
    assert wiz.state["step"] == "review" and review["estimated_cost"] == "29.85" and review["fee"] == "0.00"
    assert review["loader"] == "Searching for a match..."
    summary = (await wiz.ok({}))["context"]
    assert wiz.state["step"] == "summary", wiz.state
    assert summary["transaction_id"] == summary["order_id"][:8] and summary["fee"] == "0.00"
    assert summary["result"] in ("no-match", "matched", "partially-matched", "queued")
    if summary["status"] in ("SUBMITTED",):
        assert summary["title"] == "no matches yet!"
    assert summary["estimated_cost"] == "29.85"
    assert await held_cash(app_state, int(user["user_id"]), summary["order_id"]) == Decimal("29.85")
    assert (await wiz.post("back"))["step"] == "summary"  # placed: no way back
    done = await wiz.ok({})
    assert done["status"] == "completed" and done["result"]["redirect"] == "/app/investments"
    await finished(app_state, done["flow_id"], "PlaceOrder--bid-placed")


async def test_select_refuses_a_bid_the_cash_does_not_cover(api: httpx.AsyncClient, app_state: AppState,
                                                            providers: Providers) -> None:
    asset = await trading_asset(app_state, providers)
    user = await funded_investor(api, app_state, cash="20.00")
    wiz = Wizard(api, user, asset.id)
    await wiz.to_select()
    r = await wiz.submit({"orderType": "LIMIT", "units": 3, "unitPrice": "10.00"})
    assert r.status_code == 422, r.text
    body = r.json()
    assert field_errors(body) == {"unitPrice": R.FUNDS_MESSAGE}
    assert wiz.state["step"] == "select-bid"
    r = await wiz.submit({"orderType": "LIMIT", "units": 2, "unitPrice": "10.03"})
    assert r.status_code == 422 and field_errors(r.json())["unitPrice"] == R.off_tick_message(Decimal("10.03"))
    r = await wiz.submit({"orderType": "INSTANT"})
    assert r.status_code == 422 and first_message(r.json()) == R.INSTANT_BUY_UNAVAILABLE_MESSAGE  # no ask rests


async def test_ask_below_the_band_is_refused_then_placed(api: httpx.AsyncClient, app_state: AppState,
                                                         providers: Providers) -> None:
    asset = await trading_asset(app_state, providers, last_close="10.00")
    user = await funded_investor(api, app_state, cash="0")
    uid = int(user["user_id"])
    await give_shares(app_state, uid, asset.id, 5)
    await give_shares(app_state, uid, asset.id, 2, date.today())  # too recent to sell
    wiz = Wizard(api, user, asset.id, "ASK")
    ctx = (await wiz.to_select())["context"]
    assert ctx["side"] == "ASK" and ctx["shares_owned"] == 7 and ctx["available_to_sell"] == 5
    assert ctx["max_units"] == 5 and ctx["instant_available"] is False
    r = await wiz.submit({"orderType": "LIMIT", "units": 2, "unitPrice": "6.95"})
    assert r.status_code == 422 and field_errors(r.json())["unitPrice"] == R.PRICE_OUT_OF_BOUNDS_MESSAGE
    r = await wiz.submit({"orderType": "LIMIT", "units": 6, "unitPrice": "10.00"})
    assert r.status_code == 422 and field_errors(r.json())["units"] == R.inalienable_message(5)
    summary = (await wiz.place({"orderType": "LIMIT", "units": 2, "unitPrice": "7.00"}))["context"]
    assert wiz.state["step"] == "summary", wiz.state
    assert summary["side"] == "ASK" and summary["units"] == 2 and summary["unit_price"] == "7.00"
    async with app_state.sessions() as db:
        from store.ledger import share_balance
        assert await share_balance(db, L.held(uid, summary["order_id"]), asset.id) == 2
    await wiz.ok({})
    await finished(app_state, wiz.state["flow_id"], "PlaceOrder--ask-placed")

    buyer = await funded_investor(api, app_state, cash="50.00")  # the ask rests in the book
    ctx = (await Wizard(api, buyer, asset.id).to_select())["context"]
    assert ctx["lowest_ask"] == "7.00" and ctx["instant_available"] is ctx["live"]  # instant only while live


async def test_edit_through_the_wizard(api: httpx.AsyncClient, app_state: AppState, providers: Providers) -> None:
    asset = await trading_asset(app_state, providers)
    user = await funded_investor(api, app_state, cash="100.00")
    uid = int(user["user_id"])
    wiz = Wizard(api, user, asset.id)
    await wiz.to_select()
    placed = (await wiz.place({"orderType": "LIMIT", "units": 4, "unitPrice": "5.00"}))["context"]
    order_id = placed["order_id"]
    await wiz.ok({})
    assert await held_cash(app_state, uid, order_id) == Decimal("20.00")

    edit = Wizard(api, user, asset.id, order_id=order_id)
    ctx = (await edit.to_select())["context"]
    assert ctx["editing"] is True and ctx["instant_available"] is False
    assert edit.state["values"]["units"] == 4 and edit.state["values"]["unitPrice"] == "5.00"
    assert ctx["available_cash"] == "100.00"  # its own hold counts for the edit
    r = await edit.submit({"orderType": "LIMIT", "units": 20, "unitPrice": "5.05"})
    assert r.status_code == 422 and field_errors(r.json()) == {"unitPrice": R.FUNDS_MESSAGE}
    summary = (await edit.place({"orderType": "LIMIT", "units": 6, "unitPrice": "5.00"}))["context"]
    assert edit.state["step"] == "summary", edit.state
    assert summary["order_id"] == order_id and summary["units"] == 6
    async def edit_held() -> Decimal:
        held = await held_cash(app_state, uid, order_id)
        assert held == Decimal("30.00"), f"held for the edited order: {held}"
        return held

    await eventually(edit_held)
    await edit.ok({})
    await finished(app_state, edit.state["flow_id"], "PlaceOrder--edit-placed")


async def test_a_hold_refused_at_placing_brings_the_investor_back_to_select(
        api: httpx.AsyncClient, app_state: AppState, providers: Providers) -> None:
    asset = await trading_asset(app_state, providers)
    user = await funded_investor(api, app_state, cash="100.00")
    uid = int(user["user_id"])
    wiz = Wizard(api, user, asset.id)
    await wiz.to_select()
    await wiz.ok({"orderType": "LIMIT", "units": 5, "unitPrice": "10.00"})
    assert wiz.state["step"] == "review"
    async with app_state.sessions() as db:  # the cash leaves between select and review: the hold has the last word
        await post(db, f"test-spend-{uid}", "test-funding", [(L.cash(uid), Decimal("-80.00")),
                                                             (L.ACH_SETTLED, Decimal("80.00"))])
        await db.commit()
    state = await wiz.ok({})
    assert state["step"] == "select-bid", state
    assert state["error"] == {"title": W.UNABLE_TITLE, "message": R.FUNDS_MESSAGE, "action": None}
    assert state["context"]["refusal"]["field"] == "unitPrice" and state["context"]["available_cash"] == "20.00"
    summary = (await wiz.place({"orderType": "LIMIT", "units": 2, "unitPrice": "10.00"}))["context"]
    assert wiz.state["step"] == "summary" and summary["units"] == 2
    assert await held_cash(app_state, uid, summary["order_id"]) == Decimal("20.00")
    await wiz.ok({})
    await finished(app_state, wiz.state["flow_id"], "PlaceOrder--hold-refused")


async def test_who_may_open_the_wizard(api: httpx.AsyncClient, app_state: AppState, providers: Providers) -> None:
    asset = await trading_asset(app_state, providers)
    user = await funded_investor(api, app_state)
    r = await api.post("/api/flows/place-order", headers=user["headers"], json={"asset_id": asset.id, "side": "X"})
    assert r.status_code == 422
    r = await api.post("/api/flows/place-order", headers=user["headers"],
                       json={"asset_id": asset.id, "side": "BID", "order_id": str(uuid.uuid4())})
    assert r.status_code == 404  # no such order (nor anybody else's)
    other = await signup(api)
    mine = await Wizard(api, user, asset.id).open()
    r = await api.get(f"/api/flows/place-order/{mine['flow_id']}", headers=other["headers"])
    assert r.status_code == 404
    async with app_state.sessions() as db:  # an unverified e-mail: the verify-email modal, nothing else
        await db.execute(update(Email).where(col(Email.user_id) == int(other["user_id"])).values(verified=False))
        await db.commit()
    blocked = await Wizard(api, other, asset.id).open()
    assert blocked["status"] == "failed" and blocked["error"]["title"] == W.VERIFY_EMAIL_TITLE
    await finished(app_state, blocked["flow_id"], "PlaceOrder--gate-failed")
    ioc = await offering(app_state)  # an asset still in its offering cannot be traded
    closed = await Wizard(api, user, ioc.id).open()
    assert closed["status"] == "failed" and closed["error"]["message"] == W.TRADING_CLOSED


async def test_an_investor_without_a_passport_fills_the_profile_steps_first(
        api: httpx.AsyncClient, app_state: AppState, providers: Providers) -> None:
    asset = await trading_asset(app_state, providers)
    user = await signup(api)
    uid = int(user["user_id"])
    async with app_state.sessions() as db:
        await db.execute(update(Email).where(col(Email.user_id) == uid).values(verified=True, primary=True))
        await db.commit()
    wiz = Wizard(api, user, asset.id)
    await wiz.open()
    assert wiz.state["step"] == "intro" and "dwolla-tos" in wiz.skipped()
    passed = await wiz.until("investing-passport")
    assert {"name-phone-info", "date-of-birth", "home-address", "ssn", "risk-profile", "connect-bank"} <= set(passed)
    assert "share-purchase-info" not in passed and "fund-account" not in passed  # the onboarding's own steps only
    async with app_state.sessions() as db:  # cash arrives before the select step reads it
        await post(db, f"test-cash-{uid}", "test-funding", [(L.cash(uid), Decimal("25.00")),
                                                            (L.ACH_SETTLED, Decimal("-25.00"))])
        await db.commit()
    assert (await wiz.ok({}))["context"]["available_cash"] == "25.00"
    summary = (await wiz.place({"orderType": "LIMIT", "units": 2, "unitPrice": "12.50"}))["context"]
    assert wiz.state["step"] == "summary" and summary["estimated_cost"] == "25.00"
    await wiz.ok({})
    await finished(app_state, wiz.state["flow_id"], "PlaceOrder--profile-steps")
