"""The initial-offering purchase on the real dev server: both agreement paths, the signature's decline and its
duplicate webhook, gift codes, the spec's error views, and what the cash, the investments and the asset say after."""

from __future__ import annotations

from decimal import Decimal

import httpx
from sqlalchemy import select, update
from temporalio.client import Client

from api.purchase.schemas import GiftOut, InvestmentOut, InvestmentsOut, ReservationOut
from api.state import AppState
from domain import purchase as P
from store.models import Reservation
from tests.api.documented import conforms
from tests.error_shape import field_errors, first_message
from tests.flows.funding import balance
from tests.flows.investors import Purchase, asset_row, funded_investor, investments_of, ledger_total, offering
from tests.waiting import within_deadline
from tests.workflows.histories import record


async def test_subscription_agreement_purchase(api: httpx.AsyncClient, app_state: AppState,
                                               temporal_client: Client) -> None:
    user = await funded_investor(api, app_state, cash="100.00")
    asset = await offering(app_state, shares=100, value="1000.00")  # $10.00 a share
    buy = Purchase(api, user, asset.id)
    state = await buy.open()
    assert state["flow_id"] == f"purchase-{user['user_id']}-{asset.id}-1"
    assert state["step"] == "intro" and "dwolla-tos" in {s["id"] for s in state["steps"] if s["state"] == "skipped"}
    held = await api.post(f"/api/assets/{asset.id}/invest/reservations", json={"asset": asset.id}, headers=user["headers"])
    assert held.status_code == 200 and held.json()["reserved_shares"] == 5, held.text  # held on entry, default 5
    conforms(ReservationOut, held.json())
    await buy.ok()
    assert buy.state["step"] == "select-shares"
    assert buy.state["values"]["shares"] == 5 and buy.state["context"]["asset"]["price_per_share"] == "10.00"
    r = await buy.submit({"shares": 0})
    assert r.status_code == 422 and field_errors(r.json()) == {"shares": P.SHARES_MIN}
    r = await buy.submit({"shares": 2, "giftCode": "NOPE"})
    assert r.status_code == 422 and field_errors(r.json())["giftCode"] == "This promo code is not valid."
    r = await buy.submit({"shares": 2, "giftCode": "CARS25"})
    assert r.status_code == 422 and field_errors(r.json())["giftCode"] == 'This promo code is only valid for asset "#55PS1".'
    await buy.ok({"shares": 3, "giftCode": " welcome10 "})
    assert buy.state["step"] == "investing-passport"
    assert buy.state["context"]["profile"]["ssn"].endswith("6789") and "123" not in buy.state["context"]["profile"]["ssn"]
    await buy.ok()
    assert buy.state["step"] == "subscription-agreement"  # cash covers the cost: no not-enough-cash step
    assert "3 shares" in " ".join(buy.state["context"]["document"]["paragraphs"])
    r = await buy.submit({"agreed": True, "read_ratio": 0.5})
    assert r.status_code == 422 and field_errors(r.json()) == {"agreed": P.AGREEMENT_NOT_READ}
    await buy.ok({"agreed": True, "read_ratio": 0.9})
    assert buy.state["step"] == "confirm-purchase"
    ctx = buy.state["context"]
    assert (ctx["subtotal"], ctx["gift_value"], ctx["cost"]) == ("30.00", "10.00", "20.00")
    r = await buy.submit({})
    assert r.status_code == 422 and field_errors(r.json()) == {"agreeTerms": P.TERMS_REQUIRED}
    await buy.ok({"agreeTerms": True})
    assert buy.state["step"] == "success" and buy.state["context"]["view"] == "success", buy.state
    b = await balance(api, user)
    assert (b["cash"], b["investments"]) == ("80.00", "30.00")
    listed_answer = (await api.get(f"/api/users/{user['user_id']}/investments", headers=user["headers"])).json()
    conforms(InvestmentsOut, listed_answer)
    listed = listed_answer["items"]
    assert [(i["ticker"], i["shares"], i["amount"], i["cash_amount"]) for i in listed] == [(asset.ticker, 3, "30.00", "20.00")]
    assert (await asset_row(app_state, asset.id)).shares_sold == 3
    await buy.ok()
    assert buy.state["step"] == "congrats"
    await buy.ok()
    assert buy.state["status"] == "completed" and buy.state["result"]["outcome"] == "IO_PURCHASED"
    assert await ledger_total(app_state) == 0
    handle = temporal_client.get_workflow_handle(buy.state["flow_id"])
    await within_deadline(handle.result())
    await record(handle, "MakeInvestment--agreement")
    again = await Purchase(api, user, asset.id).open()  # a new purchase of the same asset is a new flow
    assert again["flow_id"].endswith("-2")


async def test_esign_purchase_once_despite_duplicate_webhook(api: httpx.AsyncClient, app_state: AppState,
                                                             sandbox: httpx.AsyncClient, served_api: str,
                                                             temporal_client: Client) -> None:
    user = await funded_investor(api, app_state, cash="500.00")
    asset = await offering(app_state, shares=50, value="1000.00", esign="tpl-subscription-v1")  # $20.00 a share
    buy = Purchase(api, user, asset.id)
    await buy.to_agreement(shares=4)
    assert buy.state["step"] == "docusign" and buy.state["waiting_for"] == "signature"
    envelope_id, url = buy.state["context"]["envelope_id"], buy.state["context"]["envelope_view_url"]
    assert url.startswith(sandbox.base_url.__str__().rstrip("/"))
    r = await api.post("/api/investments/docusign/", json={"asset": asset.id, "shares": 4, "return_url": "x"},
                       headers=user["headers"])
    assert r.json() == {"envelope_id": envelope_id, "envelope_view_url": url}
    await buy.ok({"event": "OK"})  # the browser says signed, the provider does not: still waiting
    assert buy.state["step"] == "docusign"
    forged = await api.post("/api/webhooks/esign/", json={"id": "x", "topic": "envelope_completed",
                                                          "envelope_id": envelope_id},
                            headers={"X-Sandbox-Signature": "0" * 64})
    assert forged.status_code == 401
    r = await sandbox.post(f"/sandbox/esign/envelopes/{envelope_id}/sign", follow_redirects=False)
    assert r.status_code == 303 and "event=signing_complete" in r.headers["location"]
    await buy.wait_for(lambda s: s["step"] == "confirm-purchase")  # the signed webhook moved it
    events = (await sandbox.get("/sandbox/esign/webhooks")).json()
    mine = [e for e in (events.get("items", events) if isinstance(events, dict) else events)
            if e.get("envelope_id") == envelope_id or envelope_id in str(e)]
    assert mine
    again = await sandbox.post(f"/sandbox/esign/webhooks/{mine[0]['id']}/redeliver")
    assert again.status_code in (200, 202), again.text
    r = await api.post(f"/api/assets/{asset.id}/invest", headers=user["headers"],
                       json={"shares": 4, "asset": asset.id, "envelope_id": envelope_id, "investment_info": {}})
    assert r.status_code == 201, r.text
    conforms(InvestmentOut, r.json())
    assert r.json()["shares"] == 4 and r.json()["amount"] == "80.00"
    assert len(await investments_of(app_state, user["user_id"])) == 1
    assert (await balance(api, user))["cash"] == "420.00"
    await buy.refresh()
    await buy.ok()
    await buy.ok()
    assert buy.state["result"]["outcome"] == "IO_PURCHASED"
    handle = temporal_client.get_workflow_handle(buy.state["flow_id"])
    await within_deadline(handle.result())
    await record(handle, "MakeInvestment--esign")


async def test_declined_signature_charges_nothing_and_releases_the_shares(
        api: httpx.AsyncClient, app_state: AppState, sandbox: httpx.AsyncClient, served_api: str,
        temporal_client: Client) -> None:
    user = await funded_investor(api, app_state, cash="500.00")
    asset = await offering(app_state, shares=50, value="1000.00", esign="tpl-subscription-v1")
    buy = Purchase(api, user, asset.id)
    await buy.to_agreement(shares=2)
    envelope_id = buy.state["context"]["envelope_id"]
    r = await sandbox.post(f"/sandbox/esign/envelopes/{envelope_id}/decline", follow_redirects=False)
    assert "event=decline" in r.headers["location"]
    r = await buy.submit({"event": "decline"})
    assert r.status_code == 200 or r.status_code == 409  # the webhook may have ended it first
    await buy.wait_for(lambda s: s["status"] == "failed")
    assert buy.state["error"]["title"] == P.SIGNATURE_FAILED_TITLE
    assert buy.state["error"]["message"] == P.SIGNATURE_FAILED
    assert (await balance(api, user))["cash"] == "500.00"
    assert await investments_of(app_state, user["user_id"]) == []
    async with app_state.sessions() as db:
        hold = await db.scalar(select(Reservation).where(Reservation.flow_id == buy.state["flow_id"]))
        assert hold is not None and hold.status == "released"
    status = (await sandbox.get(f"/esign/envelopes/{envelope_id}",
                                headers={"X-Provider-Key": app_state.settings.provider_api_key})).json()["status"]
    assert status == "declined"
    await record(temporal_client.get_workflow_handle(buy.state["flow_id"]), "MakeInvestment--signature-declined")


async def test_sold_out_promo_code_and_lost_shares_show_the_spec_error_views(api: httpx.AsyncClient,
                                                                           app_state: AppState,
                                                                           temporal_client: Client) -> None:
    asset = await offering(app_state, shares=6, value="60.00")  # $10.00 a share
    promo_user = await funded_investor(api, app_state)
    buy = Purchase(api, promo_user, asset.id)
    await buy.to_agreement(shares=1, gift="SOLDOUT20")
    await buy.ok({"agreed": True, "read_ratio": 1})
    await buy.ok({"agreeTerms": True})
    assert buy.state["context"]["view"] == "error" and buy.state["context"]["title"] == "Promo Code Not Valid"
    assert (await balance(api, promo_user))["cash"] == "1000.00"
    await buy.ok()
    assert buy.state["status"] == "completed" and buy.state["result"]["outcome"] == "failed"
    await record(temporal_client.get_workflow_handle(buy.state["flow_id"]), "MakeInvestment--promo-refused")

    a, b = await funded_investor(api, app_state), await funded_investor(api, app_state)
    first = Purchase(api, a, asset.id)
    await first.to_agreement(shares=5)
    await first.ok({"agreed": True, "read_ratio": 1})
    async with app_state.sessions() as db:  # a's hold runs out while a reads the summary...
        await db.execute(update(Reservation).where(Reservation.flow_id == first.state["flow_id"])
                         .values(expires_at=Reservation.created_at))
        await db.commit()
    second = Purchase(api, b, asset.id)  # ...and b takes the shares
    await second.to_agreement(shares=5)
    r = await api.post(f"/api/assets/{asset.id}/invest", headers=a["headers"],
                       json={"shares": 5, "asset": asset.id, "sa_signed_and_agreed_at": "2026-11-22T10:00:00Z"})
    assert r.status_code == 422 and r.json()["error_type"] == "BaseException", r.text
    await first.refresh()
    assert first.state["context"]["title"] == P.NOT_ENOUGH_SHARES
    assert (await balance(api, a))["cash"] == "1000.00"
    third = Purchase(api, await funded_investor(api, app_state), asset.id)
    await third.open()
    await third.ok()
    r = await third.submit({"shares": 5})
    assert r.status_code == 422 and first_message(r.json()) == P.NOT_ENOUGH_SHARES
    assert field_errors(r.json())["shares"] == P.only_left(1)
    assert await ledger_total(app_state) == Decimal(0)


async def test_bad_input_is_refused(api: httpx.AsyncClient, app_state: AppState) -> None:
    user, other = await funded_investor(api, app_state), await funded_investor(api, app_state)
    asset = await offering(app_state)
    for body, status in (({}, 422), ({"asset_id": "abc"}, 422), ({"asset_id": 99_999_999}, 404)):
        r = await api.post("/api/flows/make-investment", json=body, headers=user["headers"])
        assert r.status_code == status, (body, r.text)
    buy = Purchase(api, user, asset.id)
    await buy.open()
    r = await api.get(buy.base, headers=other["headers"])
    assert r.status_code == 404
    r = await api.post(f"/api/assets/{asset.id}/invest/reservations", json={}, headers=other["headers"])
    assert r.status_code == 404
    r = await api.post(f"/api/assets/{asset.id}/invest", json={"shares": "many"}, headers=user["headers"])
    assert 400 <= r.status_code < 500
    r = await api.post(f"/api/assets/{asset.id}/invest", json={"shares": 5, "sa_signed_and_agreed_at": "now"},
                       headers=user["headers"])
    assert r.status_code == 409  # not at the confirmation yet: nothing is charged
    assert (await balance(api, user))["cash"] == "1000.00"
    r = await api.post("/api/promocode/validate/", json={"redeemCode": "  "}, headers=user["headers"])
    assert (r.status_code, field_errors(r.json())) == (422, {"redeemCode": P.GIFT_REQUIRED})
    r = await api.post("/api/promocode/validate/", json={"redeemCode": "welcome10", "asset": asset.id},
                       headers=user["headers"])
    assert r.json() == {"value": "10.00", "redeemCode": "WELCOME10", "assetTicker": None}
    conforms(GiftOut, r.json())
