"""Window lifecycle on a compressed clock: post-only orders rest, the open uncrosses, CONFIRMATION settles
confirmed executions early and the rest at its end, voided ones never."""

from __future__ import annotations

from pathlib import Path

from tests.providers.ats.ats_harness import CONFIRM, OPEN, OTHER, POST, harness


async def test_a_window_goes_through_every_phase(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        inst = await h.instrument()
        assert inst["currentWindow"]["status"] == "SCHEDULED" and inst["schedule"] == "demo" and inst["demoHours"]
        assert inst["markets"]["secondaryMarket"]["status"] == "closed"
        # post-only: crossing orders rest, nothing matches
        ask1 = await h.placed("seller-1", "ASK", 5, "10.00")
        ask2 = await h.placed("seller-2", "ASK", 5, "10.50")
        bid = await h.placed("buyer-1", "BID", 8, "11.00")
        book = (await h.get("/instruments/TEST1/order-book")).json()["data"]
        assert book["bidHigh"] == "11.00" and book["askLow"] == "10.00" and book["mode"] == "POST_ONLY"
        ioc = await h.order("buyer-2", "BID", 1, "11.00", term="IMMEDIATE_OR_CANCEL")
        assert ioc.status_code == 409 and ioc.json()["errors"][0]["code"] == "WINDOW_CLOSED_FOR_IOC"

        await h.advance(POST)  # the open: the uncross trades the oldest orders first, at the resting price
        inst = (await h.get("/instruments/TEST1")).json()["data"]
        assert inst["currentWindow"]["status"] == "OPEN" and inst["markets"]["secondaryMarket"]["status"] == "open"
        window_id = inst["currentWindow"]["id"]
        execs = (await h.get("/executions", windowId=window_id)).json()["data"]
        assert [(e["unitPrice"], e["units"]) for e in execs] == [("10.00", 5), ("10.50", 3)]
        assert all(e["status"] == "PENDING_CONFIRMATION" for e in execs)
        assert (await h.get(f"/financial-accounts/buyer-1/orders/{bid['id']}")).json()["data"]["status"] == "FILLED"
        assert (await h.get(f"/financial-accounts/seller-1/orders/{ask1['id']}")).json()["data"]["status"] == "FILLED"
        left = (await h.get(f"/financial-accounts/seller-2/orders/{ask2['id']}")).json()["data"]
        assert left["status"] == "PARTIALLY_FILLED" and left["units"]["unfilled"] == 2
        # continuous: an instant buy takes the lowest ask at once
        instant = await h.order("buyer-3", "BID", 1, None, kind="INSTANT")
        assert instant.status_code == 201 and instant.json()["data"]["status"] == "FILLED"
        confirm = await h.post(f"/executions/{execs[0]['id']}/confirm", {"accountId": "buyer-1"})
        assert confirm.status_code == 409 and confirm.json()["errors"][0]["code"] == "WINDOW_NOT_IN_CONFIRMATION"

        await h.advance(OPEN)  # the close: CONFIRMATION, closing price and matched orders
        window = (await h.get(f"/windows/{window_id}")).json()["data"]
        assert window["status"] == "CONFIRMATION" and window["closing_price"] == "10.50"
        assert (window["matched_bids"], window["matched_asks"]) == (2, 2)
        nxt = (await h.get("/instruments/TEST1")).json()["data"]
        assert nxt["currentWindow"]["status"] == "SCHEDULED" and nxt["lastWindow"]["id"] == window_id

        first, second = execs
        for account in ("buyer-1", "seller-1"):  # both sides confirm the first: it settles at once
            r = await h.post(f"/executions/{first['id']}/confirm", {"accountId": account})
            assert r.status_code == 200, r.text
        assert r.json()["data"]["status"] == "SETTLED"
        voided = await h.post(f"/executions/{second['id']}/void", {"reason": "investor refused the match"})
        assert voided.json()["data"]["status"] == "VOIDED"
        third = (await h.get("/executions", windowId=window_id)).json()["data"][2]
        assert third["status"] == "PENDING_CONFIRMATION"

        await h.advance(CONFIRM)  # the end of CONFIRMATION: the rest settles, the voided one never
        final = {e["id"]: e["status"] for e in (await h.get("/executions", windowId=window_id)).json()["data"]}
        assert final == {first["id"]: "SETTLED", second["id"]: "VOIDED", third["id"]: "SETTLED"}
        assert (await h.get(f"/windows/{window_id}")).json()["data"]["status"] == "CLOSED"
        again = await h.post(f"/executions/{second['id']}/confirm", {"accountId": "buyer-1"})
        assert again.status_code == 409 and again.json()["errors"][0]["code"] == "EXECUTION_VOIDED"
        topics = [(e["topic"], e["data"]["id"]) for e in h.events() if e["topic"].startswith("window.")]
        assert [t for t, wid in topics if wid == window_id] == ["window.scheduled", "window.open", "window.confirmation",
                                                                "window.closed"]
        settled = {e["data"]["id"] for e in h.events("execution.settled")}
        assert settled == {first["id"], third["id"]}
        pricing = (await h.get("/instruments/TEST1/pricing")).json()["data"]["pricePerUnit"]
        assert pricing["session"]["lastClose"] == "10.50" and pricing["issue"] == "10.00"


async def test_another_client_sees_no_order_or_execution_of_ours(tmp_path: Path) -> None:
    async with harness(tmp_path) as h:
        await h.instrument()
        mine = await h.placed("acct-1", "ASK", 2, "10.00")
        theirs = await h.get(f"/financial-accounts/acct-1/orders/{mine['id']}", client=OTHER)
        assert theirs.status_code == 404 and theirs.json()["errors"][0]["code"] == "ORDER_NOT_FOUND"
        await h.placed("acct-9", "BID", 2, "10.00", client=OTHER)
        await h.advance(POST)
        ex = (await h.get("/executions")).json()["data"][0]
        assert ex["seller"]["accountId"] == "acct-1" and ex["buyer"] == {"external": True, "accountId": None,
                                                                          "orderId": None, "confirmed": False}


async def test_windows_of_another_schedule_are_never_reported_or_traded(tmp_path: Path) -> None:
    """`make dev` once met an ATS whose database also held the market calendar's window of the day beside the demo
    sessions: each instrument reported that one as its current window, so the market never opened on screen."""
    async with harness(tmp_path, keep=True, ats_schedule="calendar") as h:
        await h.instrument()
        calendar = (await h.get("/instruments/TEST1")).json()["data"]["currentWindow"]
        assert calendar["status"] == "SCHEDULED" and not calendar["id"].startswith("W-TEST1-d")
        clock = h.clock
    async with harness(tmp_path, fresh=False, clock=clock) as h2:  # the same database, now on the demo schedule
        inst = (await h2.get("/instruments/TEST1")).json()["data"]
        assert inst["schedule"] == "demo" and inst["currentWindow"]["id"].startswith("W-TEST1-d")
        listed = (await h2.get("/instruments/TEST1/windows")).json()["data"]
        assert calendar["id"] not in {w["id"] for w in listed}
        # read by its id, the other schedule's window is not found either (the ATS's error shape); its own is
        other = await h2.get(f"/windows/{calendar['id']}")
        assert other.status_code == 404 and other.json()["errors"][0]["code"] == "WINDOW_NOT_FOUND", other.text
        own = await h2.get(f"/windows/{inst['currentWindow']['id']}")
        assert own.status_code == 200 and own.json()["data"]["schedule"] == "demo", own.text
        await h2.advance(POST)  # the demo session opens: the market is open, orders trade in the demo window
        inst = (await h2.get("/instruments/TEST1")).json()["data"]
        assert inst["currentWindow"]["status"] == "OPEN" and inst["markets"]["secondaryMarket"]["status"] == "open"


async def test_another_participants_order_tells_vitrine_the_market_changed(tmp_path: Path) -> None:
    """Vitrine hears of its own orders through their events; of anyone else's only through `market.changed`, so its
    open pages read the book afresh when the market maker or another broker's investor moves it."""
    async with harness(tmp_path) as h:
        await h.instrument()
        await h.placed("buyer-1", "BID", 2, "9.00")  # Vitrine's own: its order events, no market.changed
        await h.advance(0)  # the clock call delivers what is due
        assert h.events("order.accepted") and h.events("market.changed") == []
        await h.placed("theirs-1", "ASK", 3, "9.50", client=OTHER)
        await h.advance(0)
        changed = h.events("market.changed")
        assert [e["data"] for e in changed] == [{"financialInstrumentId": "TEST1", "traded": False}]
        await h.advance(POST)  # the open: nothing crosses, nothing more
        await h.placed("theirs-2", "BID", 1, "9.50", client=OTHER)  # another participant trades
        await h.advance(0)
        assert h.events("market.changed")[-1]["data"] == {"financialInstrumentId": "TEST1", "traded": True}
