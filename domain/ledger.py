"""Ledger accounts and the postings of each money movement (pure). Every entry's amounts sum to zero; a user's
accounts never go negative (the store enforces it under a per-user lock)."""

from __future__ import annotations

from decimal import Decimal

Posting = tuple[str, Decimal]

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
