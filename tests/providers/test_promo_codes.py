from __future__ import annotations

import httpx
import pytest


async def validate(client: httpx.AsyncClient, headers: dict[str, str], **body: object) -> httpx.Response:
    return await client.post("/promo/codes/validate", json=body, headers=headers)


async def test_welcome_code_any_asset(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    r = await validate(client, key_headers, code="  welcome10 ", asset_ticker="#WINE02")
    assert r.status_code == 200
    assert r.json() == {
        "valid": True,
        "code": "WELCOME10",
        "value": "10.00",
        "asset_ticker": None,
        "message": "Promo code applied.",
    }


@pytest.mark.parametrize("ticker", ["#55PS1", "55ps1", " #55ps1 "])
async def test_asset_code_on_its_asset(client: httpx.AsyncClient, key_headers: dict[str, str], ticker: str) -> None:
    data = (await validate(client, key_headers, code="CARS25", asset_ticker=ticker)).json()
    assert data["valid"] is True and data["value"] == "25.00" and data["asset_ticker"] == "#55PS1"


async def test_asset_code_on_another_asset(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    data = (await validate(client, key_headers, code="cars25", asset_ticker="#WINE02")).json()
    assert data["valid"] is False
    assert data["message"] == 'This promo code is only valid for asset "#55PS1".'


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("", "Please enter a gift code"),
        ("NOPE", "This promo code is not valid."),
        ("expired5", "This promo code has expired."),
    ],
)
async def test_invalid_codes(client: httpx.AsyncClient, key_headers: dict[str, str], code: str, message: str) -> None:
    data = (await validate(client, key_headers, code=code, asset_ticker="#55PS1")).json()
    assert data["valid"] is False and data["message"] == message


async def test_key_and_body_checks(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    assert (await validate(client, {}, code="WELCOME10")).status_code == 401
    bad = await client.post("/promo/codes/validate", json={"code": 10}, headers=key_headers)
    assert bad.status_code == 422 and bad.json()["errors"][0]["field"] == "code"
