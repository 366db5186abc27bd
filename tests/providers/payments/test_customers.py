"""Payments sandbox: customers, magic names, retry, identity documents, idempotency, error shapes."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from providers.settings import ProvidersSettings
from tests.providers.conftest import PROVIDER_KEY
from tests.providers.sandbox import Sandbox, open_sandbox

CUSTOMER = {"external_id": "7", "first_name": "Ann", "last_name": "Lee", "email": "ann@example.com", "ssn_last4": "6789"}


@pytest.fixture
async def sb(provider_settings: ProvidersSettings) -> AsyncIterator[Sandbox]:
    async with open_sandbox(provider_settings) as sandbox:
        yield sandbox


@pytest.mark.parametrize(
    ("first_name", "status"),
    [
        ("Ann", "verified"),
        ("retry", "retry"),
        ("RETRY", "retry"),
        (" Document ", "document"),
        ("suspended", "suspended"),
        ("Retrying", "verified"),
    ],
)
async def test_magic_first_name_chooses_the_status(sb: Sandbox, first_name: str, status: str) -> None:
    r = await sb.post("/payments/customers", {**CUSTOMER, "first_name": first_name})
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["status"] == status and created["id"].startswith("cus_")
    got = (await sb.get(f"/payments/customers/{created['id']}")).json()
    assert {k: got[k] for k in ("id", "status", "external_id")} == {"id": created["id"], "status": status, "external_id": "7"}


async def test_same_external_id_returns_the_existing_customer(sb: Sandbox) -> None:
    first = await sb.post("/payments/customers", {**CUSTOMER, "first_name": "retry"})
    again = await sb.post("/payments/customers", {**CUSTOMER, "first_name": "Bob"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"] and again.json()["status"] == "retry"
    found = (await sb.get("/payments/customers", external_id="7")).json()["items"]
    assert [c["id"] for c in found] == [first.json()["id"]]
    assert (await sb.get("/payments/customers", external_id="8")).json() == {"items": []}


@pytest.mark.parametrize(("new_first_name", "status"), [("Ann", "verified"), ("document", "document"), ("Retry", "retry")])
async def test_retry_updates_a_customer_in_retry(sb: Sandbox, new_first_name: str, status: str) -> None:
    customer = await sb.customer("retry")
    body = {"first_name": new_first_name, "last_name": "Lee", "ssn_last4": "1111"}
    r = await sb.post(f"/payments/customers/{customer['id']}/retry", body, idem=None)
    assert r.status_code == 200, r.text
    assert r.json()["status"] == status
    assert (await sb.get(f"/payments/customers/{customer['id']}")).json()["status"] == status


async def test_retry_is_refused_unless_the_customer_is_in_retry(sb: Sandbox) -> None:
    customer = await sb.customer("Ann")
    body = {"first_name": "Ann", "last_name": "Lee", "ssn_last4": "1111"}
    r = await sb.post(f"/payments/customers/{customer['id']}/retry", body)
    assert r.status_code == 400
    assert r.json()["errors"][0]["message"] == "Only a customer in the retry status can be updated with new information."
    assert (await sb.post("/payments/customers/cus_nope/retry", body)).status_code == 404


async def test_document_review_verifies_the_customer_after_the_delay(sb: Sandbox) -> None:
    customer = await sb.customer("document")
    r = await sb.post(
        f"/payments/customers/{customer['id']}/documents", {"document_type": "idCard", "file_key": "uploads/7/id.png"}
    )
    assert r.status_code == 201, r.text
    document = r.json()
    assert document["status"] == "pending" and document["document_type"] == "idCard"
    assert (await sb.get(f"/payments/customers/{customer['id']}")).json()["status"] == "document-pending"
    again = await sb.post(f"/payments/customers/{customer['id']}/documents", {"document_type": "passport", "file_key": "k"})
    assert again.status_code == 400 and "already under review" in again.json()["errors"][0]["message"]

    await sb.tick(sb.settings.document_review_seconds - 1)
    assert (await sb.get(f"/payments/customers/{customer['id']}")).json()["status"] == "document-pending"
    assert not sb.events("customer_verified")
    await sb.tick(2)
    assert (await sb.get(f"/payments/customers/{customer['id']}")).json()["status"] == "verified"
    assert (await sb.get(f"/payments/documents/{document['id']}")).json()["status"] == "reviewed"
    [event] = sb.events("customer_verified")
    assert event["resource_id"] == event["customer_id"] == customer["id"]


async def test_documents_only_when_asked_for(sb: Sandbox) -> None:
    customer = await sb.customer("Ann")
    r = await sb.post(f"/payments/customers/{customer['id']}/documents", {"document_type": "passport", "file_key": "k"})
    assert r.status_code == 400 and r.json()["errors"][0]["message"] == "This customer does not need an identity document."
    bad = await sb.post(f"/payments/customers/{customer['id']}/documents", {"document_type": "selfie", "file_key": "k"})
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "document_type"


async def test_same_idempotency_key_same_answer_nothing_created_twice(sb: Sandbox) -> None:
    first = await sb.post("/payments/customers", CUSTOMER, idem="create-7")
    again = await sb.post("/payments/customers", CUSTOMER, idem="create-7")
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    await sb.tick(1)
    assert len(sb.events("customer_created")) == 1


async def test_same_idempotency_key_with_another_body_is_a_conflict(sb: Sandbox) -> None:
    assert (await sb.post("/payments/customers", CUSTOMER, idem="k")).status_code == 201
    r = await sb.post("/payments/customers", {**CUSTOMER, "external_id": "8"}, idem="k")
    assert r.status_code == 409
    assert r.json()["errors"][0]["message"] == "Idempotency-Key was already used with a different request"
    assert (await sb.get("/payments/customers", external_id="8")).json() == {"items": []}
    other_route = await sb.post("/banklink/link-tokens", {"external_id": "7", "return_url": "http://a.test/"}, idem="k")
    assert other_route.status_code == 409


@pytest.mark.parametrize("idem", [None, "", "   ", "x" * 256])
async def test_creating_needs_an_idempotency_key(sb: Sandbox, idem: str | None) -> None:
    r = await sb.post("/payments/customers", CUSTOMER, idem=idem)
    assert r.status_code == 400 and "Idempotency-Key" in r.json()["errors"][0]["message"]
    assert (await sb.get("/payments/customers", external_id="7")).json() == {"items": []}


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/payments/customers"),
        ("GET", "/payments/customers/cus_x"),
        ("POST", "/payments/transfers"),
        ("GET", "/payments/funding-sources/fs_x"),
        ("DELETE", "/payments/funding-sources/fs_x"),
        ("POST", "/banklink/exchange"),
    ],
)
@pytest.mark.parametrize("key", [None, "wrong", PROVIDER_KEY + "x"])
async def test_server_calls_need_the_provider_key(sb: Sandbox, method: str, path: str, key: str | None) -> None:
    headers = {"Idempotency-Key": "k"} | ({"X-Provider-Key": key} if key else {})
    r = await sb.client.request(method, path, json=CUSTOMER, headers=headers)
    assert r.status_code == 401
    assert r.json() == {"errors": [{"message": "Invalid provider key"}], "error_type": "authentication"}


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not json",
        b"null",
        b"[]",
        b"{}",
        b"\xff\xfe\x00",
        b'{"external_id": 7, "first_name": "A", "last_name": "B", "email": "a@b.c", "ssn_last4": "1234"}',
        b'{"external_id": "7", "first_name": "", "last_name": "B", "email": "a@b.c", "ssn_last4": "1234"}',
        b'{"external_id": "7", "first_name": "A", "last_name": "B", "email": "nope", "ssn_last4": "1234"}',
        b'{"external_id": "7", "first_name": "A", "last_name": "B", "email": "a@b.c", "ssn_last4": "12345"}',
        b'{"external_id": "7", "first_name": "A", "last_name": "B", "email": "a@b.c", "ssn_last4": "\xd9\xa1234"}',
        b'{"external_id": "7", "first_name": ["A"], "last_name": "B", "email": "a@b.c", "ssn_last4": "1234"}',
    ],
)
@pytest.mark.parametrize(
    "path",
    [
        "/payments/customers",
        "/payments/customers/cus_x/retry",
        "/payments/customers/cus_x/documents",
        "/payments/customers/cus_x/funding-sources",
        "/payments/customers/cus_x/funding-sources/processor-token",
        "/payments/funding-sources/fs_x/micro-deposits",
        "/payments/transfers",
        "/banklink/link-tokens",
        "/banklink/exchange",
        "/banklink/processor-token",
    ],
)
async def test_bad_bodies_get_an_error_body_never_500(sb: Sandbox, path: str, content: bytes) -> None:
    headers = {"X-Provider-Key": PROVIDER_KEY, "Idempotency-Key": "bad", "Content-Type": "application/json"}
    r = await sb.client.post(path, content=content, headers=headers)
    assert 400 <= r.status_code < 500, r.text
    errors = r.json()["errors"]
    assert errors and all(isinstance(e["message"], str) and e["message"] for e in errors)


async def test_unknown_resources_are_404_with_the_error_shape(sb: Sandbox) -> None:
    for path in ("/payments/customers/cus_nope", "/payments/funding-sources/fs_nope", "/payments/transfers/tr_nope"):
        r = await sb.get(path)
        assert r.status_code == 404 and r.json()["errors"][0]["message"].startswith("Unknown")
    assert (await sb.get("/payments/customers/" + "x" * 65)).status_code == 422


async def test_a_customer_s_contact_details_are_updated_but_not_its_verified_identity(sb: Sandbox) -> None:
    customer = await sb.customer("Ann")
    url = f"/payments/customers/{customer['id']}"
    assert (await sb.get(url)).json()["address1"] == ""  # created without an address
    contact = {"address1": "12 Main St", "address2": "4B", "city": "Albany", "state": "NY", "postal_code": "12207",
               "phone": "5555555555"}
    r = await sb.post(url, contact)
    assert r.status_code == 200, r.text
    got = (await sb.get(url)).json()
    assert {k: got[k] for k in contact} == contact and got["status"] == "verified"
    r = await sb.post(url, {"city": "Troy", "address2": ""}, idem=None)  # the fields sent change, the others stay
    assert r.status_code == 200, r.text
    got = (await sb.get(url)).json()
    assert (got["address1"], got["address2"], got["city"]) == ("12 Main St", "", "Troy")
    assert (await sb.post(url, {"first_name": "Bob"})).status_code == 422  # the verified identity: not here
    assert (await sb.post(url, {"postal_code": "1220"})).status_code == 422
    assert (await sb.post("/payments/customers/cus_nope", {"city": "Troy"})).status_code == 404


async def test_a_customer_is_created_with_its_contact_details(sb: Sandbox) -> None:
    contact = {"address1": "1 Navy Yard", "address2": "", "city": "Sacramento", "state": "CA", "postal_code": "95814",
               "phone": "5555555555"}
    r = await sb.post("/payments/customers", {**CUSTOMER, **contact})
    assert r.status_code == 201, r.text
    got = (await sb.get(f"/payments/customers/{r.json()['id']}")).json()
    assert {k: got[k] for k in contact} == contact
    assert (await sb.post("/payments/customers", {**CUSTOMER, "external_id": "9", "state": "California"})).status_code == 422


async def test_a_suspended_customer_cannot_be_updated(sb: Sandbox) -> None:
    customer = await sb.customer("suspended")
    r = await sb.post(f"/payments/customers/{customer['id']}", {"city": "Troy"})
    assert r.status_code == 400
    assert r.json()["errors"][0]["message"] == "A suspended customer cannot be updated."
