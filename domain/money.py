"""Money is Decimal with 2 places, end to end."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

CENT = Decimal("0.01")


def money(value: Decimal | int | str) -> Decimal:
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


def money_str(value: Decimal | int | str) -> str:
    return str(money(value))


def parse_decimal(value: Any, limit: Decimal = Decimal("1e12")) -> Decimal | None:
    """An exact Decimal from JSON or form text ("$1,000.50", 10.1 through its shortest text); None for anything
    that is not a finite number below `limit` in size."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = Decimal(str(value).replace("$", "").replace(",", "").strip())
    except InvalidOperation:
        return None
    return number if number.is_finite() and abs(number) < limit else None
