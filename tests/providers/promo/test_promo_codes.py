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


async def redeem(
    client: httpx.AsyncClient, headers: dict[str, str], key: str | None = "redeem-1", **body: object
) -> httpx.Response:
    idem = {"Idempotency-Key": key} if key else {}
    return await client.post("/promo/codes/redeem", json={"user_ref": "user-42", **body}, headers=headers | idem)


async def redemptions(client: httpx.AsyncClient, user_ref: str = "user-42") -> list[dict[str, object]]:
    r = await client.get("/sandbox/promo/redemptions", params={"user_ref": user_ref})
    assert r.status_code == 200, r.text
    data: list[dict[str, object]] = r.json()
    return data


async def test_soldout_code_validates(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    data = (await validate(client, key_headers, code="soldout20", asset_ticker="#WINE02")).json()
    assert data == {"valid": True, "code": "SOLDOUT20", "value": "20.00", "asset_ticker": None, "message": "Promo code applied."}


async def test_redeem_a_valid_code(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    r = await redeem(client, key_headers, code=" cars25 ", asset_ticker="#55PS1")
    assert r.status_code == 200, r.text
    assert r.json() == {"redeemed": True, "code": "CARS25", "value": "25.00"}
    [used] = await redemptions(client)
    assert (used["code"], used["value"], used["released_at"]) == ("CARS25", "25.00", None)


async def test_redeem_replays_per_idempotency_key(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    first = await redeem(client, key_headers, key="k1", code="WELCOME10", asset_ticker="#WINE02")
    again = await redeem(client, key_headers, key="k1", code="WELCOME10", asset_ticker="#WINE02")
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert len(await redemptions(client)) == 1, "redeemed once"
    other = await redeem(client, key_headers, key="k1", code="CARS25", asset_ticker="#55PS1")
    assert other.status_code == 409 and other.json()["error_type"] == "idempotency_conflict"


@pytest.mark.parametrize(
    ("code", "ticker", "message"),
    [
        ("NOPE", "#55PS1", "This promo code is not valid."),
        ("EXPIRED5", "#55PS1", "This promo code has expired."),
        ("CARS25", "#WINE02", 'This promo code is only valid for asset "#55PS1".'),
        ("", "#55PS1", "Please enter a gift code"),
    ],
)
async def test_redeem_an_invalid_code_is_a_400_with_the_message(
    client: httpx.AsyncClient, key_headers: dict[str, str], code: str, ticker: str, message: str
) -> None:
    r = await redeem(client, key_headers, code=code, asset_ticker=ticker)
    assert r.status_code == 400 and r.json()["errors"] == [{"message": message}]
    assert await redemptions(client) == []


async def test_no_free_soldout_codes_left(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    expected = {"errors": [{"message": "There are no free promo codes left."}], "error_type": "NoFreePromocodesException"}
    for _ in range(2):  # the same key replays the same refusal
        r = await redeem(client, key_headers, key="sold", code="SOLDOUT20", asset_ticker="#WINE02")
        assert r.status_code == 409 and r.json() == expected
    assert await redemptions(client) == []


async def test_release_gives_the_code_back(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    await redeem(client, key_headers, code="WELCOME10", asset_ticker="#WINE02")
    body = {"code": "welcome10", "user_ref": "user-42"}
    for _ in range(2):
        r = await client.post("/promo/codes/release", json=body, headers=key_headers | {"Idempotency-Key": "rel-1"})
        assert r.status_code == 200 and r.json() == {"released": True}
    [used] = await redemptions(client)
    assert used["released_at"] is not None
    nothing_held = {"code": "CARS25", "user_ref": "user-7"}
    r = await client.post("/promo/codes/release", json=nothing_held, headers=key_headers | {"Idempotency-Key": "rel-2"})
    assert r.status_code == 200 and r.json() == {"released": True}


async def test_redeem_and_release_need_the_keys(client: httpx.AsyncClient, key_headers: dict[str, str]) -> None:
    assert (await redeem(client, {}, code="WELCOME10")).status_code == 401
    assert (await redeem(client, key_headers, key=None, code="WELCOME10")).status_code == 400
    body = {"code": "WELCOME10", "user_ref": "user-42"}
    assert (await client.post("/promo/codes/release", json=body, headers={"Idempotency-Key": "x"})).status_code == 401
    assert (await client.post("/promo/codes/release", json=body, headers=key_headers)).status_code == 400
    missing = await client.post("/promo/codes/redeem", json={"code": "WELCOME10"}, headers=key_headers | {"Idempotency-Key": "y"})
    assert missing.status_code == 422 and missing.json()["errors"][0]["field"] == "user_ref"
