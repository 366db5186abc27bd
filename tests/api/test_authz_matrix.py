"""Object-level authorisation, built from the route table: every route is classified below, and every route whose
path names a user's resource (a user, a flow, an upload) refuses a second investor (404/403) when called with the
first investor's real ids, while the owner gets through. A new route, or a new kind of path parameter, fails
`test_every_route_is_classified` until it has an entry here."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import httpx
from fastapi.routing import APIRoute

from activities.interfaces.statements import MakeDocument
from activities.statements import StatementActivities
from api.app import create_app
from api.state import AppState
from config import Settings
from domain.statements import STATEMENT, Month
from store.document_files import LocalFolder
from tests.api.accounts import account_id, signup
from tests.flows.driver import Flow
from tests.flows.investors import Purchase, funded_investor, offering

PUBLIC = "public"  # no caller data: anybody may call it
SELF = "self"  # the caller's own data only; no id in the path (ids in the body are checked below)
CATALOGUE = "catalogue"  # the path names a public catalogue entry (an asset)
OWNER = "owner"  # the path names a user's resource: owner-checked, refused to anybody else
OPS = "ops"  # operators and providers only: the ops token, or the provider's webhook signature

ROUTES: dict[tuple[str, str], str] = {
    ("POST", "/api/v3/auth/login/"): PUBLIC,
    ("POST", "/api/auth/registration/"): PUBLIC,
    ("POST", "/api/token-refresh/"): PUBLIC,
    ("POST", "/api/auth/logout/"): SELF,
    ("POST", "/api/auth/email/verify/"): SELF,
    ("POST", "/api/auth/password/reset/"): PUBLIC,
    ("POST", "/api/auth/password/reset/confirm/"): PUBLIC,
    ("POST", "/api/auth/password/change/"): SELF,
    ("POST", "/api/auth/change-email/"): SELF,
    ("POST", "/api/auth/email/confirm/"): PUBLIC,
    ("GET", "/api/auth/user/"): SELF,
    ("PATCH", "/api/auth/user/"): SELF,
    ("GET", "/api/users/{user_id}"): OWNER,
    ("GET", "/api/categories/"): PUBLIC,
    ("GET", "/api/v2/assets/"): PUBLIC,
    ("GET", "/api/v2/assets/{asset_id}/"): CATALOGUE,
    ("GET", "/api/v2/asset/status/update-schedule/"): PUBLIC,
    ("GET", "/api/v2/asset/status/"): PUBLIC,
    ("GET", "/api/client-screens/home"): PUBLIC,
    ("GET", "/api/assets/trading-dates/"): PUBLIC,
    ("POST", "/api/assets/notify_me/"): SELF,
    ("DELETE", "/api/assets/notify_me/{asset_id}/"): CATALOGUE,  # the caller's subscription to that asset
    ("POST", "/api/assets/notify-on-trading/"): SELF,
    ("DELETE", "/api/assets/notify-on-trading/{asset_id}/"): CATALOGUE,
    ("GET", "/api/notifications/"): SELF,  # the caller's own notices (tests/flows/test_asset_notices.py)
    ("POST", "/api/notifications/read/"): SELF,
    ("GET", "/api/users/{user_id}/financials/balance"): OWNER,
    ("GET", "/api/users/{user_id}/financials/status"): OWNER,
    ("GET", "/api/users/{user_id}/financials/transactions"): OWNER,
    ("GET", "/api/users/{user_id}/financials/funding-source"): OWNER,
    ("GET", "/api/users/{user_id}/financials/forms/statements"): OWNER,
    ("GET", "/api/users/{user_id}/financials/forms/taxforms"): OWNER,
    ("GET", "/api/users/{user_id}/financials/forms/statements/{file_key}"): OWNER,
    # a statement's signed address (`{fileKey}.{expires}.{signature}`) is the capability, like a presigned bucket URL:
    # the browser opens it in a new tab without a session; a forged or another key's signature is 404
    ("GET", "/api/financial-documents/{signed}"): PUBLIC,
    ("POST", "/api/flows/{kind}"): SELF,  # starts or resumes the caller's own flow of that kind
    ("GET", "/api/flows/{kind}/{flow_id}"): OWNER,
    ("POST", "/api/flows/{kind}/{flow_id}/steps/{step}"): OWNER,
    ("POST", "/api/flows/{kind}/{flow_id}/back"): OWNER,
    ("POST", "/api/flows/{kind}/{flow_id}/close"): OWNER,
    ("GET", "/api/flows/{kind}/{flow_id}/events"): OWNER,
    ("POST", "/api/bank-link/token"): SELF,
    ("DELETE", "/api/dwolla/bank-funding-source/"): SELF,
    ("POST", "/api/dwolla/transfers/"): SELF,
    ("POST", "/api/dwolla/micro-deposits/"): SELF,
    ("POST", "/api/webhooks/payments/"): OPS,
    ("POST", "/api/webhooks/esign/"): OPS,
    ("POST", "/api/users/files/"): SELF,
    # the one-time upload address is the capability (like a presigned bucket URL, the browser sends no token): usable
    # once, and only its owner's flow can submit the file (tested below)
    ("PUT", "/api/uploads/{token}"): OWNER,
    ("GET", "/media/assets/{asset_id}/{variant}.svg"): CATALOGUE,
    ("GET", "/media/assets/{asset_id}/offering.pdf"): CATALOGUE,
    ("OPTIONS", "/codec/{action}"): OPS,  # CORS preflight of the codec: no data
    ("POST", "/codec/decode"): OPS,
    ("POST", "/codec/encode"): OPS,
    ("POST", "/api/assets/{asset_id}/invest/reservations"): CATALOGUE,  # the caller's running purchase of that asset
    ("POST", "/api/investments/docusign/"): SELF,
    ("POST", "/api/assets/{asset_id}/invest"): CATALOGUE,
    ("POST", "/api/promocode/validate/"): SELF,
    ("GET", "/api/users/{user_id}/investments"): OWNER,
    ("GET", "/api/users/{user_id}/personal-information"): OWNER,
    ("PUT", "/api/users/{user_id}/personal-information"): OWNER,
    ("GET", "/api/users/{user_id}/investments/performance/gain-loss"): OWNER,
    ("GET", "/api/merchandising/products/"): SELF,
    ("POST", "/api/merchandising/orders/"): SELF,
    ("GET", "/api/health"): PUBLIC,
    # trading (issue 11): the account id is the caller's first financial account (the user read's
    # customer.accounts[0].id), the order id one of their orders
    ("POST", "/api/financial-accounts/{account_id}/orders/prevalidate"): OWNER,
    ("POST", "/api/financial-accounts/{account_id}/orders/{order_id}/prevalidate"): OWNER,
    ("POST", "/api/financial-accounts/{account_id}/orders"): OWNER,
    ("GET", "/api/financial-accounts/{account_id}/orders"): OWNER,
    ("GET", "/api/financial-accounts/{account_id}/orders/{order_id}"): OWNER,
    ("PUT", "/api/financial-accounts/{account_id}/orders/{order_id}"): OWNER,
    ("DELETE", "/api/financial-accounts/{account_id}/orders/{order_id}"): OWNER,
    ("POST", "/api/financial-accounts/{account_id}/orders/{order_id}/submit"): OWNER,
    ("GET", "/api/financial-accounts/{account_id}/positions"): OWNER,
    ("POST", "/api/trading/orders/{order_id}/confirm/"): OWNER,
    ("GET", "/api/trading/windows/{window_id}/"): CATALOGUE,  # a public market fact (an instrument's window)
    ("GET", "/api/trading/events"): SELF,  # the caller's own orders and public market data
    ("POST", "/api/webhooks/ats/"): OPS,
    # market data (issue 11 part C): public market facts of an instrument, any signed-in caller
    ("GET", "/api/financial-instruments/securities/{instrument_id}/markets/pricing"): CATALOGUE,
    ("GET", "/api/financial-instruments/securities/{instrument_id}/markets/pricing/history"): CATALOGUE,
    ("GET", "/api/financial-instruments/securities/{instrument_id}/markets/order-book"): CATALOGUE,
    # issue 30 item 6: the caller's own device ids (another's id is never deleted), state and analytics records
    ("POST", "/api/device/fcm/"): SELF,
    ("DELETE", "/api/device/fcm/"): SELF,
    ("GET", "/api/dwolla/is-state-available/"): SELF,
    ("POST", "/api/analytics/events/"): SELF,
    ("GET", "/api/analytics/events/"): SELF,
}
# what each path parameter names: a user's resource ("owner") or not
PARAMS = {"user_id": OWNER, "flow_id": OWNER, "token": OWNER, "asset_id": CATALOGUE, "kind": "flow kind name",
          "step": "flow step name", "variant": "image variant", "action": "codec action",
          "account_id": OWNER, "order_id": OWNER, "window_id": CATALOGUE,
          "instrument_id": CATALOGUE, "file_key": OWNER, "signed": "a signed document address"}
REFUSED = (403, 404)


def route_table() -> list[tuple[str, str]]:
    app = create_app(Settings(frontend_dist=""))  # the built app's catch-all serves files, no data
    return sorted((m, r.path) for r in app.routes if isinstance(r, APIRoute) for m in r.methods)


def test_every_route_is_classified() -> None:
    table = route_table()
    assert sorted(set(table) - set(ROUTES)) == [], "classify these routes in ROUTES"
    assert sorted(set(ROUTES) - set(table)) == [], "these entries name no route any more"
    for method, path in table:
        params = re.findall(r"{(\w+)(?::\w+)?}", path)
        assert all(p in PARAMS for p in params), f"{method} {path}: say in PARAMS what {params} names"
        owned = any(PARAMS[p] == OWNER for p in params)
        assert (ROUTES[(method, path)] == OWNER) == owned, f"{method} {path}: a user's id in the path is OWNER"
        assert ROUTES[(method, path)] != SELF or not params or params == ["kind"], f"{method} {path} has ids"


async def _first_investor(api: httpx.AsyncClient, state: AppState) -> dict[str, Any]:
    """An investor with one of every resource: each flow kind, an upload, a transfer, a running purchase."""
    a = await funded_investor(api, state)
    h = a["headers"]
    asset = await offering(state)
    flows = {}
    for kind in ("onboarding", "fund-account", "document-upload"):
        flow = Flow(api, h, kind)
        flows[kind] = (await flow.open())["flow_id"]
    purchase = Purchase(api, a, asset.id)
    await purchase.to_agreement(shares=2)
    flows["make-investment"] = purchase.state["flow_id"]
    trading = await offering(state, status="Trading")  # the order wizard (place-order) of a trading asset
    flows["place-order"] = (await Flow(api, h, "place-order", {"asset_id": trading.id, "side": "BID"}).open())["flow_id"]
    r = await api.post("/api/users/files/", json={"file_name": "id.png", "content_type": "image/png",
                                                  "document_type": "passport"}, headers=h)
    assert r.status_code == 201, r.text
    upload = r.json()["file_key"]
    assert (await api.put(f"/api/uploads/{upload}", content=b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,
                          headers={"content-type": "image/png"})).status_code == 200
    t = await api.post("/api/dwolla/transfers/", json={"type": "deposit", "amount": "25.00"}, headers=h)
    assert t.status_code == 201, t.text
    o = await api.post(f"/api/financial-accounts/{account_id(a)}/orders", headers={**h, "Idempotency-Key": "authz"},
                       json={"financialInstrumentId": trading.ticker.lstrip("#"), "type": "LIMIT",
                             "term": "GOOD_TIL_CANCELED", "context": "bid", "units": 1, "unitPrice": "5.00"})
    assert o.status_code == 201, o.text  # an order of a's (its instrument unknown at the ATS: it ends REJECTED)
    make = StatementActivities(state.sessions, LocalFolder(state.settings.documents_dir)).make
    assert (await make(MakeDocument(int(a["user_id"]), STATEMENT, Month.of(date.today()).key))).created
    [statement] = (await api.get(f"/api/users/{a['user_id']}/financials/forms/statements", headers=h)).json()
    return {**a, "flows": flows, "asset": asset.id, "upload": upload, "purchase": purchase,
            "order": o.json()["data"]["id"], "file_key": statement["fileKey"]}


def _calls(a: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(method, route, url) of every OWNER route with the first investor's real ids (each flow kind for flows)."""
    out = []
    for (method, path), kind in ROUTES.items():
        if kind != OWNER:
            continue
        flows = a["flows"].items() if "{flow_id}" in path else [("", "")]
        for flow_kind, flow_id in flows:
            url = path.format(user_id=a["user_id"], kind=flow_kind, flow_id=flow_id, token=a["upload"],
                              step="intro", account_id=account_id(a), order_id=a["order"],
                              file_key=a["file_key"])
            out.append((method, path, url))
    return out


async def test_second_investor_is_refused_the_first_ones_resources(api: httpx.AsyncClient, app_state: AppState) -> None:
    a = await _first_investor(api, app_state)
    b = await funded_investor(api, app_state)
    states = {k: (await api.get(f"/api/flows/{k}/{f}", headers=a["headers"])).json() for k, f in a["flows"].items()}
    calls = _calls(a)
    assert {p for _, p, _ in calls} == {p for (_, p), k in ROUTES.items() if k == OWNER}
    leaks = []
    for method, _, url in calls:
        upload = method == "PUT" and "/api/uploads/" in url
        r = await api.request(method, url, content=b"\x89PNG\r\n\x1a\n" if upload else b"{}",
                              headers={**b["headers"], "content-type": "image/png" if upload else "application/json"})
        if r.status_code not in REFUSED:
            leaks.append(f"{method} {url}: {r.status_code} {r.text[:200]}")
    assert leaks == [], "\n".join(leaks)
    # the owner gets through on the reads (so the ids above were real), and nothing of theirs changed
    for method, _, url in calls:
        if method == "GET" and not url.endswith("/events"):
            r = await api.get(url, headers=a["headers"])
            assert r.status_code == 200, (url, r.status_code, r.text)
    for k, f in a["flows"].items():
        after = (await api.get(f"/api/flows/{k}/{f}", headers=a["headers"])).json()
        assert (after["step"], after["status"], after["version"]) == (states[k]["step"], states[k]["status"],
                                                                       states[k]["version"]), k
    assert len(calls) >= 20


async def test_ids_in_bodies_reach_only_the_callers_own(api: httpx.AsyncClient, app_state: AppState) -> None:
    a = await _first_investor(api, app_state)
    b = await funded_investor(api, app_state)
    hb, asset = b["headers"], a["asset"]
    # the purchase calls name a public asset, and act on the caller's own running purchase of it: b has none
    for url, body in ((f"/api/assets/{asset}/invest/reservations", {}), (f"/api/assets/{asset}/invest", {"shares": 1}),
                      ("/api/investments/docusign/", {"asset": asset})):
        r = await api.post(url, json=body, headers=hb)
        assert r.status_code in REFUSED, (url, r.status_code, r.text)
    # starting a purchase of the same asset opens b's own flow, never a's
    r = await api.post("/api/flows/make-investment", json={"asset_id": asset}, headers=hb)
    assert r.status_code == 200 and r.json()["flow_id"].startswith(f"purchase-{b['user_id']}-"), r.text
    # a's upload cannot be claimed by b's document flow
    doc = Flow(api, hb, "document-upload")
    await doc.open()
    await doc.ok({"document_type": "passport"})
    assert doc.state["step"] == "upload", doc.state
    claimed = await doc.submit({"file_key": a["upload"]})
    assert claimed.status_code == 200 and claimed.json()["error"] and claimed.json()["step"] == "upload", claimed.text
    # a's upload address, once used, takes nothing more, from anybody
    r = await api.put(f"/api/uploads/{a['upload']}", content=b"\x89PNG\r\n\x1a\n", headers={"content-type": "image/png"})
    assert r.status_code == 404
    # /api/users/{id}/... of another user, and of users who do not exist, are not found
    other = await signup(api)
    for uid in (other["user_id"], a["user_id"], 2**31 - 1):
        for tail in ("", "/financials/balance", "/financials/transactions", "/investments",
                     "/investments/performance/gain-loss"):
            r = await api.get(f"/api/users/{uid}{tail}", headers=hb)
            assert r.status_code == 404, (uid, tail, r.status_code)
    # a's purchase is where it was
    before = a["purchase"].state
    after = await a["purchase"].refresh()
    assert (after["step"], after["status"], after["version"]) == (before["step"], before["status"], before["version"])
