"""The demo market maker (``PROVIDERS_ATS_MARKET_MAKER=on`` in ``make dev``): another broker's participant.

Every ``ats_market_maker_interval_seconds``, on each TRADING instrument it either places a small order a few
ticks around the last price, takes the best price during live trading (so trades print and the price moves), or
cancels its oldest resting order; it keeps at least 3 price levels on each side (an investor can always instant-buy)
and at most 6 orders per side of its own, and confirms its own executions during CONFIRMATION. It uses the ATS's
own service functions, as client ``market-maker``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import uuid
from decimal import Decimal

from providers.ats import executions, market, service
from providers.ats.demo import ASKS_ACCOUNT, BIDS_ACCOUNT, MAKER, on_tick
from providers.ats.engine import TICK, Mode, Side
from providers.ats.errors import AtsError
from providers.ats.runtime import CONFIRMATION, TRADING, Ats
from providers.ats.views import EXEC_PENDING

log = logging.getLogger(__name__)
MAX_RESTING = 6
MIN_LEVELS = 3  # price levels kept on each side, so an investor can always instant-buy or sell


async def _last_price(ats: Ats, instrument_id: str) -> Decimal:
    prices = (await market.pricing(ats, instrument_id))["pricePerUnit"]
    return Decimal(prices["current"])


async def step(ats: Ats, rng: random.Random) -> None:
    for instrument_id, inst in list(ats.instruments.items()):
        if inst["status"] != TRADING:
            continue
        book = ats.book(instrument_id)
        thin = [s for s in (Side.BID, Side.ASK) if len(book.depth(s, MIN_LEVELS)) < MIN_LEVELS]
        side = thin[0].value if thin else rng.choice(("BID", "ASK"))  # keep both sides deep enough to trade
        account = BIDS_ACCOUNT if side == "BID" else ASKS_ACCOUNT
        resting = await service.list_orders(ats, MAKER, account, instrument_id, True, 100)
        draw = rng.random() if not thin else 0.5
        if resting and (len(resting) >= MAX_RESTING or draw < 0.3):
            await service.cancel(ats, MAKER, account, resting[-1]["id"])  # the oldest (newest first)
            continue
        last = await _last_price(ats, instrument_id)
        if book.mode is Mode.CONTINUOUS and draw > 0.75:  # take the best opposite price: a trade prints
            best = book.best_ask() if side == "BID" else book.best_bid()
            price = TICK * best if best else last
        else:
            offset = TICK * rng.randint(1, 4)
            price = on_tick(last - offset if side == "BID" else last + offset)
        req = service.OrderRequest(financialInstrumentId=instrument_id, context=side,
                                   units=rng.randint(1, 5), unitPrice=price)
        try:
            await service.place(ats, MAKER, account, req, f"mm-{uuid.uuid4().hex}")
        except AtsError as err:
            log.debug("market maker order refused: %s", err)
    await confirm_own(ats)


async def confirm_own(ats: Ats) -> None:
    """Confirm the market maker's side of every pending execution whose window is in CONFIRMATION."""
    confirming = {w.id for ws in ats.windows.values() for w in ws if w.status == CONFIRMATION}
    if not confirming:
        return
    for row in await executions.listing(ats, MAKER, window_id=None, account_id=None, instrument_id=None,
                                        status=EXEC_PENDING, limit=500):
        if row["window_id"] not in confirming:
            continue
        for client, account, done in ((row["buyer_client"], row["buyer_account"], row["buyer_confirmed"]),
                                      (row["seller_client"], row["seller_account"], row["seller_confirmed"])):
            if client == MAKER and not done:
                try:
                    await executions.confirm(ats, MAKER, row["id"], account)
                except AtsError as err:
                    log.debug("market maker confirmation refused: %s", err)


async def run(ats: Ats) -> None:
    rng = random.Random()
    while True:
        try:
            await step(ats, rng)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("demo market maker step failed")
        await asyncio.sleep(ats.settings.ats_market_maker_interval_seconds)
