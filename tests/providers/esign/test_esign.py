"""E-sign sandbox: envelopes, recipient views and their tokens, the frameable signing page, the signer's choice."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from providers.settings import ProvidersSettings
from tests.providers.sandbox import Sandbox, open_sandbox

RETURN_URL = "http://app.test/app/esign/callback?flow=purchase-1-12-1"
FIELDS = {"shares": 3, "total": "150.00", "ticker": "#55PS1", "price_per_share": "50.00"}


@pytest.fixture
async def sb(provider_settings: ProvidersSettings) -> AsyncIterator[Sandbox]:
    async with open_sandbox(provider_settings) as sandbox:
        yield sandbox


def envelope_body(**changes: Any) -> dict[str, Any]:
    body = {
        "template_id": "tpl-subscription-v1",
        "signer": {"name": "Ann Lee", "email": "ann@example.com", "client_user_id": "user-42"},
        "return_url": RETURN_URL,
        "fields": FIELDS,
    }
    return body | changes


async def envelope(sb: Sandbox, **changes: Any) -> str:
    r = await sb.post("/esign/envelopes", envelope_body(**changes))
    assert r.status_code == 201, r.text
    envelope_id: str = r.json()["envelope_id"]
    return envelope_id


async def view(sb: Sandbox, envelope_id: str, **body: str) -> str:
    r = await sb.post(f"/esign/envelopes/{envelope_id}/views/recipient", body, idem=None)
    assert r.status_code == 200, r.text
    url: str = r.json()["url"]
    return url


def token_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["token"][0]


async def status(sb: Sandbox, envelope_id: str) -> dict[str, Any]:
    r = await sb.get(f"/esign/envelopes/{envelope_id}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


async def act(sb: Sandbox, envelope_id: str, action: str, token: str | None = None) -> httpx.Response:
    data = {"token": token} if token is not None else None
    return await sb.client.post(f"/sandbox/esign/envelopes/{envelope_id}/{action}", data=data)


def event_of(response: httpx.Response) -> list[str]:
    assert response.status_code == 303, response.text
    return parse_qs(urlsplit(response.headers["location"]).query)["event"]


class Controls(HTMLParser):
    """The forms of a page: their action, the hidden token and the label of their submit button."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, str]] = []
        self.in_button = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append({"method": a.get("method", ""), "action": a.get("action", ""), "button": ""})
        elif tag == "input" and a.get("type") == "hidden" and a.get("name") == "token":
            self.forms[-1]["token"] = a.get("value", "")
        elif tag == "button":
            assert a.get("type") == "submit"
            self.in_button = True

    def handle_endtag(self, tag: str) -> None:
        self.in_button = self.in_button and tag != "button"

    def handle_data(self, data: str) -> None:
        if self.in_button:
            self.forms[-1]["button"] += data.strip()


def controls(page: str) -> list[dict[str, str]]:
    parser = Controls()
    parser.feed(page)
    return parser.forms


async def test_create_and_read_an_envelope(sb: Sandbox) -> None:
    r = await sb.post("/esign/envelopes", envelope_body(), idem="env-1")
    assert r.status_code == 201, r.text
    created = r.json()
    assert set(created) == {"envelope_id", "status", "template_id", "created"}
    assert created["status"] == "sent" and created["template_id"] == "tpl-subscription-v1"
    again = await sb.post("/esign/envelopes", envelope_body(), idem="env-1")
    assert again.status_code == 201 and again.json() == created, "the same key creates one envelope"
    other = await sb.post("/esign/envelopes", envelope_body(fields={"shares": 4}), idem="env-1")
    assert other.status_code == 409, "a key is bound to its request"
    got = await status(sb, created["envelope_id"])
    assert got == {
        **created,
        "completed_at": None,
        "declined_at": None,
        "voided_at": None,
        "return_url": RETURN_URL,
    }


async def test_the_server_api_needs_the_keys_and_valid_bodies(sb: Sandbox) -> None:
    assert (await sb.post("/esign/envelopes", envelope_body(), key=None)).status_code == 401
    assert (await sb.post("/esign/envelopes", envelope_body(), idem=None)).status_code == 400
    bad_url = await sb.post("/esign/envelopes", envelope_body(return_url="javascript:alert(1)"))
    assert bad_url.status_code == 422 and bad_url.json()["errors"][0]["field"] == "return_url"
    bad_mail = await sb.post("/esign/envelopes", envelope_body(signer={"name": "A", "email": "x", "client_user_id": "1"}))
    assert bad_mail.status_code == 422 and bad_mail.json()["errors"][0]["field"] == "signer.email"
    envelope_id = await envelope(sb)
    unauth = await sb.client.get(f"/esign/envelopes/{envelope_id}")
    assert unauth.status_code == 401


@pytest.mark.parametrize("template_id", ["tpl-broken", "subscription", "TPL-x"])
async def test_unknown_templates_are_refused(sb: Sandbox, template_id: str) -> None:
    r = await sb.post("/esign/envelopes", envelope_body(template_id=template_id))
    assert r.status_code == 400
    assert r.json()["errors"] == [{"message": "Unknown template"}]


async def test_any_tpl_template_is_known(sb: Sandbox) -> None:
    envelope_id = await envelope(sb, template_id="tpl-wine-2024")
    assert (await status(sb, envelope_id))["template_id"] == "tpl-wine-2024"


async def test_unknown_envelopes_are_404(sb: Sandbox) -> None:
    assert (await sb.get("/esign/envelopes/env_nope")).status_code == 404
    assert (await sb.post("/esign/envelopes/env_nope/views/recipient", {})).status_code == 404
    assert (await sb.post("/esign/envelopes/env_nope/void", {})).status_code == 404
    assert (await sb.client.get("/sandbox/esign/signing/env_nope", params={"token": "x"})).status_code == 404
    assert (await act(sb, "env_nope", "sign")).status_code == 404


async def test_a_recipient_view_is_a_signing_page_url_with_a_fresh_token(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    first, second = await view(sb, envelope_id), await view(sb, envelope_id)
    for url in (first, second):
        parts = urlsplit(url)
        assert f"{parts.scheme}://{parts.netloc}{parts.path}" == f"http://providers.test/sandbox/esign/signing/{envelope_id}"
        assert len(token_of(url)) >= 20
    assert token_of(first) != token_of(second), "a new view makes a new token"
    for url in (first, second):
        assert (await sb.client.get(url)).status_code == 200


async def test_the_signing_page_shows_the_agreement_and_three_actions(sb: Sandbox) -> None:
    envelope_id = await envelope(sb, fields={**FIELDS, "note": "<script>alert(1)</script>"})
    token = token_of(await view(sb, envelope_id))
    r = await sb.client.get(f"/sandbox/esign/signing/{envelope_id}", params={"token": token})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert '<html lang="en">' in page and re.search(r"<title>[^<]+</title>", page)
    assert "<script>" not in page and "&lt;script&gt;" in page, "values are escaped; the page has no script"
    assert "Subscription Agreement" in page and "Ann Lee" in page
    assert "#55PS1" in page and "$150.00" in page and ">3<" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), "no external assets"
    forms = controls(page)
    assert [(f["method"], f["action"], f["button"]) for f in forms] == [
        ("post", f"/sandbox/esign/envelopes/{envelope_id}/decline", "Decline"),
        ("post", f"/sandbox/esign/envelopes/{envelope_id}/cancel", "Cancel"),
        ("post", f"/sandbox/esign/envelopes/{envelope_id}/sign", "Sign"),
    ]
    assert {f["token"] for f in forms} == {token}


async def test_the_signing_page_can_be_framed(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    r = await sb.client.get(await view(sb, envelope_id))
    assert "x-frame-options" not in r.headers
    assert r.headers["content-security-policy"] == "frame-ancestors *"
    assert r.headers["cache-control"] == "no-store"


async def test_bad_missing_foreign_or_expired_tokens_are_403(sb: Sandbox) -> None:
    envelope_id, other_id = await envelope(sb), await envelope(sb)
    token, other_token = token_of(await view(sb, envelope_id)), token_of(await view(sb, other_id))
    page = f"/sandbox/esign/signing/{envelope_id}"
    for params in ({}, {"token": ""}, {"token": "forged"}, {"token": other_token}):
        r = await sb.client.get(page, params=params)
        assert r.status_code == 403 and "expired or is not valid" in r.text, params
        assert r.headers["content-security-policy"] == "frame-ancestors *"
    assert (await sb.client.get(page, params={"token": token})).status_code == 200
    sb.offset += sb.settings.esign_view_ttl_seconds + 1
    assert (await sb.client.get(page, params={"token": token})).status_code == 403, "a token lives 10 minutes"


async def test_an_action_with_a_bad_token_changes_nothing(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    token = token_of(await view(sb, envelope_id))
    assert (await act(sb, envelope_id, "sign", "forged")).status_code == 403
    sb.offset += sb.settings.esign_view_ttl_seconds + 1
    assert (await act(sb, envelope_id, "decline", token)).status_code == 403
    assert (await status(sb, envelope_id))["status"] == "sent"
    await sb.tick(5)
    assert sb.hooks == []


async def test_signing_completes_redirects_and_sends_the_signed_webhook(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    token = token_of(await view(sb, envelope_id))
    r = await act(sb, envelope_id, "sign", token)
    assert r.status_code == 303
    location = urlsplit(r.headers["location"])
    assert (location.scheme, location.netloc, location.path) == ("http", "app.test", "/app/esign/callback")
    assert parse_qs(location.query) == {"flow": ["purchase-1-12-1"], "event": ["signing_complete"]}
    after = await status(sb, envelope_id)
    assert after["status"] == "completed" and after["completed_at"] and after["declined_at"] is None
    await sb.tick(sb.settings.webhook_delay_seconds + 0.1)
    [hook] = sb.hooks
    assert str(hook.url) == sb.settings.esign_webhook_url == "http://127.0.0.1:8000/api/webhooks/esign/"
    [event] = sb.events()  # checks the X-Sandbox-Signature under the webhook secret
    assert set(event) == {"id", "topic", "envelope_id", "status", "created"}
    assert (event["topic"], event["envelope_id"], event["status"]) == ("envelope_completed", envelope_id, "completed")
    assert hook.headers["X-Sandbox-Event-Id"] == event["id"]


async def test_signing_twice_changes_nothing_more(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    assert event_of(await act(sb, envelope_id, "sign")) == ["signing_complete"]
    completed_at = (await status(sb, envelope_id))["completed_at"]
    sb.offset += 30
    assert event_of(await act(sb, envelope_id, "sign")) == ["signing_complete"]
    assert (await status(sb, envelope_id))["completed_at"] == completed_at
    await sb.tick(5)
    assert [e["topic"] for e in sb.events()] == ["envelope_completed"], "one webhook"
    assert (await act(sb, envelope_id, "decline")).status_code == 409
    assert (await status(sb, envelope_id))["status"] == "completed"


async def test_the_page_of_a_signed_envelope_says_so(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    url = await view(sb, envelope_id)
    await act(sb, envelope_id, "sign")
    page = (await sb.client.get(url)).text
    assert "You signed this agreement" in page
    assert [f["button"] for f in controls(page)] == ["Continue"]


async def test_declining_redirects_and_sends_its_webhook(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    url = await view(sb, envelope_id)
    assert event_of(await act(sb, envelope_id, "decline", token_of(url))) == ["decline"]
    after = await status(sb, envelope_id)
    assert after["status"] == "declined" and after["declined_at"] and after["completed_at"] is None
    await sb.tick(1)
    assert [(e["topic"], e["status"]) for e in sb.events()] == [("envelope_declined", "declined")]
    sign = await act(sb, envelope_id, "sign")
    assert sign.status_code == 409 and "declined" in sign.text
    assert event_of(await act(sb, envelope_id, "decline")) == ["decline"]
    page = (await sb.client.get(url)).text
    assert "You declined this agreement" in page and controls(page) == []
    await sb.tick(1)
    assert len(sb.hooks) == 1


async def test_cancel_leaves_the_envelope_to_sign_later(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    assert event_of(await act(sb, envelope_id, "cancel")) == ["cancel"]
    assert (await status(sb, envelope_id))["status"] == "sent"
    await sb.tick(1)
    assert sb.hooks == []
    assert event_of(await act(sb, envelope_id, "sign")) == ["signing_complete"]


async def test_a_view_return_url_replaces_the_envelopes(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    await view(sb, envelope_id, return_url="https://app.test/back")
    assert (await status(sb, envelope_id))["return_url"] == "https://app.test/back"
    assert (await act(sb, envelope_id, "cancel")).headers["location"] == "https://app.test/back?event=cancel"
    bad = await sb.post(f"/esign/envelopes/{envelope_id}/views/recipient", {"return_url": "/relative"})
    assert bad.status_code == 422


async def test_unknown_actions_are_refused(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    assert (await act(sb, envelope_id, "complete")).status_code in (404, 422)
    assert (await status(sb, envelope_id))["status"] == "sent"


async def test_void_rules(sb: Sandbox) -> None:
    envelope_id = await envelope(sb)
    url = await view(sb, envelope_id)
    r = await sb.post(f"/esign/envelopes/{envelope_id}/void", {}, idem="void-1")
    assert r.status_code == 200 and r.json()["status"] == "voided" and r.json()["voided_at"]
    assert (await sb.post(f"/esign/envelopes/{envelope_id}/void", {}, idem="void-1")).json() == r.json()
    assert (await sb.post(f"/esign/envelopes/{envelope_id}/void", {})).json()["status"] == "voided"
    assert (await act(sb, envelope_id, "sign")).status_code == 409
    assert (await act(sb, envelope_id, "decline")).status_code == 409
    assert "withdrawn" in (await sb.client.get(url)).text
    signed = await envelope(sb)
    await act(sb, signed, "sign")
    refused = await sb.post(f"/esign/envelopes/{signed}/void", {})
    assert refused.status_code == 409 and refused.json()["errors"][0]["message"]
    assert (await status(sb, signed))["status"] == "completed"
    declined = await envelope(sb)
    await act(sb, declined, "decline")
    assert (await sb.post(f"/esign/envelopes/{declined}/void", {})).json()["status"] == "declined"


async def test_webhooks_are_listed_and_redelivered_with_the_same_bytes(sb: Sandbox) -> None:
    signed, declined = await envelope(sb), await envelope(sb)
    await act(sb, signed, "sign")
    await act(sb, declined, "decline")
    await sb.tick(1)
    listed = (await sb.client.get("/sandbox/esign/webhooks")).json()
    assert [(e["topic"], e["envelope_id"], e["status"], e["delivery_status"], e["attempts"]) for e in listed] == [
        ("envelope_completed", signed, "completed", "delivered", 1),
        ("envelope_declined", declined, "declined", "delivered", 1),
    ]
    only = (await sb.client.get("/sandbox/esign/webhooks", params={"envelope_id": declined})).json()
    assert [e["id"] for e in only] == [listed[1]["id"]]
    first = sb.hooks[0]
    r = await sb.client.post(f"/sandbox/esign/webhooks/{listed[0]['id']}/redeliver")
    assert r.status_code == 200
    expected = {"id": listed[0]["id"], "topic": "envelope_completed", "delivered": True, "status_code": 200, "error": None}
    assert r.json() == expected
    again = sb.hooks[-1]
    assert again.content == first.content
    assert again.headers["X-Sandbox-Signature"] == first.headers["X-Sandbox-Signature"]
    assert str(again.url) == sb.settings.esign_webhook_url
    assert (await sb.client.post("/sandbox/esign/webhooks/evt_nope/redeliver")).status_code == 404


async def test_esign_and_payment_events_stay_apart(sb: Sandbox) -> None:
    await act(sb, await envelope(sb), "sign")
    await sb.customer()
    await sb.tick(1)
    payments = (await sb.client.get("/sandbox/webhooks")).json()
    esign = (await sb.client.get("/sandbox/esign/webhooks")).json()
    assert {e["topic"] for e in payments} == {"customer_created", "customer_verified"}
    assert [e["topic"] for e in esign] == ["envelope_completed"]
    assert (await sb.client.post(f"/sandbox/webhooks/{esign[0]['id']}/redeliver")).status_code == 404
    assert (await sb.client.post(f"/sandbox/esign/webhooks/{payments[0]['id']}/redeliver")).status_code == 404
    urls = {json.loads(h.content)["topic"]: str(h.url) for h in sb.hooks}
    assert urls == {
        "envelope_completed": sb.settings.esign_webhook_url,
        "customer_created": sb.settings.webhook_url,
        "customer_verified": sb.settings.webhook_url,
    }


async def test_a_failed_esign_webhook_is_retried_with_backoff(sb: Sandbox) -> None:
    sb.hook_answers.extend([503])
    await act(sb, await envelope(sb), "sign")
    await sb.tick(1)
    assert len(sb.hooks) == 1
    await sb.tick(sb.settings.webhook_retry_base_seconds + 0.1)
    assert len(sb.hooks) == 2 and sb.hooks[0].content == sb.hooks[1].content
    [listed] = (await sb.client.get("/sandbox/esign/webhooks")).json()
    assert (listed["delivery_status"], listed["attempts"], listed["last_status"]) == ("delivered", 2, 200)
