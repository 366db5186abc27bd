"""Merchandise order activities (the saga of `merchandise-order-{key}`): charge the investor's cash for the shop's
price, place the shop order, refund when the shop refuses it. Each is idempotent on the order's business key
(the ledger entries `merchandise-order-{key}` and `…:refund`, the shop's Idempotency-Key)."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlmodel import col
from temporalio import activity
from temporalio.exceptions import ApplicationError, ApplicationErrorCategory

from activities.interfaces import merchandise as interface
from activities.interfaces.merchandise import REFUSED, MerchandiseItem, MerchandiseOrderRequest
from clients.http import ProviderRejected
from clients.shop import ShopClient
from domain import ledger as L
from domain.money import money
from store.ledger import InsufficientFunds, lock_user, post
from store.models import MerchandiseOrder
from store.receipts import merchandise_key


def refused(message: str) -> ApplicationError:
    """An expected end of the order (benign: not logged as an activity failure)."""
    return ApplicationError(message, type=REFUSED, non_retryable=True, category=ApplicationErrorCategory.BENIGN)


def ledger_key(key: str) -> str:
    return merchandise_key(key)  # Transaction History finds the charge and its refund by it (store/receipts.py)


class MerchandiseActivities(interface.MerchandiseActivities):
    def __init__(self, sessions: async_sessionmaker[AsyncSession], shop: ShopClient) -> None:
        self._sessions, self._shop = sessions, shop

    async def _total(self, items: list[MerchandiseItem]) -> Decimal:
        """The shop's price of the items, or OrderRefused when one is unknown or out of stock."""
        found = {int(p["id"]): p for p in await self._shop.products([i.product_id for i in items])}
        total = Decimal(0)
        for item in items:
            product = found.get(item.product_id)
            if product is None or int(product.get("inventory", 0)) < item.quantity:
                raise refused("out of stock or unknown product")
            total += Decimal(str(product["price"])) * item.quantity
        return money(total)

    @activity.defn(name="merchandise.charge")
    async def charge(self, req: MerchandiseOrderRequest) -> int:
        """The order row and its debit of the investor's cash, once per key (a retry returns the same order)."""
        async with self._sessions() as db:
            existing = await db.scalar(select(col(MerchandiseOrder.id)).where(col(MerchandiseOrder.idempotency_key) == req.key))
            if existing is not None:
                return int(existing)
        total = await self._total(req.items)
        async with self._sessions() as db:
            await lock_user(db, req.user_id)
            existing = await db.scalar(select(col(MerchandiseOrder.id)).where(col(MerchandiseOrder.idempotency_key) == req.key))
            if existing is not None:
                return int(existing)
            order = MerchandiseOrder(idempotency_key=req.key, user_id=req.user_id, total=total)
            db.add(order)
            await db.flush()
            try:
                await post(db, ledger_key(req.key), "merchandise", L.merchandise(req.user_id, total),
                           memo=f"store order {order.id}")
            except InsufficientFunds:
                await db.rollback()
                raise refused("not enough cash") from None
            await db.commit()
            return order.id

    @activity.defn(name="merchandise.place")
    async def place(self, req: MerchandiseOrderRequest) -> str:
        """Places the order at the shop with the key as its Idempotency-Key (a retry gets the same shop order)."""
        items = [{"product_id": i.product_id, "variant_id": i.variant_id, "quantity": i.quantity} for i in req.items]
        try:
            placed = await self._shop.create_order(f"user-{req.user_id}", items, idempotency_key=ledger_key(req.key))
        except ProviderRejected as exc:
            raise refused(f"the store refused the order: {exc.message}") from None
        provider_order = str(placed.get("order_id") or "")
        async with self._sessions() as db:
            order = await db.scalar(select(MerchandiseOrder).where(col(MerchandiseOrder.idempotency_key) == req.key))
            assert order is not None
            order.status, order.provider_order_id = "confirmed", provider_order
            await db.commit()
        return provider_order

    @activity.defn(name="merchandise.refund")
    async def refund(self, req: MerchandiseOrderRequest) -> None:
        """The compensation: the debit given back (once) and the order marked failed."""
        async with self._sessions() as db:
            await lock_user(db, req.user_id)
            order = await db.scalar(select(MerchandiseOrder).where(col(MerchandiseOrder.idempotency_key) == req.key))
            assert order is not None
            await post(db, f"{ledger_key(req.key)}:refund", "merchandise-refund",
                       L.merchandise_refund(req.user_id, order.total), memo=f"store order {order.id} refused")
            order.status = "failed"
            await db.commit()
