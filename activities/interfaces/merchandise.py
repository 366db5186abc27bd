"""The merchandise activities' interface: what a workflow may import (their inputs, outputs and names)."""

from __future__ import annotations

from dataclasses import dataclass, field

from temporalio import activity

REFUSED = "OrderRefused"  # out of stock, unknown product, not enough cash, or the shop said no: not retried


@dataclass
class MerchandiseItem:
    product_id: int
    quantity: int
    variant_id: str | None = None


@dataclass
class MerchandiseOrderRequest:
    user_id: int
    key: str  # the business key: `merchandise-order-{key}` is the workflow id, the ledger key and the shop's key
    items: list[MerchandiseItem] = field(default_factory=list)


class MerchandiseActivities:
    """Stubs with the activities' names and signatures; `activities.merchandise.MerchandiseActivities` implements them."""

    @activity.defn(name="merchandise.charge")
    async def charge(self, req: MerchandiseOrderRequest) -> int:
        raise NotImplementedError

    @activity.defn(name="merchandise.place")
    async def place(self, req: MerchandiseOrderRequest) -> str:
        raise NotImplementedError

    @activity.defn(name="merchandise.refund")
    async def refund(self, req: MerchandiseOrderRequest) -> None:
        raise NotImplementedError
