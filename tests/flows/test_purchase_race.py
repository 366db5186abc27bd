"""Races for the last shares: many investors buying at once never oversell an offering, every loser is told
'Not enough shares' and charged nothing, and the ledger still sums to zero."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import httpx

from api.state import AppState
from domain import purchase as P
from store import purchases as store
from tests.error_shape import first_message
from tests.flows.funding import balance
from tests.flows.investors import Purchase, asset_row, funded_investor, investments_of, ledger_total, offering

BUYERS, SHARES = 40, 25


async def _buy_one(api: httpx.AsyncClient, user: dict[str, object], asset_id: int) -> str:
    buy = Purchase(api, user, asset_id)
    await buy.open()
    await buy.ok()
    r = await buy.submit({"shares": 1})
    if r.status_code == 422:
        assert first_message(r.json()) == P.NOT_ENOUGH_SHARES, r.text
        return "lost"
    await buy.ok()
    await buy.ok({"agreed": True, "read_ratio": 1})
    await buy.ok({"agreeTerms": True})
    if buy.state["context"]["view"] == "success":
        return "won"
    assert buy.state["context"]["title"] == P.NOT_ENOUGH_SHARES, buy.state
    return "lost"


async def test_concurrent_buyers_never_oversell(api: httpx.AsyncClient, app_state: AppState) -> None:
    asset = await offering(app_state, shares=SHARES, value="250.00", max_share=1)  # $10.00 a share, 1 each
    users = [await funded_investor(api, app_state, cash="50.00") for _ in range(BUYERS)]
    outcomes = await asyncio.gather(*(_buy_one(api, u, asset.id) for u in users))
    assert outcomes.count("won") == SHARES and outcomes.count("lost") == BUYERS - SHARES
    row = await asset_row(app_state, asset.id)
    assert row.shares_sold == SHARES and row.asset_status == "Closed ICO"  # sold out closes the offering
    for user, outcome in zip(users, outcomes, strict=True):
        owned = sum(i.shares for i in await investments_of(app_state, int(user["user_id"])))
        cash = (await balance(api, user))["cash"]
        assert (owned, cash) == ((1, "40.00") if outcome == "won" else (0, "50.00"))
    assert await ledger_total(app_state) == Decimal(0)


async def test_the_store_serialises_buyers_without_holds(api: httpx.AsyncClient, app_state: AppState) -> None:
    """No holds at all (they expired): the row lock alone keeps shares sold within the offering."""
    asset = await offering(app_state, shares=10, value="100.00")
    users = [await funded_investor(api, app_state, cash="100.00") for _ in range(12)]

    async def attempt(i: int, user: dict[str, object]) -> bool:
        order = store.Order(key=f"race-{asset.id}-{i}", flow_id=f"race-{asset.id}-{i}", user_id=int(user["user_id"]),  # type: ignore[call-overload]
                            asset_id=asset.id, shares=3, max_shares=10, gift_value=Decimal(0), redeem_code="",
                            envelope_id=None, agreed_at=None)
        async with app_state.sessions() as db:
            try:
                await store.buy(db, order)
            except store.PurchaseRefused as exc:
                assert exc.error_type == "BaseException"
                return False
            return True

    won = await asyncio.gather(*(attempt(i, u) for i, u in enumerate(users)))
    assert sum(won) == 3  # 3 x 3 shares fit in 10, the fourth does not
    assert (await asset_row(app_state, asset.id)).shares_sold == 9
    assert await ledger_total(app_state) == Decimal(0)
