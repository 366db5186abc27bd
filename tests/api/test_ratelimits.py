"""Rate limits on every call that sends mail or checks a guessable value — per account and per real client
address — answer 429 with Retry-After; a client's own X-Forwarded-For changes nothing unless a trusted proxy set it."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from temporalio.client import Client

from api.client_address import real_client_address
from api.state import AppState
from config import Settings
from tests.api.accounts import signup
from tests.api.apps import api_with, client, random_address
from tests.conftest import unique_email
from tests.error_shape import first_message

PER_IP = 2
Call = Callable[[httpx.AsyncClient, dict[str, Any]], Awaitable[httpx.Response]]


def limited(r: httpx.Response) -> bool:
    if r.status_code != 429:
        return False
    assert int(r.headers["Retry-After"]) >= 1
    assert first_message(r.json()).startswith("Too many attempts. Please try again in ")  # the one error shape
    return True


async def purchase_gift_step(c: httpx.AsyncClient, user: dict[str, Any]) -> httpx.Response:
    """The purchase's gift-code step (limited before the flow is even looked up)."""
    flow_id = f"purchase-{user['user_id']}-1-1"
    return await c.post(f"/api/flows/make-investment/{flow_id}/steps/select-shares",
                        json={"shares": 1, "giftCode": uuid.uuid4().hex[:8]}, headers=user["headers"])


# every limited call that needs an account: (action, call)
ACCOUNT_CALLS: dict[str, Call] = {
    "resend-verification": lambda c, u: c.post("/api/auth/email/verify/", json={"email": u["email"]},
                                               headers=u["headers"]),
    "change-email": lambda c, u: c.post("/api/auth/change-email/", json={"email": unique_email("new")},
                                        headers=u["headers"]),
    "gift-code": lambda c, u: c.post("/api/promocode/validate/", json={"redeemCode": uuid.uuid4().hex[:8]},
                                     headers=u["headers"]),
    "gift-code-step": purchase_gift_step,
    "micro-deposits": lambda c, u: c.post("/api/dwolla/micro-deposits/", json={"value1": "0.01", "value2": "0.02"},
                                          headers=u["headers"]),
}
ACCOUNT_LIMIT = {"resend-verification": "mail_rate_limit", "change-email": "mail_rate_limit",
                 "gift-code": "code_rate_limit", "gift-code-step": "code_rate_limit", "micro-deposits": "code_rate_limit"}
# calls without an account, each attempt about a different account or address
ANONYMOUS_CALLS: dict[str, Callable[[httpx.AsyncClient], Awaitable[httpx.Response]]] = {
    "login": lambda c: c.post("/api/v3/auth/login/", json={"email": unique_email(), "password": "wrong"}),
    "registration": lambda c: c.post("/api/auth/registration/", json={"email": unique_email(), "password": "x"}),
    "reset": lambda c: c.post("/api/auth/password/reset/", json={"email": unique_email()}),
}


@pytest.fixture(scope="module")
async def small(settings: Settings, temporal_client: Client, app_state: AppState) -> AsyncIterator[AppState]:
    """An api whose per-address limits are PER_IP (per-account limits out of the way)."""
    per_ip = {f"{name}_ip_rate_limit": PER_IP for name in ("login", "reset", "mail", "code")}
    per_account = {f"{name}_rate_limit": 1000 for name in ("login", "reset", "mail", "code")}
    async with api_with(settings, temporal_client, registration_rate_limit=PER_IP, **per_ip, **per_account) as state:
        yield state


@pytest.mark.parametrize("action", sorted(ACCOUNT_CALLS))
async def test_per_account_limit(api: httpx.AsyncClient, settings: Settings, action: str) -> None:
    user = await signup(api)
    limit = int(getattr(settings, ACCOUNT_LIMIT[action]))
    if action == "gift-code-step":  # the same bucket as the promo-code check: the limit is shared
        for _ in range(limit - 1):
            assert not limited(await ACCOUNT_CALLS["gift-code"](api, user))
        limit = 1
    for _ in range(limit):
        r = await ACCOUNT_CALLS[action](api, user)
        assert not limited(r), r.text
    assert limited(await ACCOUNT_CALLS[action](api, user))
    other = await signup(api)  # another account is not held back
    assert not limited(await ACCOUNT_CALLS[action](api, other))


async def test_login_limit_follows_the_account_across_addresses(settings: Settings, temporal_client: Client,
                                                                api: httpx.AsyncClient) -> None:
    user = await signup(api)
    async with api_with(settings, temporal_client, login_rate_limit=PER_IP, login_ip_rate_limit=1000) as state:
        codes = []
        for i in range(PER_IP + 1):  # a new address each time, the e-mail spelled differently
            async with client(state, random_address()) as c:
                email = user["email"].upper() if i % 2 else user["email"]
                r = await c.post("/api/v3/auth/login/", json={"email": email, "password": "wrong"})
                codes.append(r.status_code)
        assert codes == [422] * PER_IP + [429] and limited(r)


@pytest.mark.parametrize("action", sorted(ACCOUNT_CALLS))
async def test_per_address_limit_for_account_calls(small: AppState, api: httpx.AsyncClient, action: str) -> None:
    users = [await signup(api) for _ in range(PER_IP + 1)]
    address = random_address()
    async with client(small, address) as c:
        for user in users[:PER_IP]:
            assert not limited(await ACCOUNT_CALLS[action](c, user))
        assert limited(await ACCOUNT_CALLS[action](c, users[PER_IP]))  # a new account, the same address
    async with client(small, random_address()) as c:
        assert not limited(await ACCOUNT_CALLS[action](c, users[PER_IP]))


@pytest.mark.parametrize("action", sorted(ANONYMOUS_CALLS))
async def test_per_address_limit_and_spoofed_forwarded_for(small: AppState, action: str) -> None:
    """No trusted proxy: X-Forwarded-For from the client is ignored, so a fresh value each time does not help."""
    async with client(small, random_address()) as c:
        for _ in range(PER_IP):
            c.headers["X-Forwarded-For"] = random_address("203.0")
            c.headers["X-Real-IP"] = random_address("203.0")
            assert not limited(await ANONYMOUS_CALLS[action](c))
        c.headers["X-Forwarded-For"] = random_address("203.0")
        assert limited(await ANONYMOUS_CALLS[action](c))
    async with client(small, random_address()) as c:
        assert not limited(await ANONYMOUS_CALLS[action](c))


async def test_behind_a_trusted_proxy_each_client_has_its_own_limit(settings: Settings, temporal_client: Client) -> None:
    async with api_with(settings, temporal_client, trusted_proxies=["10.77.0.0/16"], reset_ip_rate_limit=PER_IP,
                        reset_rate_limit=1000) as state, client(state, "10.77.0.2") as proxy:
        one, two = random_address("203.0"), random_address("203.1")

        async def reset(headers: dict[str, str]) -> httpx.Response:
            return await proxy.post("/api/auth/password/reset/", json={"email": unique_email()}, headers=headers)

        for _ in range(PER_IP):
            assert not limited(await reset({"X-Forwarded-For": one}))
        # the client prepends made-up hops (as it could through a proxy that appends): still the same client
        assert limited(await reset({"X-Forwarded-For": f"{random_address('192.0')}, {one}"}))
        assert not limited(await reset({"X-Real-IP": two}))  # another client behind the same proxy


HOPS = st.lists(st.ip_addresses(v=4).map(str), max_size=4)


@given(spoofed=HOPS)
def test_an_untrusted_peer_is_the_client_whatever_it_sends(spoofed: list[str]) -> None:
    assert real_client_address("198.51.100.9", [", ".join(spoofed)], spoofed[0] if spoofed else None,
                               ["10.0.0.0/8"]) == "198.51.100.9"
    assert real_client_address("10.0.0.1", [", ".join(spoofed)], None, []) == "10.0.0.1"  # nothing trusted


@given(spoofed=HOPS)
def test_behind_trusted_proxies_the_right_most_untrusted_hop_is_the_client(spoofed: list[str]) -> None:
    hops = [*spoofed, "198.51.100.9", "10.0.0.7"]  # the client as the outer proxy saw it, then an inner proxy
    assert real_client_address("10.0.0.1", [", ".join(hops)], None, ["10.0.0.0/8"]) == "198.51.100.9"
    assert real_client_address("10.0.0.1", [", ".join(spoofed), "198.51.100.9"], None, ["10.0.0.0/8"]) == "198.51.100.9"
