"""The ATS over HTTP: OAuth tokens, idempotent create, cancel and replace outcomes, and every 4xx code."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from tests.providers.ats.ats_harness import POST, VITRINE, Harness, harness
from tests.waiting import eventually


def code(r: httpx.Response) -> tuple[int, str]:
    body = r.json()
    assert set(body) >= {"errors", "error_type"} and body["errors"][0]["message"], body
    return r.status_code, str(body["errors"][0]["code"])


async def test_tokens_expire_and_a_wrong_secret_is_invalid_client(tmp_path: Path) -> None:
    async with harness(tmp_path, ats_token_ttl_seconds=30) as h:
        await h.instrument()
        wrong = await h.http.post("/sandbox/ats/oauth/token", data={"grant_type": "client_credentials",
                                                                    "client_id": "vitrine", "client_secret": "nope"})
        assert code(wrong) == (401, "invalid_client") and wrong.json()["error"] == "invalid_client"
        grant = await h.http.post("/sandbox/ats/oauth/token", data={"grant_type": "password", "client_id": "vitrine"})
        assert code(grant) == (400, "unsupported_grant_type")
        token = await h.token()
        assert (await h.get("/instruments/TEST1")).status_code == 200
        await h.advance(29)
        assert (await h.get("/instruments/TEST1")).status_code == 200
        await h.advance(1)
        expired = await h.get("/instruments/TEST1")
        assert code(expired) == (401, "invalid_token") and "invalid_token" in expired.headers["WWW-Authenticate"]
        forged = await h.http.get("/sandbox/ats/instruments", headers={"Authorization": f"Bearer {token[:-2]}xx"})
        assert code(forged) == (401, "invalid_token")
        missing = await h.http.get("/sandbox/ats/instruments")
        assert code(missing) == (401, "invalid_token")
        await h.token()  # a new token works again
        assert (await h.get("/instruments/TEST1")).status_code == 200


async def test_the_same_idempotency_key_answers_the_same_order(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await h.instrument()
        first = await h.order("acct-1", "BID", 3, "9.50", key="order-42")
        again = await h.order("acct-1", "BID", 3, "9.5", key="order-42")  # the same price written differently
        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json()["data"] == first.json()["data"]
        other = await h.order("acct-1", "BID", 4, "9.50", key="order-42")
        assert code(other) == (409, "IDEMPOTENCY_KEY_REUSED")
        listed = (await h.get("/financial-accounts/acct-1/orders")).json()["data"]
        assert [o["id"] for o in listed] == [first.json()["data"]["id"]]
        headers = await h.auth()
        no_key = await h.http.post("/sandbox/ats/financial-accounts/acct-1/orders", headers=headers, json={
            "financialInstrumentId": "TEST1", "context": "BID", "units": 1, "unitPrice": "9.50"})
        assert code(no_key) == (400, "IDEMPOTENCY_KEY_REQUIRED")


async def _open_market(h: Harness) -> None:
    await h.instrument()
    await h.advance(POST)


async def test_cancel_after_a_fill_is_too_late_not_an_error(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await _open_market(h)
        ask = await h.placed("seller", "ASK", 2, "10.00")
        await h.placed("buyer", "BID", 2, "10.00")
        late = await h.http.delete(f"/sandbox/ats/financial-accounts/seller/orders/{ask['id']}", headers=await h.auth())
        assert late.status_code == 200 and late.json()["cancel"] == "TOO_LATE"
        assert late.json()["data"]["status"] == "FILLED"
        resting = await h.placed("seller", "ASK", 5, "11.00")
        await h.placed("buyer", "BID", 2, "11.00")
        path = f"/sandbox/ats/financial-accounts/seller/orders/{resting['id']}"
        canceled = await h.http.delete(path, headers=await h.auth())
        assert canceled.json()["cancel"] == "CANCELED"
        assert canceled.json()["data"]["status"] == "PARTIALLY_FILLED_AND_CANCELED"
        assert canceled.json()["data"]["units"] == {"requested": 5, "filled": 2, "unfilled": 3, "resting": 0}
        twice = await h.http.delete(path, headers=await h.auth())
        assert twice.status_code == 200 and twice.json()["cancel"] == "ALREADY_ENDED"
        edit = await h.http.put(path, json={"units": 4, "unitPrice": "11.00"}, headers=await h.auth())
        assert code(edit) == (409, "ORDER_FINISHED")
        edit_filled = await h.http.put(f"/sandbox/ats/financial-accounts/seller/orders/{ask['id']}",
                                       json={"units": 4, "unitPrice": "11.00"}, headers=await h.auth())
        assert code(edit_filled) == (409, "ORDER_ALREADY_FILLED")
        await h.advance(0)  # delivers the webhooks
        hooks = [e["data"]["status"] for e in h.events("order.canceled") if e["data"]["id"] == resting["id"]]
        assert hooks == ["PARTIALLY_FILLED_AND_CANCELED"]


async def test_an_ioc_remainder_ends_the_order(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await _open_market(h)
        await h.placed("seller", "ASK", 1, "10.00")
        ioc = await h.placed("buyer", "BID", 3, "10.00", term="IMMEDIATE_OR_CANCEL")
        assert ioc["status"] == "PARTIALLY_FILLED_AND_TERMINATED" and ioc["units"]["filled"] == 1
        none = await h.placed("buyer", "BID", 3, "10.00", term="IMMEDIATE_OR_CANCEL")
        assert none["status"] == "EXPIRED"


async def test_replace_keeps_priority_only_for_a_smaller_size(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await _open_market(h)
        a = await h.placed("a", "ASK", 5, "10.00")
        b = await h.placed("b", "ASK", 5, "10.00")
        smaller = await h.http.put(f"/sandbox/ats/financial-accounts/a/orders/{a['id']}",
                                   json={"units": 4, "unitPrice": "10.00"}, headers=await h.auth())
        assert smaller.status_code == 200 and smaller.json()["data"]["units"]["requested"] == 4
        await h.placed("buyer", "BID", 1, "10.00")
        assert (await h.get(f"/financial-accounts/a/orders/{a['id']}")).json()["data"]["units"]["filled"] == 1
        bigger = await h.http.put(f"/sandbox/ats/financial-accounts/a/orders/{a['id']}",
                                  json={"units": 6, "unitPrice": "10.00"}, headers=await h.auth())
        assert bigger.status_code == 200
        await h.placed("buyer", "BID", 1, "10.00")  # a lost its place: b trades now
        assert (await h.get(f"/financial-accounts/b/orders/{b['id']}")).json()["data"]["units"]["filled"] == 1
        below = await h.http.put(f"/sandbox/ats/financial-accounts/a/orders/{a['id']}",
                                 json={"units": 1, "unitPrice": "10.00"}, headers=await h.auth())
        assert code(below) == (422, "UNITS_NOT_ABOVE_FILLED")


async def test_every_bad_order_answers_4xx_with_a_code(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await h.instrument()
        await h.instrument("SHUT", status="DISABLED")
        cases: list[tuple[dict[str, Any], tuple[int, str]]] = [
            ({"units": 1, "price": "10.07"}, (422, "OFF_TICK_PRICE")),
            ({"units": 0, "price": "10.00"}, (422, "INVALID_UNITS")),
            ({"units": -2, "price": "10.00"}, (422, "INVALID_UNITS")),
            ({"units": 1, "price": "-1.00"}, (422, "INVALID_PRICE")),
            ({"units": 1, "price": "10.00", "iid": "NOPE"}, (404, "INSTRUMENT_NOT_FOUND")),
            ({"units": 1, "price": "10.00", "iid": "SHUT"}, (409, "INSTRUMENT_CLOSED")),
            ({"units": 1, "price": "10.00", "term": "IMMEDIATE_OR_CANCEL"}, (409, "WINDOW_CLOSED_FOR_IOC")),
            ({"units": 1, "price": "abc"}, (422, "INVALID_REQUEST")),
        ]
        for case, expected in cases:
            r = await h.order("acct", "BID", case["units"], case["price"], iid=case.get("iid", "TEST1"),
                              term=case.get("term", "GOOD_TIL_CANCELED"))
            assert code(r) == expected, case
        await h.placed("acct", "BID", 1, "9.00")
        assert code(await h.order("acct", "ASK", 1, "12.00")) == (409, "CROSS_TRADING_PROHIBITED")
        await h.advance(POST)
        assert code(await h.order("buyer", "BID", 1, None, kind="INSTANT")) == (409, "NO_ASK")
        malformed = await h.http.post("/sandbox/ats/financial-accounts/acct/orders", content=b"{",
                                      headers={**await h.auth(), "Idempotency-Key": "k", "Content-Type": "application/json"})
        assert code(malformed) == (422, "INVALID_REQUEST")
        assert code(await h.get("/financial-accounts/acct/orders/ord_missing")) == (404, "ORDER_NOT_FOUND")
        assert code(await h.get("/windows/W-nope")) == (404, "WINDOW_NOT_FOUND")
        assert code(await h.post("/executions/x-nope/confirm", {"accountId": "acct"})) == (404, "EXECUTION_NOT_FOUND")
        admin = await h.http.post("/sandbox/ats/chaos", json={})
        assert code(admin) == (401, "FORBIDDEN")


async def test_a_second_cancel_while_one_is_pending_is_refused(tmp_path: Path) -> None:
    async with harness(tmp_path, ats_amend_delay_seconds=2.0) as h:
        await h.instrument()
        order = await h.placed("acct", "BID", 2, "9.00")
        path = f"/sandbox/ats/financial-accounts/acct/orders/{order['id']}"
        headers = await h.auth()
        first = asyncio.create_task(h.http.delete(path, headers=headers))
        await eventually(lambda: order["id"] in h.app.state.ats.pending)  # the cancel is being processed
        seen = (await h.http.get(path, headers=headers)).json()["data"]["status"]
        second = await h.http.put(path, json={"units": 1, "unitPrice": "9.00"}, headers=headers)
        assert seen == "PENDING_CANCEL" and code(second) == (409, "ORDER_UPDATE_PENDING")
        assert (await first).json()["cancel"] == "CANCELED"


async def test_chaos_fails_calls_and_revokes_tokens(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await h.instrument()
        key = {"X-Provider-Key": "test-provider-key"}
        await h.http.post("/sandbox/ats/chaos", json={"fail_429": 1.0, "retry_after_seconds": 2}, headers=key)
        limited = await h.get("/instruments/TEST1")
        assert code(limited) == (429, "RATE_LIMITED") and limited.headers["Retry-After"] == "2"
        await h.http.post("/sandbox/ats/chaos", json={"fail_503": 1.0}, headers=key)
        assert code(await h.get("/instruments/TEST1")) == (503, "ATS_UNAVAILABLE")
        await h.http.post("/sandbox/ats/chaos", json={"fail_401": 0.5, "seed": 7}, headers=key)
        first = [(await h.get("/instruments/TEST1")).status_code for _ in range(20)]
        await h.http.post("/sandbox/ats/chaos", json={"fail_401": 0.5, "seed": 7}, headers=key)
        second = [(await h.get("/instruments/TEST1")).status_code for _ in range(20)]
        assert first == second and {200, 401} == set(first)  # the seed fixes the sequence
        await h.http.post("/sandbox/ats/chaos", json={}, headers=key)
        assert (await h.get("/instruments/TEST1")).status_code == 200
        await h.http.post("/sandbox/ats/chaos", json={"token_lifetime_fraction": 0.5}, headers=key)
        await h.advance(31)  # the 60 s token now dies after 30 s
        assert code(await h.get("/instruments/TEST1")) == (401, "invalid_token")
        fresh = await h.token(VITRINE)
        assert fresh and (await h.get("/instruments/TEST1")).status_code == 200
