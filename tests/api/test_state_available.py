"""Whether funding and investing are open in the caller's state (spec doc 1 §7, doc 2 "State availability"): the state
from the caller's profile, judged by the user read's own `state_status` rule; no state chosen yet blocks nothing."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import update
from sqlmodel import col
from temporalio.client import Client

from api.routes.state_availability import StateAvailableOut
from api.state import AppState
from config import Settings
from store.models import User
from tests.api.accounts import signup
from tests.api.apps import api_with, client, random_address
from tests.api.documented import conforms
from tests.error_shape import first_message

PATH = "/api/dwolla/is-state-available/"


async def _in(api: httpx.AsyncClient, app_state: AppState, state: str) -> dict[str, Any]:
    me = await signup(api)
    async with app_state.sessions() as db:
        await db.execute(update(User).where(col(User.id) == int(me["user_id"])).values(state=state))
        await db.commit()
    return me


async def _answer(api: httpx.AsyncClient, me: dict[str, Any]) -> dict[str, Any]:
    r = await api.get(PATH, headers=me["headers"])
    assert r.status_code == 200, r.text
    conforms(StateAvailableOut, r.json())
    body: dict[str, Any] = r.json()
    user = (await api.get("/api/auth/user/", headers=me["headers"])).json()
    assert body["state_status"] == user["state_status"]  # the one rule the user read answers too
    return body


async def test_an_investing_state_is_available(api: httpx.AsyncClient, app_state: AppState) -> None:
    body = await _answer(api, await _in(api, app_state, "CA"))
    assert (body["state"], body["is_state_available"]) == ("CA", True)


async def test_a_state_outside_the_investing_ones_is_not(api: httpx.AsyncClient, app_state: AppState) -> None:
    body = await _answer(api, await _in(api, app_state, "TX"))
    assert (body["state"], body["is_state_available"]) == ("TX", False)


async def test_no_state_yet_blocks_nothing(api: httpx.AsyncClient) -> None:
    body = await _answer(api, await signup(api))
    assert (body["state"], body["is_state_available"]) == ("", True)


async def test_a_state_ops_blocked_is_not(settings: Settings, temporal_client: Client) -> None:
    async with api_with(settings, temporal_client, blocked_states=["CA"]) as state, client(state, random_address()) as c:
        me = await _in(c, state, "CA")
        body = await _answer(c, me)
    assert body["is_state_available"] is False and body["state_status"]["is_state_blocked"] is True


async def test_it_needs_a_session(api: httpx.AsyncClient) -> None:
    r = await api.get(PATH)
    assert r.status_code == 401 and first_message(r.json()) == "Authentication credentials were not provided."
