"""Market data calls (spec doc 3 §7, instruments service): an instrument's pricing, price history and order book.
The instrument id is the ATS's (the asset's ticker without '#', the catalogue's `financialInstrument.id`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from api.deps import CurrentCaller, State
from api.trading.market_data import HistoryOut, OrderBookOut, PricingOut, market_read

router = APIRouter(tags=["market data"])
InstrumentId = Annotated[str, Path(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
BASE = "/api/financial-instruments/securities/{instrument_id}/markets"


@router.get(f"{BASE}/pricing", response_model=PricingOut)
async def pricing(instrument_id: InstrumentId, _: CurrentCaller, state: State) -> PricingOut:
    """Price per unit: `issue`, `current` (the latest fill, else the last close, else the issue price) and the
    session's `lastClose` / `latestFilled`."""
    return PricingOut.model_validate({"data": await market_read(state, instrument_id, "pricing")})


@router.get(f"{BASE}/pricing/history", response_model=HistoryOut)
async def pricing_history(instrument_id: InstrumentId, _: CurrentCaller, state: State) -> HistoryOut:
    """The issue price and one close per trading day (each window's closing price included)."""
    return HistoryOut.model_validate({"data": await market_read(state, instrument_id, "history")})


@router.get(f"{BASE}/order-book", response_model=OrderBookOut)
async def order_book(instrument_id: InstrumentId, _: CurrentCaller, state: State) -> OrderBookOut:
    """Price levels: asks ascending, bids descending, with `bidHigh` ('High Bid'), `askLow` ('Low Ask') and the
    book's `mode` (POST_ONLY or CONTINUOUS)."""
    return OrderBookOut.model_validate({"data": await market_read(state, instrument_id, "book")})
