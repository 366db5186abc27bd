"""The order calls on the real stack (api, worker, PostgreSQL, the ATS sandbox over HTTP): every prevalidation code
with the spec's exact message (domain/trading/order_rules.py), the create refusing the same way and starting nothing, the
account and order ids of another investor or malformed ones not found, and the order's life through the api:
create (twice with one key: one order), submit, list, read, edit, cancel and their refusals, positions."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal
from typing import Any

import httpx
from sqlalchemy import update
from sqlmodel import col
from temporalio.client import Client
from temporalio.service import RPCError

from api.state import AppState
from config import Settings
from domain.purchase import SHARES_MIN
from domain.trading import order_rules as R
from domain.trading import order_wizard as W
from store.models import Customer, Email, User
from store.positions import positions
from store.trading.ledger import HoldRequest, hold
from tests.api.accounts import PASSWORD
from tests.api.accounts import account_id as acct
from tests.api.apps import api_with, client
from tests.conftest import Providers
from tests.flows.investors import funded_investor
from tests.flows.test_place_order import give_shares, trading_asset
from tests.waiting import DEADLINE, eventually
from workflows.trading import order_types as O


def order_body(asset_ticker: str, context: str = "bid", units: Any = 1, price: Any = "10.00",
               kind: str = "LIMIT") -> dict[str, Any]:
    return {"financialInstrumentId": asset_ticker.lstrip("#"), "type": kind, "term": "GOOD_TIL_CANCELED",
            "context": context, "units": units, "unitPrice": price, "disclosureReadAndAgreedTo": True}


async def prevalidate(api: httpx.AsyncClient, user: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    r = await api.post(f"/api/financial-accounts/{acct(user)}/orders/prevalidate", json=body, headers=user["headers"])
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


async def create(api: httpx.AsyncClient, user: dict[str, Any], body: dict[str, Any],
                 key: str | None = None) -> httpx.Response:
    headers = {**user["headers"], "Idempotency-Key": key or uuid.uuid4().hex}
    return await api.post(f"/api/financial-accounts/{acct(user)}/orders", json=body, headers=headers)


async def assert_refused_alike(api: httpx.AsyncClient, temporal: Client, user: dict[str, Any], body: dict[str, Any],
                               code: str, message: str, available: int | None = None) -> None:
    """The prevalidation answers 200 invalid with the code and message; the create refuses with 422 the same and
    starts no order."""
    answer = await prevalidate(api, user, body)
    assert (answer["valid"], answer["code"], answer["message"]) == (False, code, message), answer
    if available is not None:
        assert answer["context"]["unitsAvailable"] == available, answer
    key = uuid.uuid4().hex
    r = await create(api, user, body, key)
    assert r.status_code == 422, r.text
    assert r.json()["error_type"] == code and r.json()["errors"][0]["message"] == message, r.text
    order_id = O.order_id_for(int(user["user_id"]), key)
    try:
        await temporal.get_workflow_handle(O.workflow_id(order_id)).describe()
        raise AssertionError(f"a refused create started {order_id}")
    except RPCError:
        pass


async def test_every_prevalidation_code_with_its_message(api: httpx.AsyncClient, app_state: AppState,
                                                         providers: Providers, temporal_client: Client) -> None:
    asset = await trading_asset(app_state, providers, last_close="10.00")  # 1000 shares; last traded 10.00
    a = await funded_investor(api, app_state, cash="100.00")
    uid = int(a["user_id"])
    await give_shares(app_state, uid, asset.id, 5)                # aged: may be sold
    await give_shares(app_state, uid, asset.id, 3, date.today())  # bought today: held 5 business days
    t = asset.ticker
    ok = await prevalidate(api, a, order_body(t, "bid", 10, "10.00"))
    assert ok == {"valid": True, "code": None, "message": None, "field": None, "context": {"unitsAvailable": 10}}
    ok = await prevalidate(api, a, order_body(t, "ASK", 5, "7.00"))  # exactly 30% below: allowed
    assert ok["valid"] and ok["context"]["unitsAvailable"] == 5, ok

    cases: list[tuple[dict[str, Any], str, str, int | None]] = [
        (order_body(t, "bid", 11, "10.00"), R.INSUFFICIENT_FUNDS, R.FUNDS_MESSAGE, 10),
        (order_body(t, "bid", 1001, "0.05"), R.INVALID_UNITS, R.bid_units_message(1000), None),
        (order_body(t, "bid", 0, "10.00"), R.INVALID_UNITS, SHARES_MIN, None),
        (order_body(t, "bid", "2.5", "10.00"), R.INVALID_UNITS, SHARES_MIN, None),
        (order_body(t, "bid", 1, "10.07"), R.INVALID_UNIT_PRICE, R.off_tick_message(Decimal("10.07")), None),
        (order_body(t, "bid", 1, "0"), R.INVALID_UNIT_PRICE, R.PRICE_REQUIRED, None),
        (order_body(t, "bid", 1, "10.001"), R.INVALID_UNIT_PRICE, R.PRICE_DECIMALS, None),
        (order_body(t, "ask", 9, "10.00"), R.INSUFFICIENT_UNITS, R.units_message(5), 5),
        (order_body(t, "ask", 7, "10.00"), R.INALIENABLE_UNITS, R.inalienable_message(5), 5),
        (order_body(t, "ask", 1, "6.95"), R.UNIT_PRICE_OUT_OF_BOUNDS, R.PRICE_OUT_OF_BOUNDS_MESSAGE, 5),
        (order_body(t, "bid", kind="INSTANT"), R.INSTANT_BUY_UNAVAILABLE, R.INSTANT_BUY_UNAVAILABLE_MESSAGE, None),
    ]
    for body, code, message, available in cases:
        await assert_refused_alike(api, temporal_client, a, body, code, message, available)

    # an open bid of the investor's on this asset (its hold taken): an ask is cross trading
    async with app_state.sessions() as db:
        assert await hold(db, HoldRequest(f"test-{uuid.uuid4()}", uid, asset.id, "BID", 1, Decimal("5.00")))
        await db.commit()
    await assert_refused_alike(api, temporal_client, a, order_body(t, "ask", 1, "10.00"), R.CROSS_TRADING_PROHIBITED,
                               R.CROSS_TRADING_MESSAGE)

    # the gates: verified e-mail, a state where trading is available, a payment customer in good standing
    b = await funded_investor(api, app_state)
    ub = int(b["user_id"])
    async with app_state.sessions() as db:
        await db.execute(update(Email).where(col(Email.user_id) == ub).values(verified=False))
        await db.commit()
    await assert_refused_alike(api, temporal_client, b, order_body(t), R.EMAIL_NOT_VERIFIED,
                               R.VERIFY_EMAIL.format(email=b["email"]))
    async with app_state.sessions() as db:
        await db.execute(update(Email).where(col(Email.user_id) == ub).values(verified=True))
        await db.execute(update(User).where(col(User.id) == ub).values(state="TX"))
        await db.commit()
    await assert_refused_alike(api, temporal_client, b, order_body(t), R.FINANCIAL_ACCOUNT_RESTRICTED, R.STATE_BLOCKED)
    async with app_state.sessions() as db:
        await db.execute(update(User).where(col(User.id) == ub).values(state="CA"))
        await db.execute(update(Customer).where(col(Customer.user_id) == ub).values(status="suspended"))
        await db.commit()
    answer = await prevalidate(api, b, order_body(t))
    assert (answer["valid"], answer["code"]) == (False, R.FINANCIAL_ACCOUNT_RESTRICTED), answer
    assert "locked" in answer["message"], answer


async def test_bad_requests_and_other_accounts(api: httpx.AsyncClient, app_state: AppState,
                                               providers: Providers) -> None:
    asset = await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state)
    b = await funded_investor(api, app_state)
    h, body = a["headers"], order_body(asset.ticker)
    # another investor's account, the ATS's own key of the caller's (no id of the api), and account ids that are no
    # account: not found, never a server error
    mine = int(acct(a))
    for account in (acct(b), f"acct-{a['user_id']}", "acct-0", "acct-99999999999", "acct-x", "x", "acct--1", "%20",
                    "0", "-1", f"0{mine}", f"{mine}.0", f"+{mine}", str(mine + 2**32), "99999999999", "2147483648",
                    "١٢"):
        for method, tail in (("POST", "/orders/prevalidate"), ("POST", "/orders"), ("GET", "/orders"),
                             ("GET", "/positions"), ("GET", f"/orders/{uuid.uuid4()}")):
            r = await api.request(method, f"/api/financial-accounts/{account}{tail}", json=body,
                                  headers={**h, "Idempotency-Key": "k"})
            assert r.status_code == 404, (method, account, tail, r.status_code, r.text)
    # malformed order ids: not found
    for order_id in ("nope", "1", "00000000-0000-0000-0000-00000000000g", str(uuid.uuid4())):
        for method, tail in (("GET", ""), ("DELETE", ""), ("POST", "/submit"), ("PUT", "")):
            r = await api.request(method, f"/api/financial-accounts/{acct(a)}/orders/{order_id}{tail}",
                                  json={"units": 1, "unitPrice": "10.00"}, headers={**h, "Idempotency-Key": "k"})
            assert r.status_code == 404, (method, order_id, tail, r.status_code, r.text)
        r = await api.post(f"/api/trading/orders/{order_id}/confirm/", headers=h)
        assert r.status_code == 404, r.text
    # the create needs an Idempotency-Key
    r = await api.post(f"/api/financial-accounts/{acct(a)}/orders", json=body, headers=h)
    assert r.status_code == 400 and r.json()["error_type"] == "IDEMPOTENCY_KEY_REQUIRED", r.text
    # bad bodies: 4xx with a message
    for bad in ({**body, "context": "hold"}, {**body, "type": "MARKET"}, {**body, "term": "FOREVER"},
                {**body, "financialInstrumentId": "NOPE404"}, {**body, "units": {"x": 1}}, [1, 2], "text"):
        r = await api.post(f"/api/financial-accounts/{acct(a)}/orders/prevalidate", json=bad, headers=h)
        assert 400 <= r.status_code < 500 and r.json()["errors"][0]["message"], (bad, r.status_code, r.text)
    # no token: 401
    r = await api.get(f"/api/financial-accounts/{acct(a)}/orders")
    assert r.status_code == 401


async def test_the_spec_path_from_login_to_a_listed_order(api: httpx.AsyncClient, app_state: AppState,
                                                          providers: Providers) -> None:
    """Spec doc 1 §3 and doc 3 §7 word for word: log in, read the user, take `customer.accounts[0].id` (the first
    account's id is the financial account id), prevalidate and create an order on
    `/api/financial-accounts/{that id}/orders`, list it. Another investor's account id, or the ATS's own key of the
    caller's account, is not found."""
    asset = await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state)
    b = await funded_investor(api, app_state)
    login = await api.post("/api/v3/auth/login/", json={"email": a["email"], "password": PASSWORD})
    assert login.status_code == 200, login.text
    headers = {"Authorization": f"JWT {login.json()['token']}"}
    me = await api.get(f"/api/users/{login.json()['user_id']}", headers=headers)
    assert me.status_code == 200, me.text
    account = me.json()["customer"]["accounts"][0]["id"]
    orders = f"/api/financial-accounts/{account}/orders"
    body = order_body(asset.ticker, "bid", 2, "9.00")
    r = await api.post(f"{orders}/prevalidate", json=body, headers=headers)
    assert r.status_code == 200 and r.json()["valid"] is True, r.text
    r = await api.post(orders, json=body, headers={**headers, "Idempotency-Key": uuid.uuid4().hex})
    assert r.status_code == 201, r.text
    order_id = r.json()["data"]["id"]

    async def listed() -> dict[str, Any] | None:
        r = await api.get(orders, headers=headers)
        assert r.status_code == 200, r.text
        return next((o for o in r.json()["data"] if o["id"] == order_id), None)

    order = await eventually(listed)
    assert (order["financialAccount"]["id"], order["units"]["requested"], order["side"]) == (str(account), 2, "BID")
    r = await api.get(f"{orders}/{order_id}", headers=headers)
    assert r.status_code == 200 and r.json()["data"]["financialAccount"]["id"] == str(account), r.text

    theirs = (await api.get(f"/api/users/{b['user_id']}", headers=b["headers"])).json()["customer"]["accounts"][0]["id"]
    assert theirs != account
    for other in (theirs, f"acct-{a['user_id']}"):
        base = f"/api/financial-accounts/{other}"
        for method, url in (("POST", f"{base}/orders/prevalidate"), ("POST", f"{base}/orders"), ("GET", f"{base}/orders"),
                            ("GET", f"{base}/orders/{order_id}"), ("GET", f"{base}/positions")):
            r = await api.request(method, url, json=body, headers={**headers, "Idempotency-Key": uuid.uuid4().hex})
            assert r.status_code == 404, (method, url, r.text)
            assert r.json()["errors"][0]["message"] == "Financial account not found.", r.text


def orders_url(user: dict[str, Any], tail: str = "") -> str:
    return f"/api/financial-accounts/{acct(user)}/orders{tail}"


async def placed(api: httpx.AsyncClient, user: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    """Creates and submits an order; answers its Order once the ATS answered."""
    r = await create(api, user, body)
    assert r.status_code == 201, r.text
    s = await api.post(orders_url(user, f"/{r.json()['data']['id']}/submit"), headers=user["headers"])
    assert s.status_code == 200, s.text
    order: dict[str, Any] = s.json()["data"]
    return order


async def test_an_order_through_the_api(api: httpx.AsyncClient, app_state: AppState, providers: Providers,
                                        temporal_client: Client) -> None:
    asset = await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state, cash="1000.00")
    b = await funded_investor(api, app_state)
    h, body = a["headers"], order_body(asset.ticker, "bid", 2, "9.00")
    # the same Idempotency-Key twice: one order
    first = await create(api, a, body, "bid-1")
    again = await create(api, a, body, "bid-1")
    assert first.status_code == 201 and again.status_code == 200, (first.text, again.text)
    order_id = first.json()["data"]["id"]
    assert again.json()["data"]["id"] == order_id == O.order_id_for(int(a["user_id"]), "bid-1")
    s = await api.post(orders_url(a, f"/{order_id}/submit"), headers=h)
    assert s.status_code == 200, s.text
    order = s.json()["data"]
    assert order["status"] == "SUBMITTED" and order["units"] == {"requested": 2, "filled": 0, "unfilled": 2}, order
    assert order["financialAccount"]["id"] == acct(a) and order["taxonomy"]["context"] == "BID"
    assert order["financialInstrumentId"] == asset.ticker.lstrip("#") and order["pricing"]["unit"] == "9.00"
    r = await api.get(orders_url(a, f"/{order_id}"), headers=h)
    assert r.status_code == 200 and r.json()["data"]["id"] == order_id, r.text
    listed = await api.get(orders_url(a), params={"instrumentId": asset.ticker.lstrip("#")}, headers=h)
    assert [o["id"] for o in listed.json()["data"]] == [order_id], listed.text
    assert [o["id"] for o in (await api.get(orders_url(a), params={"active": "false"}, headers=h)).json()["data"]] == []

    # another investor: a's order is not found through any door, and stays as it was
    for method, url in (("GET", orders_url(b, f"/{order_id}")), ("DELETE", orders_url(b, f"/{order_id}")),
                        ("PUT", orders_url(b, f"/{order_id}")), ("POST", orders_url(b, f"/{order_id}/submit")),
                        ("POST", orders_url(b, f"/{order_id}/prevalidate")),
                        ("POST", f"/api/trading/orders/{order_id}/confirm/"),
                        ("DELETE", orders_url(a, f"/{order_id}")), ("GET", orders_url(a, f"/{order_id}"))):
        r = await api.request(method, url, json={"units": 1, "unitPrice": "9.00"},
                              headers={**b["headers"], "Idempotency-Key": "b-1"})
        assert r.status_code == 404, (method, url, r.status_code, r.text)
    assert (await api.get(orders_url(a, f"/{order_id}"), headers=h)).json()["data"]["status"] == "SUBMITTED"

    # edit: refused by the same rules (the order's own hold counts as free), then applied
    edit_url = orders_url(a, f"/{order_id}")
    check = await api.post(orders_url(a, f"/{order_id}/prevalidate"), json={"units": 111, "unitPrice": "9.00"},
                           headers=h)
    assert check.json()["valid"] is True and check.json()["context"]["unitsAvailable"] == 111, check.text
    r = await api.put(edit_url, json={"units": 112, "unitPrice": "9.00"}, headers={**h, "Idempotency-Key": "e-1"})
    assert r.status_code == 422 and r.json()["error_type"] == R.INSUFFICIENT_FUNDS, r.text
    assert r.json()["errors"][0]["message"] == R.FUNDS_MESSAGE
    r = await api.put(edit_url, json={"units": 3, "unitPrice": "9.05"}, headers=h)
    assert r.status_code == 400, r.text  # the Idempotency-Key is required
    r = await api.put(edit_url, json={"units": 3, "unitPrice": "9.05"}, headers={**h, "Idempotency-Key": "e-2"})
    assert r.status_code == 200, r.text
    assert (r.json()["data"]["units"]["unfilled"], r.json()["data"]["pricing"]["unit"]) == (3, "9.05"), r.text

    # a confirm with no match waiting: refused with a clear message
    r = await api.post(f"/api/trading/orders/{order_id}/confirm/", headers=h)
    assert r.status_code == 409 and r.json()["errors"][0]["message"] == O.NOT_IN_CONFIRMATION, r.text

    # cancel, and again
    r = await api.delete(edit_url, headers=h)
    assert r.status_code == 200 and r.json()["cancel"] == "CANCELED", r.text
    assert r.json()["data"]["status"] == "CANCELED", r.text
    r = await api.delete(edit_url, headers=h)
    assert r.status_code == 200 and r.json()["cancel"] == "ALREADY_ENDED", r.text
    r = await api.put(edit_url, json={"units": 1, "unitPrice": "9.00"}, headers={**h, "Idempotency-Key": "e-3"})
    assert r.status_code == 409 and r.json()["errors"][0]["message"] == O.ORDER_ENDED, r.text
    r = await api.delete(edit_url, headers=h)  # once its workflow closed too
    assert r.status_code == 200 and r.json()["cancel"] == "ALREADY_ENDED", r.text


async def test_positions(api: httpx.AsyncClient, app_state: AppState, providers: Providers) -> None:
    asset = await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state)
    uid = int(a["user_id"])
    await give_shares(app_state, uid, asset.id, 6)
    await give_shares(app_state, uid, asset.id, 2, date.today())
    iid = asset.ticker.lstrip("#")
    r = await api.get(f"/api/financial-accounts/{acct(a)}/positions", headers=a["headers"])
    assert r.status_code == 200, r.text
    assert r.json()["data"][iid] == {"financialInstrument": {"id": iid, "assetId": asset.id, "ticker": asset.ticker},
                                     "units": {"total": 8, "openAndAlienable": 6}}, r.text
    ask = await placed(api, a, order_body(asset.ticker, "ask", 4, "10.00"))
    assert ask["status"] == "SUBMITTED", ask
    r = await api.get(f"/api/financial-accounts/{acct(a)}/positions", headers=a["headers"])
    assert r.json()["data"][iid]["units"] == {"total": 8, "openAndAlienable": 2}, r.text
    async with app_state.sessions() as db:  # the store's position is the call's, key and shape (spec §3, §7)
        assert {p.instrument_id: p.as_json() for p in await positions(db, uid)} == r.json()["data"], r.text


async def test_shares_count_is_every_unit_held(api: httpx.AsyncClient, app_state: AppState,
                                               providers: Providers) -> None:
    """The user read's `shares_count` (spec doc 1 §3) is every unit the investor holds, of every asset: aged lots and
    today's, and those held for an open ask; the sum of the positions' units.total."""
    first, second = await trading_asset(app_state, providers), await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state)
    uid = int(a["user_id"])

    async def shares_count() -> int:
        r = await api.get(f"/api/users/{uid}", headers=a["headers"])
        assert r.status_code == 200, r.text
        count: int = r.json()["shares_count"]
        return count

    assert await shares_count() == 0
    await give_shares(app_state, uid, first.id, 6)
    await give_shares(app_state, uid, first.id, 2, date.today())
    await give_shares(app_state, uid, second.id, 3)
    assert await shares_count() == 11
    ask = await placed(api, a, order_body(first.ticker, "ask", 4, "10.00"))  # 4 units move to the order's hold
    assert ask["status"] == "SUBMITTED", ask
    assert await shares_count() == 11
    r = await api.get(f"/api/financial-accounts/{acct(a)}/positions", headers=a["headers"])
    assert sum(p["units"]["total"] for p in r.json()["data"].values()) == 11, r.text


async def test_queued_while_the_broker_refuses(api: httpx.AsyncClient, app_state: AppState, providers: Providers,
                                               settings: Settings, temporal_client: Client) -> None:
    """The ATS answers 503 to everything: the create still starts the order (its market read tolerates it), the
    submit answers QUEUED with the spec's high-volume message, and once the ATS is back the order is placed.
    The test's timings: QUEUED after 1 s (the first placement's own retries already take 3 s of the workflow's
    clock, so the first failed placement shows QUEUED), the back-off capped at 1 s, and the api's wait for the
    submit's answer as long as the tests' deadline — so QUEUED always comes before that wait ends."""
    asset = await trading_asset(app_state, providers)
    a = await funded_investor(api, app_state)
    async with api_with(settings, temporal_client, order_queued_after_seconds=1.0, order_poll_seconds=1.0,
                        order_update_wait_seconds=DEADLINE) as state, client(state, "127.0.0.1") as quick, \
            httpx.AsyncClient(base_url=providers.url, headers={"X-Provider-Key": providers.settings.api_key}) as ps:
        assert (await ps.post("/sandbox/ats/chaos", json={"fail_503": 1.0})).status_code == 200
        try:
            order = await placed(quick, a, order_body(asset.ticker, "bid", 1, "9.00"))
        finally:
            assert (await ps.post("/sandbox/ats/chaos", json={})).status_code == 200
    assert order["status"] == O.QUEUED and order["message"] in (W.HIGH_VOLUME_LIVE, W.HIGH_VOLUME_LATER), order

    async def placed_at_last() -> dict[str, Any]:
        now: dict[str, Any] = (await api.get(orders_url(a, f"/{order['id']}"), headers=a["headers"])).json()["data"]
        assert now["status"] == "SUBMITTED", now
        return now

    await eventually(placed_at_last)
