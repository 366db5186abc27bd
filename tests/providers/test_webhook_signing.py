from __future__ import annotations

import json

import httpx

from providers.webhooks import EVENT_ID_HEADER, SIGNATURE_HEADER, encode_event, encode_events, send_webhook, sign, verify

SECRET = "test-webhook-secret"


def test_sign_is_hex_hmac_sha256() -> None:
    # RFC-style known vector, independent of the implementation.
    expected = "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
    assert sign(b"The quick brown fox jumps over the lazy dog", "key") == expected
    assert verify(b"The quick brown fox jumps over the lazy dog", "key", expected.upper())
    assert not verify(b"The quick brown fox jumps over the lazy dog.", "key", expected)
    assert not verify(b"x", "key", None) and not verify(b"x", "key", "")


async def test_round_trip_signature_verifies_on_the_receiver() -> None:
    received: list[httpx.Request] = []

    def receiver(request: httpx.Request) -> httpx.Response:
        received.append(request)
        ok = verify(request.content, SECRET, request.headers.get(SIGNATURE_HEADER))
        return httpx.Response(200 if ok else 401)

    event = {"id": "evt_1", "topic": "transfer_completed", "resource": {"amount": "12.50"}}
    async with httpx.AsyncClient(transport=httpx.MockTransport(receiver)) as http:
        result = await send_webhook("http://api.test/hook", event, SECRET, client=http)
        wrong = await send_webhook("http://api.test/hook", event, "other-secret", client=http)
    assert result.delivered and result.attempts == 1 and result.status_code == 200
    assert not wrong.delivered and wrong.status_code == 401 and wrong.attempts == 1
    assert json.loads(received[0].content) == event
    assert received[0].headers[EVENT_ID_HEADER] == "evt_1"
    assert received[0].headers["content-type"] == "application/json"


async def test_retries_with_backoff_then_delivers() -> None:
    answers = iter([503, 500, 200])
    bodies: list[bytes] = []
    sleeps: list[float] = []

    def receiver(request: httpx.Request) -> httpx.Response:
        bodies.append(request.content)
        return httpx.Response(next(answers))

    async def fake_sleep(seconds: float) -> None:
        sleeps.append(seconds)

    async with httpx.AsyncClient(transport=httpx.MockTransport(receiver)) as http:
        result = await send_webhook("http://api.test/hook", {"id": "e"}, SECRET, client=http, sleep=fake_sleep)
    assert result.delivered and result.attempts == 3
    assert sleeps == [0.5, 1.0]
    assert len(set(bodies)) == 1, "every attempt sends the same signed bytes"


async def test_gives_up_on_network_errors_and_final_4xx() -> None:
    calls = 0

    def down(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        raise httpx.ConnectError("connection refused", request=request)

    async def no_sleep(_: float) -> None:
        return None

    async with httpx.AsyncClient(transport=httpx.MockTransport(down)) as http:
        result = await send_webhook("http://api.test/hook", {}, SECRET, client=http, attempts=3, sleep=no_sleep)
    assert not result.delivered and result.attempts == 3 and calls == 3
    assert result.status_code is None and result.error and "ConnectError" in result.error

    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(404))) as http:
        final = await send_webhook("http://api.test/hook", {}, SECRET, client=http, sleep=no_sleep)
    assert not final.delivered and final.attempts == 1 and final.status_code == 404


def test_events_sharing_their_data_encode_as_each_would_alone() -> None:
    data = {"id": "ord_1", "units": {"filled": 2, "requested": 3}, "note": 'a "data":0 inside', "price": "10.05"}
    heads = [{"id": f"evt_{n}", "topic": topic, "created": "2026-11-29T10:00:00+00:00"}
             for n, topic in enumerate(("order.accepted", "order.filled", "a \"data\":0 topic"))]
    for some in (heads[:1], heads):
        assert encode_events(some, data) == [encode_event({**head, "data": data}) for head in some]
