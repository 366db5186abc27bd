from __future__ import annotations

import httpx


async def test_health_and_skeletons(client: httpx.AsyncClient) -> None:
    assert (await client.get("/health")).json() == {"status": "ok"}
    assert (await client.get("/payments/health")).json()["status"] == "ok"
    assert (await client.get("/esign/health")).json()["status"] == "ok"
    r = await client.get("/sandbox/banks/transactions", params={"routing": "011000015", "account": "1234"})
    assert r.status_code == 200 and r.json() == []


async def test_errors_share_one_shape(client: httpx.AsyncClient) -> None:
    missing = await client.get("/sandbox/banks/transactions", params={"routing": "011000015"})
    assert missing.status_code == 422 and missing.json()["errors"][0]["field"] == "account"
    unknown = await client.get("/no/such/path")
    assert unknown.status_code == 404 and unknown.json() == {"errors": [{"message": "Not Found"}]}
    wrong_method = await client.delete("/health")
    assert wrong_method.status_code == 405 and wrong_method.json()["errors"][0]["message"]


def test_importing_the_module_app_touches_no_disk() -> None:
    import providers.app

    assert not providers.app.app.state.storage._ready
