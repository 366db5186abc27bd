"""What the purchase, gift-code, store and upload calls answer (spec doc 1 §7 "Investments", doc 2 §2.4): models
that document JSON passed on as it is (a workflow's query, the store sandbox's products); every one forbids keys it
does not name, so a test validating a real answer against it fails on an undocumented key."""

from __future__ import annotations

from api.catalogue_schemas import MerchandisingOut
from api.openapi_docs import Documented


class ReservationOut(Documented):
    """The shares held for the caller's running purchase; the asset's store offer while shares are left."""

    available_shares: int
    reserved_shares: int
    expires_at: str | None
    merchandising: MerchandisingOut | None


class InvestmentOut(Documented):
    id: int
    asset_id: int
    shares: int
    price_per_share: str
    amount: str
    gift_value: str
    cash_amount: str
    created: str | None
    ticker: str
    display_name: str
    category: str
    portal_image: str


class InvestmentsOut(Documented):
    items: list[InvestmentOut]


class GiftOut(Documented):
    value: str | None
    redeemCode: str
    assetTicker: str | None


class InventoryInfoOut(Documented):
    enabled: bool
    total: int


class PriceInfoOut(Documented):
    default: str


class VariantOut(Documented):
    id: str
    name: str
    isPrimary: bool


class ProductOut(Documented):
    """A store product: the flat price, inventory and image, and the same in the storefront's shape."""

    id: int
    name: str
    price: str
    inventory: int
    image: str
    inventory_info: InventoryInfoOut
    price_info: PriceInfoOut
    images: list[str]
    variants: list[VariantOut]


class ProductsOut(Documented):
    items: list[ProductOut]


class UploadTicketOut(Documented):
    """Where to PUT the file (within the upload link's lifetime) and the key that names it afterwards."""

    url: str
    file_key: str


class UploadedOut(Documented):
    """The stored file: its key (what the document step is submitted with) and its size in bytes."""

    file_key: str
    size: int
