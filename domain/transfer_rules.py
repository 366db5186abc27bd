"""Deposit and withdrawal rules and messages (spec doc 2 §5, doc 3 §4.8, §8); the browser's come from here
through frontend/src/domain/rules.gen.ts."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from domain.money import money, parse_decimal

TRANSFER_LIMIT = Decimal("5000")
LIMIT_MESSAGE = "ONE-TIME TRANSFER CAN NOT EXCEED $5000"
AMOUNT_REQUIRED = "Enter an amount greater than $0"
VERIFY_EMAIL = "In order to fund your account on Vitrine you must verify your email, {email}"
DEPOSIT_HOLD = "Deposits must stay in your account for seven days before they are available for withdraw."
DEPOSIT_PROCESSING = ("For security purposes, deposits must fully process to your cash balance before being withdrawn - "
                      "this may take up to 5 business days. For immediate assistance, contact support below.")
NO_BANK = "You must add or verify your bank account prior to investing"
BLOCKED_STATE = "State Availability Issue: funding is not yet available in your state."
DIRECTIONS = ("deposit", "withdrawal")
EXCEEDS_CASH = "Your withdrawal can not exceed your available cash of {cash}."


def parse_amount(value: Any) -> Decimal | None:
    amount = parse_decimal(value)
    if amount is None or amount != amount.quantize(Decimal("0.01")):
        return None  # not a number, absurdly large, or fractions of a cent
    return money(amount)


def amount_error(amount: Decimal | None) -> str | None:
    if amount is None or amount <= 0:
        return AMOUNT_REQUIRED
    if amount > TRANSFER_LIMIT:
        return LIMIT_MESSAGE
    return None


def withdrawal_error(amount: Decimal, cash: Decimal, held_deposits: Decimal, pending_deposits: Decimal) -> str | None:
    """A withdrawal never exceeds available cash; recent deposits are held, processing ones are not cash yet."""
    available = cash - held_deposits
    if amount <= available:
        return None
    if amount <= cash:
        return DEPOSIT_HOLD
    if amount <= cash + pending_deposits:
        return DEPOSIT_PROCESSING
    return EXCEEDS_CASH.format(cash=f"${max(available, Decimal(0)):,.2f}")
