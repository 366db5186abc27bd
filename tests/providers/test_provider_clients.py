"""The api's typed clients of the e-sign, promo-code and merchandise shop providers, against the sandbox app."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from clients.esign import EsignClient
from clients.http import ProviderRejected
from clients.promo import PromoClient
from clients.shop import ShopClient
from providers.app import create_app
from providers.settings import ProvidersSettings
from tests.providers.conftest import PROVIDER_KEY

BASE = "http://providers.test"


@pytest.fixture
async def http(provider_settings: ProvidersSettings) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=create_app(provider_settings))
    async with httpx.AsyncClient(transport=transport) as client:
        yield client


async def test_esign_client(http: httpx.AsyncClient) -> None:
    esign = EsignClient(http, BASE, PROVIDER_KEY)
    fields = {"shares": "2", "total": "100.00", "ticker": "#55PS1"}
    args = ("tpl-subscription-v1", "Ann Lee", "ann@example.com", "user-42", "http://app.test/back", fields)
    created = await esign.create_envelope(*args, idempotency_key="flow-1:envelope")
    assert created == await esign.create_envelope(*args, idempotency_key="flow-1:envelope")
    envelope_id = created["envelope_id"]
    url = await esign.recipient_view(envelope_id, "http://app.test/other")
    assert url.startswith(f"{BASE}/sandbox/esign/signing/{envelope_id}?token=")
    assert (await http.get(url)).status_code == 200
    got = await esign.get_envelope(envelope_id)
    assert (got["status"], got["return_url"]) == ("sent", "http://app.test/other")
    assert (await esign.void_envelope(envelope_id, idempotency_key="v1"))["status"] == "voided"
    with pytest.raises(ProviderRejected) as refused:
        await esign.create_envelope("tpl-broken", *args[1:], idempotency_key="flow-2:envelope")
    assert (refused.value.status, refused.value.message) == (400, "Unknown template")
    with pytest.raises(ProviderRejected) as missing:
        await esign.get_envelope("env_nope")
    assert missing.value.status == 404


async def test_promo_client(http: httpx.AsyncClient) -> None:
    promo = PromoClient(http, BASE, PROVIDER_KEY)
    assert (await promo.validate("CARS25", "#WINE02"))["valid"] is False
    redeemed = await promo.redeem("WELCOME10", "#WINE02", "user-42", "k1")
    assert redeemed == {"redeemed": True, "code": "WELCOME10", "value": "10.00"}
    assert await promo.release("WELCOME10", "user-42", "k2") == {"released": True}
    with pytest.raises(ProviderRejected) as sold_out:
        await promo.redeem("SOLDOUT20", "#WINE02", "user-42", "k3")
    assert sold_out.value.status == 409 and sold_out.value.error_type == "NoFreePromocodesException"
    assert sold_out.value.message == "There are no free promo codes left."
    with pytest.raises(ProviderRejected) as invalid:
        await promo.redeem("EXPIRED5", "#WINE02", "user-42", "k4")
    assert (invalid.value.status, invalid.value.message) == (400, "This promo code has expired.")


async def test_store_client(http: httpx.AsyncClient) -> None:
    store = ShopClient(http, BASE, PROVIDER_KEY)
    assert [p["id"] for p in await store.products([3, 999, 1])] == [3, 1]
    assert len(await store.products([])) == 8
    placed = await store.create_order("user-42", [{"product_id": 3, "variant_id": "3-std", "quantity": 2}], "o1")
    assert (placed["status"], placed["total"]) == ("confirmed", "178.00")
    assert [p["inventory"] for p in await store.products([3])] == [23]
    with pytest.raises(ProviderRejected) as out:
        await store.create_order("user-42", [{"product_id": 8, "quantity": 1}], "o2")
    assert (out.value.status, out.value.message, out.value.error_type) == (409, "Out of stock", None)
