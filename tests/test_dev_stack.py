"""The demo market of `make dev` works on screen (issue 20 item 1): the whole stack started the way `make dev` starts
it — migrations, the demo seed, the providers with the ATS on its demo schedule and its market maker, the worker, the
api — with only the ports, the database and the demo hours changed (seconds, set by this test). Nothing here moves
a clock: the real demo schedule runs, so the windows the seed and the ATS make are what is tested. The catalogue
(what the asset page and the tiles read) shows #88F40 go Post Only → Trading → CONFIRMATION, and an order the demo
trader places while it trades is matched.

Before issue 20, a window per instrument from the market calendar sat beside the demo windows and was the one
reported: the catalogue said Post Only all day and nothing matched until real market hours."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any, NamedTuple

import httpx
import pytest

from domain.trading.order_rules import round_to_tick
from scripts.stack import ROOT, Stack
from scripts.stack_profiles import Profile
from tests.conftest import free_port, kept_on_failure
from tests.waiting import eventually_sync

INSTRUMENT = "88F40"
TRADER = {"email": "demo@vitrine.test", "password": "Vitrine2026!"}
# the demo hours of this stack: short enough that a whole session passes within the test's deadline (the test waits
# ≈ one and a half sessions), each phase several of the catalogue's 2 s market refreshes long so the test's 0.5 s
# reads see it; a bid that reaches the ATS after its open closed rests (good till canceled) and matches at the next
HOURS = {"PROVIDERS_ATS_DEMO_POST_ONLY_SECONDS": "8", "PROVIDERS_ATS_DEMO_OPEN_SECONDS": "12",
         "PROVIDERS_ATS_DEMO_CONFIRMATION_SECONDS": "8"}
SESSION_DEADLINE = 4 * sum(float(v) for v in HOURS.values())  # a generous bound: four sessions


@pytest.fixture(scope="module")
def dev_stack(request: pytest.FixtureRequest) -> Iterator[str]:
    """Its logs (.data/logs/dev-check/, this run's only) stay when it did not start or the test failed."""
    profile = Profile("dev-check", free_port(), free_port(), free_port(), free_port(), free_port(), 0,
                      "vitrine_dev_check", persistent=False, settings_of="dev", ports_chosen=True)
    shutil.rmtree(ROOT / ".data/logs" / profile.name, ignore_errors=True)
    stack = Stack(profile, echo=False)
    stack.env.update(HOURS)
    with kept_on_failure(request, stack.logs, "logs", "tests/test_dev_stack.py"):
        try:
            stack.up()
            yield f"http://127.0.0.1:{stack.p.api}"  # a service that lost its port moved: the stack's ports
        finally:
            stack.stop()


def _asset(api: httpx.Client) -> dict[str, Any]:
    r = api.get("/api/v2/assets/", headers={"Cache-Control": "no-cache"})
    r.raise_for_status()
    asset: dict[str, Any] = next(a for a in r.json()["items"] if a["ticker"] == f"#{INSTRUMENT}")
    return asset


class Market(NamedTuple):
    """What the asset page shows of the market: the asset's status (Post Only / Trading), the window in force (its
    session: SCHEDULED while post-only, then OPEN) and the last window (CONFIRMATION after its close, then CLOSED)."""

    status: str
    window: str | None
    phase: str | None
    last_window: str | None
    last_phase: str | None


def _market(asset: dict[str, Any]) -> Market:
    current, last = asset["trading"]["current_trading_window"], asset["trading"].get("last_trading_window")
    return Market(asset["asset_status"], current and current["id"], current and current["status"],
                  last and last["id"], last and last["status"])


def test_the_demo_market_cycles_and_a_placed_order_matches(dev_stack: str) -> None:
    seen: list[Market] = []

    def reaches(what: str, holds: Callable[[Market], bool]) -> Callable[[], Market]:
        def check() -> Market:
            with httpx.Client(base_url=dev_stack, timeout=10) as api:
                now = _market(_asset(api))
            if not seen or seen[-1] != now:
                seen.append(now)
            assert holds(now), seen[-6:]
            return now
        check.__qualname__ = f"the catalogue's #{INSTRUMENT} {what}"
        return check

    # the seed's windows and the demo schedule: a session post-only, then trading, then its CONFIRMATION
    post_only = eventually_sync(reaches("Post Only", lambda m: (m.status, m.phase) == ("Post Only", "SCHEDULED")),
                                within=SESSION_DEADLINE, interval=0.5)
    trading = eventually_sync(reaches("Trading", lambda m: (m.status, m.phase) == ("Trading", "OPEN")),
                              within=SESSION_DEADLINE, interval=0.5)
    assert trading.window == post_only.window, "the session that was post-only opens"

    with httpx.Client(base_url=dev_stack, timeout=30) as api:
        login = api.post("/api/v3/auth/login/", json=TRADER)
        assert login.status_code == 200, login.text
        user = login.json()
        headers = {"Authorization": f"JWT {user['token']}"}
        me = api.get(f"/api/users/{user['user_id']}", headers=headers)
        assert me.status_code == 200, me.text
        orders = f"/api/financial-accounts/{me.json()['customer']['accounts'][0]['id']}/orders"
        book = api.get(f"/api/financial-instruments/securities/{INSTRUMENT}/markets/order-book", headers=headers)
        assert book.status_code == 200, book.text
        ask = Decimal(book.json()["data"]["askLow"])
        # a bid a little above the lowest ask: it meets the market maker's or the seed's resting asks at once
        price = round_to_tick(ask * Decimal("1.02"))
        body = {"financialInstrumentId": INSTRUMENT, "type": "LIMIT", "term": "GOOD_TIL_CANCELED", "context": "bid",
                "units": 1, "unitPrice": str(price), "disclosureReadAndAgreedTo": True}
        created = api.post(orders, json=body, headers={**headers, "Idempotency-Key": uuid.uuid4().hex})
        assert created.status_code == 201, created.text
        order_id = created.json()["data"]["id"]
        submitted = api.post(f"{orders}/{order_id}/submit", headers=headers)
        assert submitted.status_code == 200, submitted.text

        def matched() -> bool:
            order = api.get(f"{orders}/{order_id}", headers={**headers, "Cache-Control": "no-cache"}).json()["data"]
            assert order["units"]["filled"] == 1, order
            return True

        eventually_sync(matched, within=SESSION_DEADLINE, interval=0.5)

    # a session that opened closes: its window in CONFIRMATION (the confirm-trade popup's time), the next post-only
    opened = {m.window for m in seen if m.phase == "OPEN"}
    closed = eventually_sync(reaches("in CONFIRMATION", lambda m: m.last_phase == "CONFIRMATION" and (
        m.last_window in opened | ({m.window} if m.phase == "OPEN" else set()))), within=SESSION_DEADLINE, interval=0.5)
    assert closed.window not in (None, closed.last_window), closed
