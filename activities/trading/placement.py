"""The order wizard's reads and its one write: who may trade the asset, what the select step shows (cash, shares,
the book's lowest ask, prices), and the placement — it starts the order workflow as the api's create does and sends
its `submit` Update (an edit: `replace`), with Update ids from the business key, so a retried activity attaches to
the same order and the same Update instead of placing anything twice."""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.client import WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError

from activities.interfaces.placement import (
    LOAD,
    MARKET,
    PLACE,
    LoadMarket,
    LoadOrderFlow,
    MarketFacts,
    OrderFlowFacts,
    PlaceRequest,
    PlaceResult,
)
from clients.ats import AtsClient
from clients.ats_market import read_market
from domain.money import money_str
from domain.trading import order_rules as R
from domain.trading import order_wizard as W
from store.gates import verified_primary_email
from store.ledger import balances
from store.models import Asset, Category, User
from store.positions import available_cash, ny_today, position
from workflows.trading import order_types as O
from workflows.trading.order_start import start_order


class PlaceOrderActivities:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], ats: AtsClient) -> None:
        self._sessions, self._ats = sessions, ats

    @activity.defn(name=LOAD)
    async def load(self, req: LoadOrderFlow) -> OrderFlowFacts:
        async with self._sessions() as db:
            user, asset = await db.get(User, req.user_id), await db.get(Asset, req.asset_id)
            if user is None or asset is None:
                raise ApplicationError("user or asset not found", type="UserNotFound", non_retryable=True)
            category = await db.get(Category, asset.category)
            verified = await verified_primary_email(db, user)
        edit = await self._edited(req) if req.edit_order_id else None
        return OrderFlowFacts(
            asset={"id": asset.id, "ticker": asset.ticker, "display_name": asset.display_name,
                   "category": category.pathname if category else asset.category, "asset_status": asset.asset_status,
                   "number_of_shares": asset.number_of_shares,
                   "portal_image": f"/media/assets/{asset.id}/portal.svg"},
            email=user.email, email_verified=verified, state=user.state, tos3_agreed=user.tos3_agreed_at is not None,
            edit=edit)

    async def _edited(self, req: LoadOrderFlow) -> dict[str, Any] | None:
        handle = activity.client().get_workflow_handle(O.workflow_id(req.edit_order_id))
        view: O.OrderView = await handle.query(O.VIEW, result_type=O.OrderView)
        if view.account_id != O.account_id_for(req.user_id) or view.asset_id != req.asset_id:
            return None
        return asdict(view)

    @activity.defn(name=MARKET)
    async def market(self, req: LoadMarket) -> MarketFacts:
        """The select step's numbers: cash net of holds, the position, the book's lowest ask and the prices."""
        async with self._sessions() as db:
            asset = await db.get(Asset, req.asset_id)
        assert asset is not None
        shares = asset.number_of_shares
        m = await read_market(self._ats, O.instrument_id_of(req.ticker), asset_value=asset.asset_value,
                              number_of_shares=shares)
        if not m.listed:
            return MarketFacts(False)
        now, today = datetime.now(UTC), ny_today()
        async with self._sessions() as db:
            cash = await available_cash(db, req.user_id, now)
            pos = await position(db, req.user_id, req.asset_id, today)
            b = await balances(db, req.user_id)
        value = sum((b[k] for k in ("cash", "investments", "pending", "withdrawing", "held", "proceeds")), Decimal(0))
        fallback = asset.asset_value / shares if shares else None
        default = m.last_close or m.current or fallback
        return MarketFacts(True, W.market_facts(
            cash=cash, lots=[(lot.units, lot.acquired) for lot in pos.lots], open_orders=list(pos.open_orders),
            last_traded=m.last_traded, lowest_ask=m.lowest_ask, number_of_shares=shares, today=today, live=m.live,
            default_price=R.round_to_tick(default) if default else None,
            shares_owned=pos.total, account_value=value,
            alienable=R.alienable_units(pos.lots, pos.open_orders, today, req.edit_order_id or None)))

    @activity.defn(name=PLACE)
    async def place(self, req: PlaceRequest) -> PlaceResult:
        """Places the order (or the edit) once per business key and answers its view once the ATS answered."""
        client = activity.client()
        try:
            if req.edit_order_id:
                handle = client.get_workflow_handle(O.workflow_id(req.edit_order_id))
                view = await handle.execute_update(O.REPLACE, O.EditRequest(req.units, req.unit_price),
                                                   id=f"replace-{req.key}", result_type=O.OrderView)
            else:
                order_id = O.order_id_for(req.user_id, req.key)
                term: O.Term = "IMMEDIATE_OR_CANCEL" if req.order_type == R.INSTANT else "GOOD_TIL_CANCELED"
                inp = O.OrderInput(order_id=order_id, user_id=req.user_id, asset_id=req.asset_id, ticker=req.ticker,
                                   side="ASK" if req.side == "ASK" else "BID",
                                   order_type="INSTANT" if req.order_type == R.INSTANT else "LIMIT", term=term,
                                   units=req.units, unit_price=money_str(Decimal(req.unit_price)),
                                   timings=O.OrderTimings(**req.timings), created=datetime.now(UTC).isoformat())
                handle = await start_order(client, inp, activity.info().task_queue)
                view = await handle.execute_update(O.SUBMIT, id=f"submit-{order_id}", result_type=O.OrderView)
        except WorkflowUpdateFailedError as exc:
            cause = exc.cause
            if isinstance(cause, ApplicationError):  # details[0]: the refusal's code (a prevalidation or ATS code)
                code = cause.details[0] if cause.details and isinstance(cause.details[0], str) else None
                return PlaceResult(None, cause.message, code or cause.type)
            raise
        return PlaceResult(asdict(view))
