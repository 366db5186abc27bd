"""The demo market: every Trading / Post Only / Trading closed demo asset has an instrument with history and (when
tradable) a book an investor can instant-buy from; the market maker moves it and keeps both sides deep."""

from __future__ import annotations

import random
from pathlib import Path

from providers.ats import market_maker
from providers.ats.engine import Side
from tests.providers.ats.ats_harness import POST, harness


async def test_the_demo_market_is_seeded_and_kept_moving(tmp_path: Path) -> None:
    async with harness(tmp_path, ats_demo_market=True) as h:
        instruments = {i["symbol"]: i for i in (await h.get("/instruments")).json()["data"]}
        assert {s: i["status"] for s, i in instruments.items()} == {
            "#88F40": "TRADING", "#94DEF": "POST_ONLY", "#BABERUTH": "TRADING", "#JORDAN85": "DISABLED",
            "#SPIDEY": "TRADING", "#GATSBY": "POST_ONLY", "#HERMES": "TRADING", "#DRC90": "DISABLED",
            "#YAMAZAKI": "TRADING", "#300SL": "DISABLED", "#TMNT1": "DISABLED"}
        history = (await h.get("/instruments/88F40/pricing/history")).json()["data"]
        assert len(history["dataPoints"]) > 60 and history["financialInstrument"]["issue"]["pricePerUnit"] == "20.00"
        book = (await h.get("/instruments/88F40/order-book")).json()["data"]
        assert len(book["bids"]) == len(book["asks"]) == 5 and book["bidHigh"] < book["askLow"]
        await h.advance(POST)
        bought = await h.order("investor-1", "BID", 1, None, kind="INSTANT", iid="88F40")
        assert bought.status_code == 201 and bought.json()["data"]["status"] == "FILLED"
        assert bought.json()["data"]["pricing"]["unit"] == book["askLow"]
        rng = random.Random(3)
        for _ in range(12):
            await market_maker.step(h.ats, rng)
        moved = h.ats.book("88F40")
        assert len(moved.depth(Side.BID, 3)) == len(moved.depth(Side.ASK, 3)) == 3
        after = (await h.get("/instruments/88F40/order-book")).json()["data"]
        assert after != book
