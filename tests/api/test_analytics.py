"""The analytics sink (`POST /api/analytics/events/`): a batch of {kind, name, at} becomes rows of name, kind, caller
and the server's time — names only from the one list, nothing else kept (no e-mail, no amounts, no free text); bad
batches are 422 with their message; each caller reads back only their own; rate-limited per account."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
from sqlalchemy import inspect, select
from sqlmodel import col
from temporalio.client import Client

from api.routes.analytics import EMPTY, TOO_MANY, AnalyticsRecords, AnalyticsStored
from api.state import AppState
from config import Settings
from domain.analytics import BAD_TIME, MAX_BATCH, AnalyticsName
from store.app_models import AnalyticsEvent
from tests.api.accounts import signup
from tests.api.apps import api_with, client, random_address
from tests.api.documented import conforms
from tests.error_shape import field_errors, first_message

PATH = "/api/analytics/events/"
SLIDE = {"kind": "view", "name": "Asset Detail - Quote"}
DEPOSIT = {"kind": "event", "name": "Transfer Deposit", "at": "2026-11-28T14:00:00+00:00"}


async def stored_rows(app_state: AppState, user_id: int) -> list[dict[str, object]]:
    async with app_state.sessions() as db:
        rows = (await db.execute(select(AnalyticsEvent).where(col(AnalyticsEvent.user_id) == user_id)
                                 .order_by(col(AnalyticsEvent.id)))).scalars().all()
        return [r.model_dump() for r in rows]


async def test_a_batch_is_stored_and_read_back(api: httpx.AsyncClient, app_state: AppState) -> None:
    a = await signup(api)
    r = await api.post(PATH, json={"events": [SLIDE, DEPOSIT]}, headers=a["headers"])
    assert r.status_code == 201, r.text
    conforms(AnalyticsStored, r.json())
    assert r.json() == {"stored": 2}
    read = await api.get(PATH, headers=a["headers"])
    assert read.status_code == 200, read.text
    conforms(AnalyticsRecords, read.json())
    events = read.json()["events"]
    assert [(e["kind"], e["name"]) for e in events] == [("event", "Transfer Deposit"), ("view", "Asset Detail - Quote")]
    assert events[0]["at"].startswith("2026-11-28T14:00:00") and events[1]["at"] is None
    created = datetime.fromisoformat(events[0]["created_at"])
    assert abs((datetime.now(UTC) - created).total_seconds()) < 3600  # the server's clock, not the client's


async def test_nothing_but_name_kind_caller_and_times_is_kept(api: httpx.AsyncClient, app_state: AppState) -> None:
    a = await signup(api)
    sneaky = {**DEPOSIT, "email": a["email"], "amount": "250.00", "note": "Ada Lovelace's deposit"}
    r = await api.post(PATH, json={"events": [sneaky]}, headers=a["headers"])
    assert r.status_code == 201, r.text
    async with app_state.engine.connect() as conn:
        columns = await conn.run_sync(lambda c: {x["name"] for x in inspect(c).get_columns("analytics_events")})

    assert columns == {"id", "user_id", "kind", "name", "client_at", "created_at"}
    [row] = await stored_rows(app_state, int(a["user_id"]))
    assert (row["kind"], row["name"]) == ("event", "Transfer Deposit")
    assert not any(str(v) in (a["email"], "250.00") or "Lovelace" in str(v) for v in row.values())


async def test_bad_batches_are_422_with_their_message(api: httpx.AsyncClient, app_state: AppState) -> None:
    a = await signup(api)
    h = a["headers"]
    r = await api.post(PATH, json={"events": []}, headers=h)
    assert r.status_code == 422 and field_errors(r.json()) == {"events": EMPTY}
    r = await api.post(PATH, json={"events": [SLIDE] * (MAX_BATCH + 1)}, headers=h)
    assert r.status_code == 422 and field_errors(r.json()) == {"events": TOO_MANY}
    r = await api.post(PATH, json={"events": [{"kind": "view", "name": "Somebody's e-mail"}]}, headers=h)
    assert r.status_code == 422 and "Asset Detail - Main" in field_errors(r.json())["events.0.name"]
    r = await api.post(PATH, json={"events": [SLIDE, {"kind": "view", "name": "Order Placed"}]}, headers=h)
    assert r.status_code == 422
    assert field_errors(r.json()) == {"events.1.kind": "'Order Placed' is recorded as an event, not as a view."}
    r = await api.post(PATH, json={"events": [{**SLIDE, "kind": "click"}]}, headers=h)
    assert r.status_code == 422 and "events.0.kind" in field_errors(r.json())
    r = await api.post(PATH, json={"events": [{**SLIDE, "at": "2026-11-28T14:00:00"}]}, headers=h)  # no offset
    assert r.status_code == 422 and "events.0.at" in field_errors(r.json())
    for extreme in ("0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"):  # a client's clock says anything
        r = await api.post(PATH, json={"events": [{**SLIDE, "at": extreme}]}, headers=h)
        assert r.status_code == 422 and field_errors(r.json()) == {"events.0.at": BAD_TIME}, (extreme, r.text)
    assert await stored_rows(app_state, int(a["user_id"])) == []  # a refused batch keeps nothing of it


async def test_each_caller_reads_only_their_own(api: httpx.AsyncClient) -> None:
    a, b = await signup(api), await signup(api)
    assert (await api.post(PATH, json={"events": [SLIDE]}, headers=a["headers"])).status_code == 201
    assert (await api.get(PATH, headers=b["headers"])).json() == {"events": []}
    r = await api.post(PATH, json={"events": [SLIDE]})
    assert r.status_code == 401 and first_message(r.json()) == "Authentication credentials were not provided."


async def test_batches_are_rate_limited_per_account(settings: Settings, temporal_client: Client) -> None:
    async with api_with(settings, temporal_client, analytics_rate_limit=2) as state, client(state, random_address()) as c:
        a = await signup(c)
        for _ in range(2):
            assert (await c.post(PATH, json={"events": [SLIDE]}, headers=a["headers"])).status_code == 201
        r = await c.post(PATH, json={"events": [SLIDE]}, headers=a["headers"])
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert first_message(r.json()).startswith("Too many attempts. Please try again in ")
        b = await signup(c)  # another account from the same address is not held back
        assert (await c.post(PATH, json={"events": [SLIDE]}, headers=b["headers"])).status_code == 201
        assert (await c.get(PATH, headers=a["headers"])).json()["events"][0]["name"] == AnalyticsName.ASSET_QUOTE
