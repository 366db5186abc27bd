"""The purchase's reads and writes: what the flow needs to know, share holds, gift codes and the investment itself.
The investment is keyed by the purchase flow (its business key), so a retried or replayed activity posts once."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from redis.asyncio import Redis
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.interfaces import purchase as interface
from activities.interfaces.purchase import (
    NO_USER,
    Gift,
    GiftCheck,
    HoldRequest,
    InvestOutcome,
    InvestRequest,
    LoadPurchase,
    PurchaseFacts,
)
from activities.profile import _load
from clients.http import ProviderRejected
from clients.promo import PromoClient
from domain import purchase as P
from domain.asset_status import progress_bar
from domain.money import money_str
from domain.purchase import Hold
from store import purchases as store
from store.catalogue_cache import invalidate
from store.crypto import mask_ssn
from store.gates import active_source, verified_primary_email
from store.ledger import balances
from store.models import AccessGroup, Asset, Category, User
from store.purchases import investment_json


class PurchaseActivities(interface.PurchaseActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], promo: PromoClient, redis: Redis) -> None:
        self._sessions, self._promo, self._redis = sessions, promo, redis

    @activity.defn(name="purchase.load")
    async def load(self, req: LoadPurchase) -> PurchaseFacts:
        async with self._sessions() as db:
            user = await db.get(User, req.user_id)
            asset = await db.get(Asset, req.asset_id)
            if user is None or asset is None:
                raise ApplicationError("user or asset not found", type=NO_USER, non_retryable=True)
            category = await db.get(Category, asset.category)
            now = datetime.now(UTC)
            groups = [g for g in (await db.scalars(select(AccessGroup).where(
                col(AccessGroup.user_id) == user.id, col(AccessGroup.asset_id) == asset.id))).all()
                if g.access_end is None or g.access_end > now]
            limitation = next((int(g.limitations["max_shares"]) for g in groups
                               if isinstance(g.limitations.get("max_shares"), int)), None)
            owned = await store.owned_shares(db, user.id, asset.id)
            cash = (await balances(db, user.id))["cash"]
            verified = await verified_primary_email(db, user)
        return PurchaseFacts(
            asset={"id": asset.id, "ticker": asset.ticker, "display_name": asset.display_name,
                   "category": category.pathname if category else asset.category,
                   "price_per_share": money_str(P.price_per_share(asset.asset_value, asset.number_of_shares)),
                   "portal_image": f"/media/assets/{asset.id}/portal.svg"},
            asset_status=asset.asset_status, progress_bar=progress_bar(asset.shares_sold, asset.number_of_shares),
            number_of_shares=asset.number_of_shares, esign_template_id=asset.esign_template_id,
            merchandising=asset.merchandising or {}, owned_shares=owned, cash=money_str(cash),
            max_shares=P.max_shares(asset.max_share_investment, limitation, asset.number_of_shares),
            email_verified=verified, state=user.state, access_types=sorted({g.access_type for g in groups}),
            tos3_agreed=user.tos3_agreed_at is not None)

    @activity.defn(name="purchase.hold")
    async def hold(self, req: HoldRequest) -> Hold:
        async with self._sessions() as db:
            try:
                return await store.hold(db, flow_id=req.flow_id, user_id=req.user_id, asset_id=req.asset_id,
                                        shares=req.shares, ttl_seconds=req.ttl_seconds)
            except store.PurchaseRefused as exc:
                raise ApplicationError(str(exc), type="AssetNotFound", non_retryable=True) from None

    @activity.defn(name="purchase.release")
    async def release(self, flow_id: str) -> bool:
        async with self._sessions() as db:
            return await store.release(db, flow_id)

    @activity.defn(name="purchase.cash")
    async def cash(self, user_id: int) -> str:
        async with self._sessions() as db:
            return money_str((await balances(db, user_id))["cash"])

    @activity.defn(name="purchase.passport")
    async def passport(self, user_id: int) -> dict[str, Any]:
        """The investing passport summary (the SSN masked)."""
        async with self._sessions() as db:
            user, customer = await _load(db, user_id)
            source = await active_source(db, user_id)
        emp, inv, info = customer.employment_details or {}, customer.investor_details or {}, user.investment_info or {}
        return {
            "name": f"{user.first_name} {user.last_name}".strip(), "email": user.email,
            "phone_number": user.phone_number, "date_of_birth": user.date_of_birth,
            "address": ", ".join(p for p in (user.address, user.address2, user.city, user.state, user.postal_code) if p),
            "ssn": mask_ssn(user.ssn_last4), "accredited_status": str(info.get("accredited_status", "")),
            "employment_status": emp.get("employmentStatus", ""), "risk_tolerance": inv.get("riskToleranceLevel", ""),
            "bank": {"name": source.bank_name or source.name_on_account, "account_tail": source.account_tail,
                     "status": source.status} if source else None,
            "investor": {"first_name": user.first_name, "last_name": user.last_name, "address": user.address,
                         "city": user.city, "state": user.state},
        }

    @activity.defn(name="purchase.agree_tos3")
    async def agree_tos3(self, user_id: int) -> None:
        async with self._sessions() as db:
            user = await db.get(User, user_id)
            if user is not None and user.tos3_agreed_at is None:
                user.tos3_agreed_at = datetime.now(UTC)
                await db.commit()

    @activity.defn(name="purchase.validate_gift")
    async def validate_gift(self, req: GiftCheck) -> Gift:
        try:
            r = await self._promo.validate(req.code, req.asset_ticker)
        except ProviderRejected as exc:
            return Gift(False, req.code, None, None, exc.message)
        return Gift(bool(r.get("valid")), str(r.get("code") or req.code), r.get("value"), r.get("asset_ticker"),
                    str(r.get("message") or ""))

    @activity.defn(name="purchase.invest")
    async def invest(self, req: InvestRequest) -> InvestOutcome:
        """Redeems the gift code, then writes the investment and its ledger entry once; a refusal undoes the
        redemption and charges nothing."""
        user_ref = f"user-{req.user_id}"
        if req.redeem_code:
            try:
                await self._promo.redeem(req.redeem_code, req.asset_ticker, user_ref, f"{req.key}:redeem")
            except ProviderRejected as exc:
                return InvestOutcome(False, error_type=exc.error_type or "PromoCodeRejected", messages=[exc.message])
        order = store.Order(key=req.key, flow_id=req.flow_id, user_id=req.user_id, asset_id=req.asset_id,
                            shares=req.shares, max_shares=req.max_shares, gift_value=Decimal(req.gift_value),
                            redeem_code=req.redeem_code, envelope_id=req.envelope_id,
                            agreed_at=datetime.fromisoformat(req.agreed_at) if req.agreed_at else None)
        async with self._sessions() as db:
            try:
                inv, _ = await store.buy(db, order)
            except store.PurchaseRefused as exc:
                outcome = InvestOutcome(False, error_type=exc.error_type, messages=exc.messages)
            else:
                asset = await db.get(Asset, req.asset_id)
                assert asset is not None
                outcome = InvestOutcome(True, investment_json(inv, asset),
                                        sold_out=asset.shares_sold >= asset.number_of_shares)
        if not outcome.ok:
            if req.redeem_code:
                await self._promo.release(req.redeem_code, user_ref, f"{req.key}:release")
            return outcome
        await invalidate(self._redis)  # the catalogue shows the new funding at once
        return outcome
