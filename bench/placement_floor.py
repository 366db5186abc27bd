"""The floor of an order's placement (issue 20, item 6): the parts any design of `POST .../orders` + `submit` must
make, each with nothing around it, run one after another per trader in the same run as the bare Update:

1. the create's checks behind one authenticated api request (`POST .../orders/prevalidate`: the session, the
   investor's cash, shares and open orders, the market);
2. a workflow's start acknowledged by the Temporal server (a bare workflow on a task queue no worker polls, so its
   first task costs nothing here; ended at the close);
3. the placement's own work, called directly in this process: the order's view written, its hold in the ledger, its
   placement at the ATS over HTTP (the three steps of `TradingActivities.hold_place`, each timed, without Temporal
   around them);
4. the submit's authenticated api request (the lightest one: `GET /api/auth/user/`, the session's user).

Whatever a design moves where, a placement makes at least these; their sum against the bare Update tells how far
below the measured ratio a design could go, and whether the 3x goal is under that floor on this machine."""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

import httpx
from temporalio.client import Client, WorkflowHandle

from activities.interfaces import trading as T
from activities.trading.order import TradingActivities
from api.state import AppState
from bench.bare_workflow import BareWorkflow
from bench.order_inputs import TIMINGS, resting_bid
from clients.ats import ats_client
from config import Settings
from tests.api.accounts import account_id
from workflows.trading import order_types as O
from workflows.trading.order_state import OrderState

PARTS = ("prevalidate request", "workflow start", "view written", "ledger hold", "ATS placement", "api read")


def _first_steps(user_id: int, asset_id: int, ticker: str) -> T.HoldPlaceInput:
    """A resting bid of 1 unit at $5.00, as the order workflow's first activity gets it."""
    order_id = str(uuid.uuid4())
    inp = O.OrderInput(order_id=order_id, user_id=user_id, asset_id=asset_id, ticker=ticker, side="BID",
                       order_type="LIMIT", term="GOOD_TIL_CANCELED", units=1, unit_price="5.00", timings=TIMINGS,
                       created=datetime.now(UTC).isoformat())
    view = asdict(OrderState.start(inp).view())
    return T.HoldPlaceInput(T.RecordInput(user_id, view), T.HoldInput(order_id, user_id, asset_id, "BID", 1, "5.00"),
                            T.PlaceInput(O.account_id_for(user_id), O.workflow_id(order_id), O.instrument_id_of(ticker),
                                         "BID", "LIMIT", "GOOD_TIL_CANCELED", 1, "5.00"))


class Floor:
    def __init__(self, http: httpx.AsyncClient, client: Client, state: AppState, settings: Settings) -> None:
        self._http, self._client, self._queue = http, client, f"bench-floor-unpolled-{uuid.uuid4().hex[:6]}"
        self._ats_http = httpx.AsyncClient(timeout=30)
        self._steps = TradingActivities(state.sessions, ats_client(self._ats_http, settings), state.redis)
        self._started: list[WorkflowHandle[Any, Any]] = []
        self.parts: dict[str, list[float]] = {part: [] for part in PARTS}

    async def round_trips(self, traders: list[dict[str, Any]], asset_id: int, ticker: str,
                          rounds: int) -> list[float]:
        """Each trader makes the four parts `rounds` times, one after the other; the ms of each sum."""
        async def one(user: dict[str, Any]) -> list[float]:
            uid = int(user["user_id"])
            base = f"/api/financial-accounts/{account_id(user)}"
            body = resting_bid(ticker)
            out = []
            for _ in range(rounds):
                marks = [time.perf_counter()]
                r = await self._http.post(f"{base}/orders/prevalidate", json=body, headers=user["headers"])
                assert r.status_code == 200 and r.json()["valid"], r.text
                marks.append(time.perf_counter())
                self._started.append(await self._client.start_workflow(
                    BareWorkflow.run, id=f"bench-floor-{uuid.uuid4().hex}", task_queue=self._queue))
                marks.append(time.perf_counter())
                first = _first_steps(uid, asset_id, ticker)  # hold_place's three steps, each timed
                assert first.record is not None
                await self._steps._record(first.record)
                marks.append(time.perf_counter())
                await self._steps._hold(first.hold)
                marks.append(time.perf_counter())
                order = await self._steps._place(first.place)
                assert order.id, order
                marks.append(time.perf_counter())
                r = await self._http.get("/api/auth/user/", headers=user["headers"])
                assert r.status_code == 200, r.text
                marks.append(time.perf_counter())
                for part, a, b in zip(PARTS, marks, marks[1:], strict=False):
                    self.parts[part].append((b - a) * 1000)
                out.append((marks[-1] - marks[0]) * 1000)
            return out

        return [x for xs in await asyncio.gather(*(one(u) for u in traders)) for x in xs]

    async def close(self) -> None:
        """Ends the bare workflows the floor started (no worker ever ran them)."""
        for h in self._started:
            await h.terminate("the benchmark's floor measured its start")
        self._started.clear()
        await self._ats_http.aclose()
