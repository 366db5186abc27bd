"""Payments sandbox: transfers (pending → processed | failed with magic ACH returns), refusals, idempotency."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from providers.settings import ProvidersSettings
from tests.providers.sandbox import Sandbox, open_sandbox, processor_token


@pytest.fixture
async def sb(provider_settings: ProvidersSettings) -> AsyncIterator[Sandbox]:
    async with open_sandbox(provider_settings) as sandbox:
        yield sandbox


async def transfer(sb: Sandbox, source_id: str, amount: str, direction: str = "deposit", idem: str = "auto") -> dict[str, Any]:
    r = await sb.post(
        "/payments/transfers", {"funding_source_id": source_id, "direction": direction, "amount": amount}, idem=idem
    )
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


async def status_of(sb: Sandbox, transfer_id: str) -> dict[str, Any]:
    data: dict[str, Any] = (await sb.get(f"/payments/transfers/{transfer_id}")).json()
    return data


@pytest.mark.parametrize(("amount", "shown"), [("250", "250.00"), ("13.00", "13.00"), ("0.5", "0.50"), ("5000.00", "5000.00")])
async def test_deposit_is_processed_after_the_delay(sb: Sandbox, amount: str, shown: str) -> None:
    source = await sb.verified_source()
    created = await transfer(sb, source["id"], amount)
    assert created["id"].startswith("tr_")
    assert {k: created[k] for k in ("status", "amount", "direction")} == {
        "status": "pending",
        "amount": shown,
        "direction": "deposit",
    }
    assert created["created"]
    await sb.tick(sb.settings.transfer_settle_seconds - 1)
    assert (await status_of(sb, created["id"]))["status"] == "pending"
    await sb.tick(2)
    settled = await status_of(sb, created["id"])
    assert (settled["status"], settled["failure_code"], settled["failure_reason"]) == ("processed", None, None)
    [event] = sb.events("transfer_completed")
    assert (event["resource_id"], event["customer_id"]) == (created["id"], source["customer"]["id"])
    assert not sb.events("transfer_failed")
    descriptions = [t["description"] for t in await sb.statement()]
    assert descriptions == ["VITRINE MICRO-DEPOSIT"] * 2, "a deposit leaves nothing on the statement"


async def test_processed_withdrawal_reaches_the_bank(sb: Sandbox) -> None:
    source = await sb.verified_source()
    created = await transfer(sb, source["id"], "75.40", direction="withdrawal")
    await sb.tick(sb.settings.transfer_settle_seconds + 1)
    assert (await status_of(sb, created["id"]))["status"] == "processed"
    last = (await sb.statement())[-1]
    assert (last["amount"], last["description"]) == ("75.40", "VITRINE WITHDRAWAL")


@pytest.mark.parametrize(
    ("amount", "code", "reason"),
    [
        ("100.13", "R01", "Insufficient funds"),
        ("0.13", "R01", "Insufficient funds"),
        ("25.03", "R03", "No account/unable to locate account"),
    ],
)
@pytest.mark.parametrize("direction", ["deposit", "withdrawal"])
async def test_magic_cents_fail_with_an_ach_return(sb: Sandbox, amount: str, code: str, reason: str, direction: str) -> None:
    source = await sb.verified_source()
    created = await transfer(sb, source["id"], amount, direction=direction)
    await sb.tick(sb.settings.transfer_settle_seconds + 1)
    failed = await status_of(sb, created["id"])
    assert (failed["status"], failed["failure_code"], failed["failure_reason"]) == ("failed", code, reason)
    assert [e["resource_id"] for e in sb.events("transfer_failed")] == [created["id"]]
    assert not sb.events("transfer_completed")
    assert "VITRINE WITHDRAWAL" not in [t["description"] for t in await sb.statement()]


async def test_only_verified_sources_of_verified_customers(sb: Sandbox) -> None:
    async def refused(source_id: str) -> str:
        r = await sb.post("/payments/transfers", {"funding_source_id": source_id, "direction": "deposit", "amount": "10.00"})
        assert r.status_code == 400, r.text
        message: str = r.json()["errors"][0]["message"]
        return message

    customer = await sb.customer()
    unverified = await sb.bank(customer["id"])
    assert await refused(unverified["id"]) == "The bank account must be verified before money can be moved."
    assert await refused("fs_nope") == "Unknown funding source."
    document = await sb.customer("document", external_id="2")
    linked = await processor_token(sb, external_id="2")
    r = await sb.post(
        f"/payments/customers/{document['id']}/funding-sources/processor-token", {"processor_token": linked["processor_token"]}
    )
    assert r.status_code == 201 and r.json()["status"] == "verified"
    assert await refused(r.json()["id"]) == "The customer must be verified before money can be moved (status: document)."
    await sb.client.delete(f"/payments/funding-sources/{r.json()['id']}", headers={"X-Provider-Key": "test-provider-key"})
    assert await refused(r.json()["id"]) == "This bank account was removed."
    assert (await sb.get(f"/payments/customers/{customer['id']}/transfers")).json() == {"items": []}


@pytest.mark.parametrize("amount", ["0", "-5", "1.234", "abc", "", None, "Infinity", 1e30])
async def test_bad_amounts(sb: Sandbox, amount: object) -> None:
    source = await sb.verified_source()
    r = await sb.post("/payments/transfers", {"funding_source_id": source["id"], "direction": "deposit", "amount": amount})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "amount"


async def test_limit_and_direction(sb: Sandbox) -> None:
    source = await sb.verified_source()
    over = await sb.post("/payments/transfers", {"funding_source_id": source["id"], "direction": "deposit", "amount": "5000.01"})
    assert over.status_code == 400 and over.json()["errors"][0]["message"] == "A transfer cannot exceed $5000.00."
    sideways = await sb.post("/payments/transfers", {"funding_source_id": source["id"], "direction": "sideways", "amount": "1"})
    assert sideways.status_code == 422 and sideways.json()["errors"][0]["field"] == "direction"


async def test_one_key_one_transfer(sb: Sandbox) -> None:
    source = await sb.verified_source()
    first = await transfer(sb, source["id"], "40.00", direction="withdrawal", idem="t-1")
    again = await transfer(sb, source["id"], "40.00", direction="withdrawal", idem="t-1")
    assert first == again
    conflict = await sb.post(
        "/payments/transfers", {"funding_source_id": source["id"], "direction": "withdrawal", "amount": "41.00"}, idem="t-1"
    )
    assert conflict.status_code == 409
    await sb.tick(sb.settings.transfer_settle_seconds + 1)
    assert [t["description"] for t in await sb.statement()].count("VITRINE WITHDRAWAL") == 1
    listed = (await sb.get(f"/payments/customers/{source['customer']['id']}/transfers")).json()["items"]
    assert [t["id"] for t in listed] == [first["id"]] and listed[0]["status"] == "processed"
