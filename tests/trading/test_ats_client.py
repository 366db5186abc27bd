"""The ATS client's shared token against a small OAuth2 broker served over real HTTP in the test (a test double of
the ATS's token endpoint and one protected resource): one token request for many concurrent callers, refresh
ahead of expiry, one refresh and one retry on a 401, 429/503 retryable, invalid_client not."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from urllib.parse import parse_qs

import httpx
import pytest
import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from clients.ats import NON_RETRYABLE, AtsClient, AtsInvalidClient, AtsUnavailable, TokenSource, ats_client
from clients.http import ProviderError, ProviderRejected
from config import Settings
from tests.conftest import free_port
from tests.waiting import eventually, within_deadline

SECRET = "broker-secret"


@dataclass
class Broker:
    lifetime: int = 60
    token_requests: int = 0
    valid: set[str] = field(default_factory=set)
    scripted: list[int] = field(default_factory=list)  # statuses forced on the next resource calls
    seen: list[tuple[str, int]] = field(default_factory=list)  # (token, status) of every resource call


def broker_app(b: Broker) -> FastAPI:
    app = FastAPI()

    @app.post("/oauth/token")
    async def token(request: Request) -> JSONResponse:
        form = {k: v[0] for k, v in parse_qs((await request.body()).decode()).items()}
        b.token_requests += 1
        await asyncio.sleep(0.05)  # long enough for every concurrent caller to be waiting
        if form.get("client_secret") != SECRET or form.get("grant_type") != "client_credentials":
            return JSONResponse({"error": "invalid_client", "error_description": "Unknown client or wrong secret"}, 401)
        value = uuid.uuid4().hex
        b.valid.add(value)
        return JSONResponse({"access_token": value, "token_type": "Bearer", "expires_in": b.lifetime})

    @app.api_route("/orders/{order_id}", methods=["GET", "POST"])
    async def resource(order_id: str, request: Request) -> JSONResponse:
        value = request.headers.get("authorization", "").removeprefix("Bearer ")
        status = b.scripted.pop(0) if b.scripted else (200 if value in b.valid else 401)
        b.seen.append((value, status))
        if status == 200:
            return JSONResponse({"data": {"id": order_id}})
        code = {401: "invalid_token", 409: "ORDER_ALREADY_FILLED", 429: "RATE_LIMITED"}.get(status, "ATS_UNAVAILABLE")
        return JSONResponse({"errors": [{"message": f"forced {status}", "code": code}], "error_type": code}, status,
                            headers={"Retry-After": "2"} if status == 429 else None)

    return app


@dataclass
class Clock:
    now: float = 1000.0


@pytest.fixture(scope="module")
async def broker() -> AsyncIterator[tuple[Broker, str]]:
    b, port = Broker(), free_port()
    server = uvicorn.Server(uvicorn.Config(broker_app(b), host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="off"))
    task = asyncio.create_task(server.serve())
    await eventually(lambda: server.started, interval=0.01)  # uvicorn only exposes a flag
    yield b, f"http://127.0.0.1:{port}"
    server.should_exit = True
    await within_deadline(task, what="the broker's shutdown")


@pytest.fixture
async def setup(broker: tuple[Broker, str]) -> AsyncIterator[tuple[Broker, AtsClient, Clock]]:
    b, url = broker
    b.lifetime, b.token_requests, b.scripted, b.seen = 60, 0, [], []
    b.valid.clear()
    clock = Clock()
    async with httpx.AsyncClient(timeout=5) as http:
        tokens = TokenSource(f"{url}/oauth/token", "vitrine", SECRET, margin_seconds=10, clock=lambda: clock.now)
        yield b, AtsClient(http, url, tokens), clock


async def test_concurrent_callers_share_one_token_request(setup: tuple[Broker, AtsClient, Clock]) -> None:
    b, ats, _ = setup
    answers = await asyncio.gather(*(ats.call("GET", f"/orders/o{i}") for i in range(20)))
    assert [a["data"]["id"] for a in answers] == [f"o{i}" for i in range(20)]
    assert b.token_requests == 1 and ats.tokens.fetches == 1
    assert len({value for value, _ in b.seen}) == 1


async def test_the_token_is_refreshed_ahead_of_its_expiry(setup: tuple[Broker, AtsClient, Clock]) -> None:
    b, ats, clock = setup
    await ats.call("GET", "/orders/a")
    clock.now += 49  # 11 s left of 60: still used
    await ats.call("GET", "/orders/b")
    assert b.token_requests == 1
    clock.now += 2  # 9 s left, inside the 10 s margin: refreshed before the ATS would refuse it
    await asyncio.gather(*(ats.call("GET", f"/orders/c{i}") for i in range(10)))
    assert b.token_requests == 2  # by one caller, the others waited for it
    assert all(status == 200 for _, status in b.seen)  # no call ever went out with an expiring token
    assert b.seen[0][0] != b.seen[-1][0]


async def test_a_401_refreshes_once_and_retries_once(setup: tuple[Broker, AtsClient, Clock]) -> None:
    b, ats, _ = setup
    await ats.call("GET", "/orders/a")
    b.valid.clear()  # the ATS revoked the token early
    answers = await asyncio.gather(*(ats.call("GET", f"/orders/r{i}") for i in range(10)))
    assert len(answers) == 10 and b.token_requests == 2  # ten 401s, one refresh
    assert [s for _, s in b.seen].count(401) == 10
    b.scripted = [401, 401]  # refused again right after the refresh: no loop, a retryable error
    with pytest.raises(AtsUnavailable) as refused:
        await ats.call("GET", "/orders/x")
    assert refused.value.status == 401 and b.token_requests == 3
    assert [s for _, s in b.seen[-2:]] == [401, 401]


async def test_429_and_503_are_left_to_temporal_to_retry(setup: tuple[Broker, AtsClient, Clock]) -> None:
    b, ats, _ = setup
    b.scripted = [429, 503]
    with pytest.raises(AtsUnavailable) as limited:
        await ats.call("POST", "/orders/a", json={"units": 1}, idempotency_key="order-a")
    assert (limited.value.status, limited.value.retry_after) == (429, 2.0)
    with pytest.raises(AtsUnavailable) as down:
        await ats.call("GET", "/orders/a")
    assert down.value.status == 503
    assert isinstance(down.value, ProviderError) and "AtsUnavailable" not in NON_RETRYABLE
    assert b.token_requests == 1  # neither cost a token


async def test_a_refusal_carries_the_ats_code(setup: tuple[Broker, AtsClient, Clock]) -> None:
    b, ats, _ = setup
    b.scripted = [409]
    with pytest.raises(ProviderRejected) as refused:
        await ats.call("POST", "/orders/a")
    assert (refused.value.status, refused.value.error_type) == (409, "ORDER_ALREADY_FILLED")


async def test_invalid_client_is_not_retryable(broker: tuple[Broker, str]) -> None:
    b, url = broker
    async with httpx.AsyncClient(timeout=5) as http:
        wrong = AtsClient(http, url, TokenSource(f"{url}/oauth/token", "vitrine", "wrong"))
        with pytest.raises(AtsInvalidClient) as refused:
            await wrong.call("GET", "/orders/a")
    assert "invalid_client" in str(refused.value)
    assert type(refused.value).__name__ in NON_RETRYABLE


async def test_one_token_source_per_process(broker: tuple[Broker, str]) -> None:
    _, url = broker
    settings = Settings(providers_url=url)
    async with httpx.AsyncClient(timeout=5) as http:
        assert ats_client(http, settings).tokens is ats_client(http, settings).tokens
