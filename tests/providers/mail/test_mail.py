from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from providers.app import create_app
from providers.settings import ProvidersSettings
from tests.providers.conftest import PROVIDER_KEY


def headers(idem: str | None = "k-1", key: str | None = PROVIDER_KEY) -> dict[str, str]:
    out: dict[str, str] = {}
    if idem is not None:
        out["Idempotency-Key"] = idem
    if key is not None:
        out["X-Provider-Key"] = key
    return out


MAIL = {"to": "ann@example.com", "subject": "Confirm your e-mail", "text": "Open http://app.test/confirm?key=K1"}


async def send(client: httpx.AsyncClient, body: Any = MAIL, **kw: str | None) -> httpx.Response:
    return await client.post("/mail/messages", json=body, headers=headers(**kw))


async def inbox(client: httpx.AsyncClient, to: str) -> list[dict[str, str]]:
    r = await client.get("/sandbox/mail", params={"to": to})
    assert r.status_code == 200, r.text
    data: list[dict[str, str]] = r.json()
    return data


async def test_send_stores_and_lists(client: httpx.AsyncClient) -> None:
    r = await send(client)
    assert r.status_code == 201, r.text
    assert r.json()["id"].startswith("msg_")
    [mail] = await inbox(client, "ann@example.com")
    assert {k: mail[k] for k in ("to", "subject", "text")} == MAIL
    assert mail["created"]


async def test_same_idempotency_key_returns_same_id_and_stores_once(client: httpx.AsyncClient) -> None:
    first = await send(client, idem="welcome-42")
    again = await send(client, idem="welcome-42")
    assert first.status_code == again.status_code == 201
    assert first.json()["id"] == again.json()["id"]
    assert len(await inbox(client, "ann@example.com")) == 1
    other = await send(client, idem="welcome-43")
    assert other.json()["id"] != first.json()["id"]
    assert len(await inbox(client, "ann@example.com")) == 2


async def test_concurrent_retries_store_once(client: httpx.AsyncClient) -> None:
    answers = await asyncio.gather(*(send(client, idem="race") for _ in range(12)))
    assert {r.status_code for r in answers} == {201}
    assert len({r.json()["id"] for r in answers}) == 1
    assert len(await inbox(client, "ann@example.com")) == 1


async def test_reused_key_with_different_message_is_a_conflict(client: httpx.AsyncClient) -> None:
    await send(client, idem="k")
    r = await send(client, {**MAIL, "subject": "Something else"}, idem="k")
    assert r.status_code == 409
    assert "Idempotency-Key" in r.json()["errors"][0]["message"]
    assert len(await inbox(client, "ann@example.com")) == 1


async def test_newest_last_and_case_insensitive_address(client: httpx.AsyncClient) -> None:
    for i, to in enumerate(["Ann@Example.com", "bob@example.com", "ann@example.com", "ANN@EXAMPLE.COM"]):
        r = await send(client, {"to": to, "subject": f"mail {i}", "text": ""}, idem=f"k{i}")
        assert r.status_code == 201, r.text
    mails = await inbox(client, "  aNN@example.COM ")
    assert [m["subject"] for m in mails] == ["mail 0", "mail 2", "mail 3"]
    assert [m["to"] for m in mails] == ["Ann@Example.com", "ann@example.com", "ANN@EXAMPLE.COM"]
    assert [m["subject"] for m in await inbox(client, "bob@example.com")] == ["mail 1"]
    assert await inbox(client, "nobody@example.com") == []


@pytest.mark.parametrize("key", [None, "", "wrong-key", PROVIDER_KEY + "x"])
async def test_provider_key_is_required(client: httpx.AsyncClient, key: str | None) -> None:
    r = await send(client, key=key)
    assert r.status_code == 401
    assert r.json() == {"errors": [{"message": "Invalid provider key"}], "error_type": "authentication"}
    assert await inbox(client, "ann@example.com") == []


@pytest.mark.parametrize("idem", [None, "", "   ", "x" * 256])
async def test_idempotency_key_is_required(client: httpx.AsyncClient, idem: str | None) -> None:
    r = await send(client, idem=idem)
    assert r.status_code == 400
    assert "Idempotency-Key" in r.json()["errors"][0]["message"]


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not json",
        b"{",
        b"null",
        b"[]",
        b'"text"',
        b"{}",
        b"\xff\xfe\x00garbage",
        b'{"to": 5, "subject": "s", "text": "t"}',
        b'{"to": "no-at-sign", "subject": "s", "text": "t"}',
        b'{"to": "a@b.c", "subject": "", "text": "t"}',
        b'{"to": "a@b.c", "subject": ["s"], "text": "t"}',
        b'{"to": "a@b.c", "subject": "s"}',
        b'{"to": "a@b.c", "subject": "s", "text": null}',
        b'{"to": "a@b.c", "subject": "s", "text": "' + b"x" * 200_001 + b'"}',
    ],
)
async def test_bad_bodies_get_an_error_body_never_500(client: httpx.AsyncClient, content: bytes) -> None:
    r = await client.post("/mail/messages", content=content, headers={**headers(), "Content-Type": "application/json"})
    assert r.status_code in (400, 422), r.text
    errors = r.json()["errors"]
    assert errors and all(isinstance(e["message"], str) and e["message"] for e in errors)
    assert await inbox(client, "a@b.c") == []


async def test_sandbox_listing_needs_an_address(client: httpx.AsyncClient) -> None:
    r = await client.get("/sandbox/mail")
    assert r.status_code == 422
    assert r.json()["errors"][0]["field"] == "to"


async def test_mail_survives_a_restart(provider_settings: ProvidersSettings) -> None:
    for _ in range(2):  # a fresh app on the same database file each time
        transport = httpx.ASGITransport(app=create_app(provider_settings))
        async with httpx.AsyncClient(transport=transport, base_url="http://p.test") as http:
            r = await send(http, idem="persist")
            assert r.status_code == 201
            assert len(await inbox(http, "ann@example.com")) == 1


async def test_inbox_page_is_readable_escaped_and_linked(client: httpx.AsyncClient) -> None:
    body = {
        "to": "ann@example.com",
        "subject": "<script>alert(1)</script> Reset",
        "text": "Reset here: http://app.test/new-password?uid=1&token=abc.\nThanks",
    }
    assert (await send(client, body)).status_code == 201
    r = await client.get("/sandbox/mail/inbox", params={"to": "ANN@example.com"})
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    page = r.text
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Reset" in page
    assert '<a href="http://app.test/new-password?uid=1&amp;token=abc">' in page
    index = await client.get("/sandbox/mail/inbox")
    assert index.status_code == 200
    assert "/sandbox/mail/inbox?to=ann%40example.com" in index.text
