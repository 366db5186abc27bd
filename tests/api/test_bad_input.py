"""Malformed JSON, wrong types, missing and oversized bodies: 4xx with the error shape, never 500, nothing lost."""

from __future__ import annotations

import httpx
import pytest

from tests.api.accounts import PASSWORD, signup

POSTS = ["/api/v3/auth/login/", "/api/auth/registration/", "/api/token-refresh/", "/api/auth/password/reset/",
         "/api/auth/password/reset/confirm/", "/api/auth/email/confirm/"]
AUTH_POSTS = ["/api/auth/password/change/", "/api/auth/change-email/", "/api/auth/email/verify/",
              "/api/assets/notify_me/", "/api/assets/notify-on-trading/"]
BAD_BODIES = [b"{not json", b"[]", b'"text"', b"null", b'{"email": 5, "password": [], "token": {}, "key": 1, "asset": "x"}']


@pytest.mark.parametrize("path", POSTS + AUTH_POSTS)
async def test_malformed_bodies_get_4xx_with_errors(api: httpx.AsyncClient, path: str) -> None:
    user = await signup(api)
    for body in BAD_BODIES:
        r = await api.post(path, content=body, headers={**user["headers"], "content-type": "application/json"})
        assert 400 <= r.status_code < 500, (path, body, r.status_code, r.text)
        assert r.json()["errors"][0]["message"]


async def test_oversized_body_is_413(api: httpx.AsyncClient) -> None:
    r = await api.post("/api/v3/auth/login/", content=b'{"email":"' + b"a" * 2_000_000 + b'"}',
                       headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.json()["errors"][0]["message"] == "The request body is too large."


async def test_bad_patch_keeps_saved_data(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    h = user["headers"]
    r = await api.patch("/api/auth/user/", json={"first_name": "Ada", "last_name": "Lovelace"}, headers=h)
    assert r.status_code == 200
    for bad in ({"username": "x"}, {"middle_initial": "7"}, {"first_name": "y" * 200}, {"first_name": 5}):
        r = await api.patch("/api/auth/user/", json=bad, headers=h)
        assert r.status_code == 422, bad
    me = (await api.get("/api/auth/user/", headers=h)).json()
    assert (me["first_name"], me["last_name"]) == ("Ada", "Lovelace")
    assert (await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": PASSWORD})).status_code == 200


async def test_if_match_on_update(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    h = user["headers"]
    r = await api.get("/api/auth/user/", headers=h)
    etag = r.headers["etag"]
    assert (await api.get("/api/auth/user/", headers={**h, "If-None-Match": etag})).status_code == 304
    ok = await api.patch("/api/auth/user/", json={"first_name": "Grace"}, headers={**h, "If-Match": etag})
    assert ok.status_code == 200 and ok.headers["etag"] != etag
    stale = await api.patch("/api/auth/user/", json={"first_name": "Stale"}, headers={**h, "If-Match": etag})
    assert stale.status_code == 412
    assert (await api.get("/api/auth/user/", headers=h)).json()["first_name"] == "Grace"
    fresh = await api.patch("/api/auth/user/", json={"first_name": "Fresh"}, headers={**h, "If-Match": ok.headers["etag"]})
    assert fresh.status_code == 200


# Found by the schemathesis run (tests/api/test_schemathesis.py): each answered 500 before it was validated.
BEYOND_INT32, BEYOND_INT64 = 2**31, 2**63


async def test_ids_beyond_the_database_range_are_422(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    h = user["headers"]
    for method, path in (("GET", "/api/v2/assets/{}/"), ("GET", "/media/assets/{}/portal.svg"),
                         ("DELETE", "/api/assets/notify_me/{}/"), ("DELETE", "/api/assets/notify-on-trading/{}/"),
                         ("POST", "/api/assets/{}/invest/reservations"), ("GET", "/api/users/{}/financials/balance"),
                         ("GET", "/api/users/{}/investments"), ("GET", "/api/users/{}")):
        for big in (BEYOND_INT32, BEYOND_INT64, -1):
            r = await api.request(method, path.format(big), headers=h)
            assert r.status_code == 422, (method, path, big, r.status_code, r.text)
            assert r.json()["errors"][0]["message"], r.text


async def test_asset_ids_beyond_the_database_range_in_bodies(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    h = user["headers"]
    r = await api.post("/api/assets/notify_me/", json={"asset": BEYOND_INT32 * 8}, headers=h)
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "asset", r.text
    for path, body in (("/api/flows/make-investment", {"asset_id": BEYOND_INT32}),
                       ("/api/investments/docusign/", {"asset": str(BEYOND_INT64)}),
                       ("/api/promocode/validate/", {"redeemCode": "GIFT", "asset": BEYOND_INT32})):
        r = await api.post(path, json=body, headers=h)
        assert r.status_code == 404 and r.json()["errors"][0]["message"] == "Asset not found.", (path, r.text)


async def test_nul_characters_are_refused_before_the_database(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    h = user["headers"]
    for path, body in (("/api/v3/auth/login/", {"email": "a\x00@example.com", "password": PASSWORD}),
                       ("/api/auth/registration/", {"email": "nul@example.com", "password": PASSWORD,
                                                    "referral_code": "\x00"}),
                       ("/api/auth/email/confirm/", {"key": "k\x00"}),
                       ("/api/promocode/validate/", {"redeemCode": "GIFT", "asset": "#A\x00"}),
                       ("/api/flows/onboarding", {"x": ["\x00"]})):
        r = await api.post(path, json=body, headers=h)
        assert r.status_code == 422, (path, r.status_code, r.text)
        assert r.json()["errors"][0]["message"] == "Text must not contain NUL characters.", r.text
    flow = (await api.post("/api/flows/onboarding", headers=h)).json()
    r = await api.post(f"/api/flows/onboarding/{flow['flow_id']}/steps/{flow['step']}", json={"a\x00": 1}, headers=h)
    assert r.status_code == 422, r.text
    r = await api.put("/api/uploads/%00", content=b"x", headers={"content-type": "image/png"})
    assert r.status_code == 422, r.text
