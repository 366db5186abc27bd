"""Payments sandbox: funding sources, micro-deposits (arrival, success, wrong attempts), processor tokens."""

from __future__ import annotations

from collections.abc import AsyncIterator
from decimal import Decimal

import pytest

from providers.payments import funding as payments_funding
from providers.settings import ProvidersSettings
from tests.providers.sandbox import Sandbox, cents, open_sandbox, processor_token

TOO_MANY = "Too many failed attempts: the bank account could not be verified. Please remove it and link it again."


@pytest.fixture
async def sb(provider_settings: ProvidersSettings) -> AsyncIterator[Sandbox]:
    async with open_sandbox(provider_settings) as sandbox:
        yield sandbox


async def arrived(sb: Sandbox) -> tuple[dict[str, str], list[str]]:
    customer = await sb.customer()
    source = await sb.bank(customer["id"])
    await sb.tick(sb.settings.micro_deposit_delay_seconds + 1)
    return source, await sb.micro_amounts()


def wrong_pair(amounts: list[str]) -> tuple[str, str]:
    return min(amounts), "0.10"  # a real micro-deposit is at most 0.09


async def test_manual_entry_creates_an_unverified_source(sb: Sandbox) -> None:
    customer = await sb.customer()
    source = await sb.bank(customer["id"])
    assert source["id"].startswith("fs_")
    expected = {"status": "unverified", "bank_name": "Harbor National Bank", "account_tail": "6789", "micro_deposits": "pending"}
    assert {k: source[k] for k in expected} == expected
    assert (await sb.get(f"/payments/funding-sources/{source['id']}")).json() == source
    other = await sb.bank(customer["id"], routing="123456780", account="5555")
    assert other["bank_name"] == "Sandbox Bank" and other["account_tail"] == "5555"
    items = (await sb.get(f"/payments/customers/{customer['id']}/funding-sources")).json()["items"]
    assert [s["id"] for s in items] == [source["id"], other["id"]]


async def test_micro_deposits_arrive_after_the_delay(sb: Sandbox) -> None:
    customer = await sb.customer()
    source = await sb.bank(customer["id"])
    r = await sb.verify_amounts(source["id"], "0.01", "0.02")
    assert r.status_code == 400 and r.json()["errors"][0]["message"] == "Micro-deposits have not arrived yet."
    await sb.tick(sb.settings.micro_deposit_delay_seconds - 1)
    assert await sb.statement() == []
    assert not sb.events("microdeposits_available")
    await sb.tick(2)
    statement = await sb.statement()
    assert [t["description"] for t in statement] == ["VITRINE MICRO-DEPOSIT"] * 2
    assert all(Decimal("0.01") <= cents(t["amount"]) <= Decimal("0.09") for t in statement)
    assert statement[0]["created"] <= statement[1]["created"]
    [event] = sb.events("microdeposits_available")
    assert (event["resource_id"], event["customer_id"]) == (source["id"], customer["id"])
    assert (await sb.get(f"/payments/funding-sources/{source['id']}")).json()["micro_deposits"] == "arrived"
    await sb.tick(100)
    assert len(await sb.statement()) == 2, "micro-deposits arrive once"
    assert await sb.statement(account="987654321") == []


class FixedCents:
    """Stands in for ``secrets`` in payments_funding: micro-deposits of 0.07 then 0.03, every time."""

    def __init__(self) -> None:
        self.calls = 0

    def randbelow(self, n: int) -> int:
        self.calls += 1
        return 6 if self.calls % 2 else 2


@pytest.mark.parametrize("order", ["as sent", "reversed"])
async def test_right_amounts_in_any_order_verify(sb: Sandbox, monkeypatch: pytest.MonkeyPatch, order: str) -> None:
    monkeypatch.setattr(payments_funding, "secrets", FixedCents())
    source, amounts = await arrived(sb)
    assert amounts == ["0.07", "0.03"]
    a1, a2 = amounts if order == "as sent" else amounts[::-1]
    r = await sb.verify_amounts(source["id"], a1, a2)
    assert r.status_code == 200, r.text
    assert r.json()["id"] == source["id"] and r.json()["status"] == "verified"
    assert (await sb.get(f"/payments/funding-sources/{source['id']}")).json()["status"] == "verified"
    await sb.tick(1)
    assert [e["resource_id"] for e in sb.events("funding_source_verified")] == [source["id"]]
    again = await sb.verify_amounts(source["id"], a1, a2)
    assert again.status_code == 400 and again.json()["errors"][0]["message"] == "This bank account is already verified."


async def test_wrong_amounts_count_down_then_fail_for_good(sb: Sandbox) -> None:
    source, amounts = await arrived(sb)
    wrong = wrong_pair(amounts)
    messages = []
    for _ in range(3):
        r = await sb.verify_amounts(source["id"], *wrong)
        assert r.status_code == 400
        messages.append(r.json()["errors"][0]["message"])
    assert messages == [
        "The amounts you entered do not match. You have 2 attempt(s) left.",
        "The amounts you entered do not match. You have 1 attempt(s) left.",
        TOO_MANY,
    ]
    assert (await sb.get(f"/payments/funding-sources/{source['id']}")).json()["status"] == "verification_failed"
    right = await sb.verify_amounts(source["id"], *amounts)
    assert right.status_code == 400 and right.json()["errors"][0]["message"] == TOO_MANY
    await sb.tick(1)
    assert len(sb.events("microdeposits_failed")) == 1


async def test_a_wrong_attempt_then_the_right_one(sb: Sandbox) -> None:
    source, amounts = await arrived(sb)
    assert (await sb.verify_amounts(source["id"], *wrong_pair(amounts))).status_code == 400
    assert (await sb.verify_amounts(source["id"], *amounts)).json()["status"] == "verified"


async def test_a_retried_attempt_with_the_same_key_counts_once(sb: Sandbox) -> None:
    source, amounts = await arrived(sb)
    body = dict(zip(("amount1", "amount2"), wrong_pair(amounts), strict=True))
    path = f"/payments/funding-sources/{source['id']}/micro-deposits"
    for _ in range(2):
        r = await sb.post(path, body, idem="attempt-1")
        assert r.json()["errors"][0]["message"].endswith("You have 2 attempt(s) left.")
    r = await sb.verify_amounts(source["id"], *wrong_pair(amounts))
    assert r.json()["errors"][0]["message"].endswith("You have 1 attempt(s) left.")


@pytest.mark.parametrize(
    ("amount1", "amount2"), [("abc", "0.01"), ("0.001", "0.02"), ("-0.01", "0.02"), ("1.00", "0.02"), ("NaN", "0.02")]
)
async def test_malformed_amounts_are_not_an_attempt(sb: Sandbox, amount1: str, amount2: str) -> None:
    source, amounts = await arrived(sb)
    r = await sb.verify_amounts(source["id"], amount1, amount2)
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "amount1"
    wrong = await sb.verify_amounts(source["id"], *wrong_pair(amounts))
    assert wrong.json()["errors"][0]["message"].endswith("You have 2 attempt(s) left.")


async def test_remove_then_link_again(sb: Sandbox) -> None:
    source, amounts = await arrived(sb)
    for _ in range(3):
        await sb.verify_amounts(source["id"], *wrong_pair(amounts))
    for _ in range(2):  # removing is idempotent
        r = await sb.client.delete(f"/payments/funding-sources/{source['id']}", headers={"X-Provider-Key": "test-provider-key"})
        assert r.status_code == 204 and r.content == b""
    assert (await sb.get(f"/payments/funding-sources/{source['id']}")).json()["status"] == "removed"
    r = await sb.verify_amounts(source["id"], *amounts)
    assert r.status_code == 400 and r.json()["errors"][0]["message"] == "This bank account was removed."
    customer_id = source["customer_id"]
    assert (await sb.get(f"/payments/customers/{customer_id}/funding-sources")).json()["items"] == []
    assert len((await sb.get(f"/payments/customers/{customer_id}/funding-sources", removed="true")).json()["items"]) == 1
    again = await sb.bank(customer_id)
    assert again["id"] != source["id"] and again["status"] == "unverified"
    await sb.tick(1)
    assert len(sb.events("funding_source_removed")) == 1


async def test_refusals(sb: Sandbox) -> None:
    customer = await sb.customer()
    path = f"/payments/customers/{customer['id']}/funding-sources"
    body = {"routing_number": "000000000", "account_number": "1234", "name": "Mine", "type": "Checking"}
    r = await sb.post(path, body)
    assert r.status_code == 400 and r.json()["errors"][0]["message"] == "Invalid routing number."
    for bad in ({"routing_number": "12345678"}, {"account_number": "123"}, {"account_number": "1" * 18}, {"type": "brokerage"}):
        assert (await sb.post(path, {**body, "routing_number": "440000107", **bad})).status_code == 422
    await sb.bank(customer["id"])
    duplicate = await sb.post(path, {**body, "routing_number": "440000107", "account_number": "123456789"})
    assert duplicate.status_code == 400 and "already linked" in duplicate.json()["errors"][0]["message"]
    suspended = await sb.customer("suspended", external_id="99")
    r = await sb.post(f"/payments/customers/{suspended['id']}/funding-sources", {**body, "routing_number": "440000107"})
    assert r.status_code == 400 and "suspended" in r.json()["errors"][0]["message"]
    assert (
        await sb.post("/payments/customers/cus_nope/funding-sources", {**body, "routing_number": "440000107"})
    ).status_code == 404


async def test_creating_twice_with_one_key_sends_one_pair(sb: Sandbox) -> None:
    customer = await sb.customer()
    body = {"routing_number": "440000107", "account_number": "123456789", "name": "Mine", "type": "savings"}
    path = f"/payments/customers/{customer['id']}/funding-sources"
    first, again = await sb.post(path, body, idem="fs-1"), await sb.post(path, body, idem="fs-1")
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    await sb.tick(sb.settings.micro_deposit_delay_seconds + 1)
    assert len(await sb.statement()) == 2


async def test_processor_token_creates_a_verified_source_without_micro_deposits(sb: Sandbox) -> None:
    customer = await sb.customer()
    linked = await processor_token(sb, account="savings")
    path = f"/payments/customers/{customer['id']}/funding-sources/processor-token"
    r = await sb.post(path, {"processor_token": linked["processor_token"]})
    assert r.status_code == 201, r.text
    source = r.json()
    assert source["status"] == "verified" and source["micro_deposits"] is None
    assert source["bank_name"] == "Maple Federal Credit Union" and source["account_tail"] == "1111"
    assert source["type"] == "savings"
    await sb.tick(sb.settings.micro_deposit_delay_seconds + 1)
    assert await sb.statement("440000204", linked["account"]["account_number"]) == []
    assert [e["resource_id"] for e in sb.events("funding_source_verified")] == [source["id"]]
    bad = await sb.post(path, {"processor_token": "processor-sandbox-nope"})
    assert bad.status_code == 400 and bad.json()["errors"][0]["message"] == "Invalid processor token."
