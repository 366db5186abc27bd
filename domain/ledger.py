"""Ledger accounts and the postings of each money movement (pure). Every entry's amounts sum to zero; a user's
accounts never go negative (the store enforces it under a per-user lock)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

Posting = tuple[str, Decimal]
SharePosting = tuple[str, int, int, date | None]  # account, asset id, units, lot date (acquisitions only)

ACH_IN_TRANSIT = "ach:in_transit"
ACH_SETTLED = "ach:settled"


def cash(user_id: int) -> str:
    return f"user:{user_id}:cash"


def pending_deposits(user_id: int) -> str:
    return f"user:{user_id}:pending"


def withdrawing(user_id: int) -> str:
    return f"user:{user_id}:withdrawing"


def investments(user_id: int) -> str:
    return f"user:{user_id}:investments"


def deposit_initiated(user_id: int, amount: Decimal) -> list[Posting]:
    return [(pending_deposits(user_id), amount), (ACH_IN_TRANSIT, -amount)]


def deposit_settled(user_id: int, amount: Decimal) -> list[Posting]:
    return [(pending_deposits(user_id), -amount), (ACH_IN_TRANSIT, amount), (cash(user_id), amount), (ACH_SETTLED, -amount)]


def deposit_failed(user_id: int, amount: Decimal) -> list[Posting]:
    return [(pending_deposits(user_id), -amount), (ACH_IN_TRANSIT, amount)]


def withdrawal_initiated(user_id: int, amount: Decimal) -> list[Posting]:
    return [(cash(user_id), -amount), (withdrawing(user_id), amount)]


def withdrawal_settled(user_id: int, amount: Decimal) -> list[Posting]:
    return [(withdrawing(user_id), -amount), (ACH_SETTLED, amount)]


def withdrawal_failed(user_id: int, amount: Decimal) -> list[Posting]:
    return [(withdrawing(user_id), -amount), (cash(user_id), amount)]


def is_balanced(postings: list[Posting]) -> bool:
    return sum((a for _, a in postings), Decimal(0)) == 0


def shares_balanced(postings: Sequence[SharePosting]) -> bool:
    """Each asset's units sum to zero in the entry."""
    per: dict[int, int] = {}
    for _, asset, units, _ in postings:
        per[asset] = per.get(asset, 0) + units
    return not any(per.values())


PROMO_GIFTS = "promo:gifts"  # what Vitrine pays for gift codes and free shares
STORE_SALES = "store:sales"


def purchase(user_id: int, gross: Decimal, cash_part: Decimal) -> list[Posting]:
    """Shares bought in an offering: their value moves into investments, paid by cash and (the rest) by a gift."""
    postings: list[Posting] = [(investments(user_id), gross), (cash(user_id), -cash_part)]
    if gross != cash_part:
        postings.append((PROMO_GIFTS, cash_part - gross))
    return postings


def merchandise(user_id: int, total: Decimal) -> list[Posting]:
    return [(cash(user_id), -total), (STORE_SALES, total)]


def merchandise_refund(user_id: int, total: Decimal) -> list[Posting]:
    return [(cash(user_id), total), (STORE_SALES, -total)]


# the secondary market: cash and shares held for open orders, sale proceeds not yet available, the ATS's side
CLEARING = "ats:clearing"  # the other side of every trade: nets to zero once both Vitrine investors settled
ISSUER = "asset:issuer"  # where offering shares come from (share postings only)


def held(user_id: int, order_id: str) -> str:
    """Cash a bid holds, or shares an ask holds (in the share postings), for one order."""
    return f"user:{user_id}:hold:{order_id}"


def held_prefix(user_id: int) -> str:
    return f"user:{user_id}:hold:"


def shares(user_id: int) -> str:
    return f"user:{user_id}:shares"


def proceeds(user_id: int) -> str:
    """Cash from sales waiting for the settlement delay before it is available."""
    return f"user:{user_id}:proceeds"


def offering_shares(user_id: int, asset_id: int, units: int, bought_on: date) -> list[SharePosting]:
    """Shares bought in an offering: a lot dated the day of the purchase, from the issuer."""
    return [(ISSUER, asset_id, -units, None), (shares(user_id), asset_id, units, bought_on)]
