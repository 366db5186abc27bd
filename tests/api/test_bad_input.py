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
        assert r.status_code == 400, bad
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
