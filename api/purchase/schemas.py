"""What the purchase, gift-code, store and upload calls answer (spec doc 1 §7 "Investments", doc 2 §2.4): models
that document JSON passed on as it is (a workflow's query, the store sandbox's products); every one forbids keys it
does not name, so a test validating a real answer against it fails on an undocumented key."""

from __future__ import annotations

from api.catalogue.schemas import MerchandisingOut
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


class HoldingOut(Documented):
    """One financial instrument's group (spec doc 3 §3 Investment's per-instrument display, §4.11), money as text
    with 2 places: shares = bought - sold; averageCost of the shares still held; totalCost their cost basis;
    currentTotal = shares x currentPricePerShare (the last trade, else the offering price); gainLoss = currentTotal -
    totalCost and gainLossPercent of totalCost (null when it is 0); lastInvestmentDate the group's last activity."""

    asset_id: int
    ticker: str
    display_name: str
    category: str
    portal_image: str
    financialInstrumentId: str
    type: str  # active | exited
    shares: int
    sharesBought: int
    sharesSold: int
    boughtTotal: str
    soldTotal: str
    averageCost: str
    totalCost: str
    currentPricePerShare: str
    currentTotal: str
    gainLoss: str
    gainLossPercent: str | None
    lastInvestmentDate: str | None


class InvestmentsOut(Documented):
    """`items`: the offering purchases, newest first; `holdings`: the active groups per financial instrument (shares
    above 0), newest activity first; `exited`: the exited assets' groups, apart."""

    items: list[InvestmentOut]
    holdings: list[HoldingOut]
    exited: list[HoldingOut]


class GainLossOut(Documented):
    """The all-time gain/loss (spec doc 3 §3): what every share bought became (the current value of those held plus
    the proceeds of those sold) minus what they cost, in dollars, and as a percentage of that cost (null before any
    purchase)."""

    allTimeAmount: str
    allTimePercentage: str | None


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
