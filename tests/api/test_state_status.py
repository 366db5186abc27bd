"""The user's state_status (spec doc 1, doc 3 §4.6): the offering and trading allowed apart — trading in the investing
states, the offering there too unless ops closed it in that state (then the trading-approved popup shows)."""

from __future__ import annotations

import httpx
from sqlalchemy import update
from sqlmodel import col

from api.state import AppState
from api.users_view import user_json
from store.models import User
from tests.api.accounts import signup


async def _with_state(api: httpx.AsyncClient, app_state: AppState, state: str) -> tuple[int, dict[str, bool]]:
    me = await signup(api)
    uid = int(me["user_id"])
    async with app_state.sessions() as db:
        await db.execute(update(User).where(col(User.id) == uid).values(state=state))
        await db.commit()
    r = await api.get("/api/auth/user/", headers=me["headers"])
    assert r.status_code == 200, r.text
    status: dict[str, bool] = r.json()["state_status"]
    return uid, status


async def test_an_investing_state_may_buy_offerings_and_trade(api: httpx.AsyncClient, app_state: AppState) -> None:
    _, status = await _with_state(api, app_state, "CA")
    assert status == {"is_state_blocked": False, "io_enabled": True, "trading_enabled": True}


async def test_outside_the_investing_states_neither(api: httpx.AsyncClient, app_state: AppState) -> None:
    _, status = await _with_state(api, app_state, "TX")  # the order prevalidation refuses TX as well
    assert status == {"is_state_blocked": False, "io_enabled": False, "trading_enabled": False}


async def test_a_state_whose_offering_is_closed_trades_only(api: httpx.AsyncClient, app_state: AppState) -> None:
    uid, _ = await _with_state(api, app_state, "CA")
    closed = app_state.settings.model_copy(update={"io_closed_states": ["CA"]})
    async with app_state.sessions() as db:
        user = await db.get(User, uid)
        assert user is not None
        status = (await user_json(db, user, closed))["state_status"]
    assert status == {"is_state_blocked": False, "io_enabled": False, "trading_enabled": True}
