"""Sign up, log in, tokens, rate limits and the spec's error texts against the real api, PostgreSQL, Redis, Temporal."""

from __future__ import annotations

import time

import httpx
import jwt

from api.security import issue_token
from config import Settings
from tests.api.accounts import PASSWORD, confirmation_key, signup
from tests.conftest import unique_email


async def test_signup_returns_user_and_token_and_sends_confirmation(api: httpx.AsyncClient, sandbox: httpx.AsyncClient) -> None:
    body = await signup(api)
    assert body["user"]["email"] == body["email"]
    assert body["user"]["emails"] == [{"email": body["email"], "primary": True, "verified": False}]
    assert body["user"]["customer"]["accounts"][0]["id"] > 0
    key = await confirmation_key(sandbox, body["email"])
    assert len(key) > 20


async def test_signup_twice_with_same_email_is_refused(api: httpx.AsyncClient) -> None:
    email = unique_email()
    await signup(api, email)
    r = await api.post("/api/auth/registration/", json={"email": email.upper(), "password": "x"})
    assert r.status_code == 422
    assert r.json()["errors"][0]["message"] == "A user is already registered with this e-mail address."


async def test_signup_validation_messages(api: httpx.AsyncClient) -> None:
    r = await api.post("/api/auth/registration/", json={"email": "not-an-email", "password": "x"})
    assert (r.status_code, r.json()["errors"][0]["message"]) == (422, "Enter a valid email address")
    r = await api.post("/api/auth/registration/", json={"email": "a@b.travels", "password": "x"})
    assert r.json()["errors"][0]["message"] == "Enter a valid email address"  # TLD longer than 4 letters
    r = await api.post("/api/auth/registration/", json={"email": unique_email(), "password": ""})
    assert (r.status_code, r.json()["errors"][0]["message"]) == (422, "Enter a password")


async def test_login_with_email_or_username_and_wrong_password(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    r = await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": PASSWORD})
    assert r.status_code == 200
    assert set(r.json()) == {"token", "exchange_token", "user_id"}
    assert r.json()["user_id"] == user["user_id"]
    username = "collector" + user["email"][5:12]
    r = await api.patch("/api/auth/user/", json={"username": username}, headers=user["headers"])
    assert r.status_code == 200, r.text
    r = await api.post("/api/v3/auth/login/", json={"username": username, "password": PASSWORD})
    assert r.status_code == 200
    r = await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": "wrong"})
    assert r.status_code == 422
    assert r.json()["errors"][0]["message"] == "Unable to login with provided credentials"
    r = await api.post("/api/v3/auth/login/", json={"email": "nobody@example.com", "password": "wrong"})
    assert r.json()["errors"][0]["message"] == "Unable to login with provided credentials"


async def test_login_rate_limit(api: httpx.AsyncClient, settings: Settings) -> None:
    user = await signup(api)
    codes = []
    for _ in range(settings.login_rate_limit + 2):
        r = await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": "wrong"})
        codes.append(r.status_code)
    assert codes[: settings.login_rate_limit] == [422] * settings.login_rate_limit
    assert codes[-1] == 429
    assert int(r.headers["Retry-After"]) > 0
    # even the right password is refused while the window lasts
    r = await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": PASSWORD})
    assert r.status_code == 429


async def test_password_reset_rate_limit(api: httpx.AsyncClient, settings: Settings) -> None:
    email = unique_email()
    codes = [(await api.post("/api/auth/password/reset/", json={"email": email})).status_code
             for _ in range(settings.reset_rate_limit + 1)]
    assert codes == [200] * settings.reset_rate_limit + [429]


async def test_token_refresh_and_expiry(api: httpx.AsyncClient, settings: Settings) -> None:
    user = await signup(api)
    r = await api.post("/api/token-refresh/", json={"token": user["token"]})
    assert r.status_code == 200
    new = r.json()["token"]
    assert new and new != user["token"]
    claims_old = jwt.decode(user["token"], options={"verify_signature": False})
    claims_new = jwt.decode(new, options={"verify_signature": False})
    assert claims_new["orig_iat"] == claims_old["orig_iat"]
    # an expired token is refused everywhere, and cannot be refreshed
    expired = jwt.encode({"user_id": user["user_id"], "exp": int(time.time()) - 5, "orig_iat": int(time.time()) - 100,
                          "jti": "x"}, settings.secret_key, algorithm="HS256")
    r = await api.get(f"/api/users/{user['user_id']}", headers={"Authorization": f"JWT {expired}"})
    assert r.status_code == 401
    assert r.json()["errors"][0]["message"] == "Your session has expired, please try logging in again."
    r = await api.post("/api/token-refresh/", json={"token": expired})
    assert (r.status_code, r.json()["errors"][0]["message"]) == (401, "Your session has expired, please try logging in again.")


async def test_forged_token_refused(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    forged = jwt.encode({"user_id": user["user_id"], "exp": int(time.time()) + 600, "orig_iat": int(time.time()),
                         "jti": "x"}, "not-the-secret-key-but-long-enough-for-hs256", algorithm="HS256")
    for scheme in ("JWT", "Bearer"):
        r = await api.get(f"/api/users/{user['user_id']}", headers={"Authorization": f"{scheme} {forged}"})
        assert r.status_code == 401
    r = await api.get(f"/api/users/{user['user_id']}", headers={"Authorization": f"Bearer {user['token']}"})
    assert r.status_code == 200


async def test_refresh_window_ends(api: httpx.AsyncClient, settings: Settings) -> None:
    user = await signup(api)
    old = issue_token(settings, user["user_id"], orig_iat=int(time.time()) - settings.jwt_refresh_window_seconds - 10)
    r = await api.post("/api/token-refresh/", json={"token": old})
    assert r.status_code == 401


async def test_logout_revokes_the_token(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    assert (await api.post("/api/auth/logout/", headers=user["headers"])).status_code == 200
    r = await api.get(f"/api/users/{user['user_id']}", headers=user["headers"])
    assert r.status_code == 401
    assert (await api.post("/api/token-refresh/", json={"token": user["token"]})).status_code == 401


async def test_another_users_resources_are_not_found(api: httpx.AsyncClient) -> None:
    alice, bob = await signup(api), await signup(api)
    for path in ("", "/financials/balance", "/financials/transactions", "/financials/status",
                 "/financials/funding-source", "/investments"):
        r = await api.get(f"/api/users/{bob['user_id']}{path}", headers=alice["headers"])
        assert r.status_code == 404, path
        r = await api.get(f"/api/users/{alice['user_id']}{path}", headers=alice["headers"])
        assert r.status_code == 200, path
    r = await api.get(f"/api/users/{alice['user_id']}")
    assert r.status_code == 401


async def test_password_change_gives_a_new_token_and_ends_the_old(api: httpx.AsyncClient) -> None:
    user = await signup(api)
    r = await api.post("/api/auth/password/change/", json={"new_password1": "Abc12345", "new_password2": "Abc1234"},
                       headers=user["headers"])
    assert (r.status_code, r.json()["errors"][0]["message"]) == (422, "Passwords should match")
    r = await api.post("/api/auth/password/change/", json={"new_password1": "NewPass123", "new_password2": "NewPass123"},
                       headers=user["headers"])
    assert r.status_code == 200
    token = r.json()["token"]
    assert (await api.get(f"/api/users/{user['user_id']}", headers=user["headers"])).status_code == 401
    assert (await api.get(f"/api/users/{user['user_id']}", headers={"Authorization": f"JWT {token}"})).status_code == 200
    r = await api.post("/api/v3/auth/login/", json={"email": user["email"], "password": "NewPass123"})
    assert r.status_code == 200
