"""The initial-offering purchase (spec doc 2 §2.5, §5 "Shares", "Gift code", "Agreement"): its steps, skip rules,
validators and numbers. Pure: the make-investment workflow, the api and the tests share this one definition.

Facts the rules read (besides the onboarding's): passport_applied, editing (the investor chose "Edit this info"),
tos3_agreed, esign (the asset has a signing template), needs_cash (cash below cost), max_shares, owned_shares,
free_share, gift (the validated gift code or None)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from domain import onboarding
from domain.flow import Facts, Step
from domain.money import money
from domain.text import clean_text

Errors = dict[str, str]

DEFAULT_SHARES = 5
MIN_SHARES = 1
AGREEMENT_SCROLL = 0.86  # about the end of the document (the spec's 1.16 factor)

SHARES_MIN = "Please choose at least 1 share"
MAXIMUM_REACHED = "Sorry, looks like you've already purchased the maximum number of allowed shares."
NOT_ENOUGH_SHARES = "Not enough shares"
GIFT_REQUIRED = "Please enter a gift code"
GIFT_NOT_WITH_FREE_SHARE = "Gift codes cannot be used with a free share."
TOS3_REQUIRED = "You must agree to the terms to continue."
AGREEMENT_NOT_READ = "Please scroll to the end of the agreement before agreeing."
AGREEMENT_REQUIRED = "Please agree to the subscription agreement."
TERMS_REQUIRED = "Please agree to the terms of service."
VERIFY_BANK = "You must add or verify your bank account prior to investing"
SIGNATURE_FAILED_TITLE = "Unable to purchase the share"
SIGNATURE_FAILED = "There was a problem with the e-signature provider. Please contact support."
IO_NOT_AVAILABLE = "Initial Offering Investments are Not Yet Available in your State"
STATE_TITLE = "State Availability Issue"
FUNDED_TITLE = "Asset Funded"
FUNDED_MESSAGE = "This offering is fully funded."
PURCHASE_ERROR_TITLE = "An error has occurred"
# templates: {n} a share count, {ticker} the asset's ticker
TOO_MANY = "You can buy at most {n} shares"
ONLY_LEFT = "Only {n} shares are left."
FOREIGN_GIFT = 'This promo code is only valid for asset "{ticker}".'
ERROR_TITLES = {"NoFreePromocodesException": "Promo Code Not Valid", "BaseException": NOT_ENOUGH_SHARES}


@dataclass
class Hold:
    """A flow's hold on shares of an asset (what the reservation answered)."""

    ok: bool
    available_shares: int  # what this flow could hold now (its own hold included)
    reserved_shares: int
    expires_at: str


def too_many(n: int) -> str:
    return TOO_MANY.format(n=n)


def only_left(n: int) -> str:
    return ONLY_LEFT.format(n=n)


def foreign_gift(ticker: str) -> str:
    return FOREIGN_GIFT.format(ticker=ticker)


def price_per_share(asset_value: Decimal, number_of_shares: int) -> Decimal:
    return money(asset_value / number_of_shares) if number_of_shares else Decimal("0.00")


def max_shares(asset_max: int | None, limitation: int | None, number_of_shares: int) -> int:
    """The most one investor may hold: the user's per-asset limitation, else the asset's maximum, else all."""
    if limitation is not None:
        return max(0, limitation)
    return max(0, asset_max if asset_max is not None else number_of_shares)


def room(max_allowed: int, owned: int) -> int:
    """How many more shares this investor may buy."""
    return max(0, max_allowed - owned)


def initial_shares(max_allowed: int, owned: int) -> int:
    return max(0, min(DEFAULT_SHARES, room(max_allowed, owned)))


def gross(shares: int, price: Decimal) -> Decimal:
    return money(price * shares)


def cost(shares: int, price: Decimal, gift_value: Decimal) -> Decimal:
    """What the investor pays: shares x price minus the gift, never below zero."""
    return max(Decimal("0.00"), gross(shares, price) - money(gift_value))


def normalize_gift(code: Any) -> str:
    return clean_text(str(code or "")).upper()


def parse_shares(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def shares_errors(v: Mapping[str, Any], f: Facts) -> Errors:
    left = room(int(f.get("max_shares", 0)), int(f.get("owned_shares", 0)))
    if left <= 0:
        return {"shares": MAXIMUM_REACHED}
    errors: Errors = {}
    shares = parse_shares(v.get("shares"))
    if shares is None or shares < MIN_SHARES:
        errors["shares"] = SHARES_MIN
    elif shares > left:
        errors["shares"] = too_many(left)
    if f.get("free_share") and normalize_gift(v.get("giftCode")):
        errors["giftCode"] = GIFT_NOT_WITH_FREE_SHARE
    return errors


def _tos3(v: Mapping[str, Any], _: Facts) -> Errors:
    return {} if v.get("agreedWithTos3") is True else {"agreedWithTos3": TOS3_REQUIRED}


def _agreement(v: Mapping[str, Any], _: Facts) -> Errors:
    if v.get("agreed") is not True:
        return {"agreed": AGREEMENT_REQUIRED}
    ratio = v.get("read_ratio")
    if isinstance(ratio, bool) or not isinstance(ratio, int | float) or ratio < AGREEMENT_SCROLL:
        return {"agreed": AGREEMENT_NOT_READ}
    return {}


def _terms(v: Mapping[str, Any], _: Facts) -> Errors:
    return {} if v.get("agreeTerms") is True else {"agreeTerms": TERMS_REQUIRED}


SIGNING_EVENTS = ("OK", "cancel", "decline", "error")  # what the e-signature page reports back


def _signature_event(v: Mapping[str, Any], _: Facts) -> Errors:
    return {} if v.get("event") in SIGNING_EVENTS else {"event": "Unknown signing event"}


def _editable(step: Step) -> Step:
    """An onboarding step as a purchase step: it applies as in onboarding, or to everyone editing their info."""
    def applies(f: Facts) -> bool:
        return step.applies({**f, "passport_applied": bool(f.get("passport_applied")) and not f.get("editing")})
    return replace(step, applies=applies)


# the onboarding's profile and bank steps the purchase reuses (not its intro, state notice or funding hand-over)
PROFILE_STEP_IDS = ("name-phone-info", "date-of-birth", "home-address", "ssn", "accreditation-status",
                    "employment-status", "employer-information", "employment-details", "risk-profile", "finra-or-sec",
                    "organization-name", "is-shareholder", "company-ticker", "connect-bank", "bank-account-type",
                    "bank-info", "confirmation")
_PROFILE = tuple(_editable(s) for s in onboarding.STEPS if s.id in PROFILE_STEP_IDS)

STEPS: tuple[Step, ...] = (
    Step("dwolla-tos", lambda f: bool(f.get("passport_applied")) and not f.get("tos3_agreed"), _tos3,
         ("agreedWithTos3",)),
    Step("intro"),
    Step("select-shares", validate=shares_errors, fields=("shares", "giftCode")),
    *_PROFILE,
    Step("investing-passport", fields=("edit",)),
    Step("not-enough-cash", lambda f: bool(f.get("needs_cash"))),
    Step("docusign", lambda f: bool(f.get("esign")), _signature_event, ("event",)),
    Step("subscription-agreement", lambda f: not f.get("esign"), _agreement, ("agreed", "read_ratio")),
    Step("confirm-purchase", validate=_terms, fields=("agreeTerms",)),
    Step("success"),
    Step("congrats"),
)
STEP_IDS = tuple(s.id for s in STEPS)


def agreement_document(*, ticker: str, display_name: str, shares: int, total: Decimal, date: str,
                       investor: Mapping[str, str]) -> dict[str, Any]:
    """The subscription agreement filled with the investment and the investor (spec doc 2 §7 hosted template)."""
    name = f"{investor.get('first_name', '')} {investor.get('last_name', '')}".strip() or "The Investor"
    address = ", ".join(p for p in (investor.get("address", ""), investor.get("city", ""), investor.get("state", "")) if p)
    paragraphs = [
        f"This Subscription Agreement is entered into on {date} between {name}"
        + (f" of {address}" if address else "") + f" (the \"Investor\") and the Series issuing {ticker} (the \"Company\").",
        f"1. Subscription. The Investor subscribes for {shares} share{'s' if shares != 1 else ''} of {ticker} "
        f"({display_name}) for a total purchase price of ${total}.",
        "2. Acceptance. The subscription is irrevocable by the Investor and becomes binding when the Company accepts it "
        "and the purchase price has been received from the Investor's Vitrine cash balance.",
        "3. Representations. The Investor confirms that the information given in the investing passport is true and "
        "complete, that they have read the offering circular, and that the investment does not exceed the limits that "
        "apply to them as a non-accredited investor (10% of the greater of annual income or net worth), if applicable.",
        "4. Risks. Shares in a collectible asset are speculative, illiquid and may lose all of their value. There is no "
        "guarantee that a secondary market will exist; trading windows open at the Company's discretion.",
        "5. Custody and insurance. The asset is held, stored and insured by the Company's custodian on behalf of the "
        "Series; the Investor has no right to possess or use the asset.",
        "6. Governing law. This agreement is governed by the laws of the State of Delaware.",
        f"Signed electronically by {name} on {date} by checking \"I agree\" below.",
    ]
    return {"title": f"Subscription Agreement — {ticker}", "paragraphs": paragraphs}
